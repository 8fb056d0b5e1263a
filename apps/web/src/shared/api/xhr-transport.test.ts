import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { xhrTransport } from './xhr-transport';

/** Reports half, then all of the body sent, and answers 201. */
class AnsweringXhr extends FakeXhr {
  static last: AnsweringXhr;
  constructor() {
    super();
    AnsweringXhr.last = this;
  }
  override send() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.answer(201, { message: 'Success', data: { id: 1 } });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('xhrTransport', () => {
  it('sends with the headers and reports the share of the body sent, then answers as fetch would', async () => {
    vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
    const progress: number[] = [];
    const res = await xhrTransport((p) => progress.push(p))('/api/x', { method: 'POST', headers: { 'Idempotency-Key': 'k1' }, body: new FormData() });
    expect(AnsweringXhr.last.method).toBe('POST');
    expect(AnsweringXhr.last.headers['idempotency-key']).toBe('k1');
    expect(progress).toEqual([0.5, 1]);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ message: 'Success', data: { id: 1 } });
  });

  it('fails like fetch on a network error', async () => {
    class Broken extends AnsweringXhr {
      override send() {
        this.onerror?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', Broken);
    await expect(xhrTransport(() => {})('/api/x', { method: 'POST' })).rejects.toBeInstanceOf(TypeError);
  });
});
