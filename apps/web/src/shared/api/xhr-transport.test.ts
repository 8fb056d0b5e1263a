import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhrTransport } from './xhr-transport';

/** Just enough of XMLHttpRequest: it reports half, then all of the body sent, and answers 201. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {
    this.onabort?.();
  }
  send() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = 201;
    this.responseText = '{"message":"Success","data":{"id":1}}';
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('xhrTransport', () => {
  it('sends with the headers and reports the share of the body sent, then answers as fetch would', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const res = await xhrTransport((p) => progress.push(p))('/api/x', { method: 'POST', headers: { 'Idempotency-Key': 'k1' }, body: new FormData() });
    expect(FakeXhr.last.method).toBe('POST');
    expect(FakeXhr.last.headers['idempotency-key']).toBe('k1');
    expect(progress).toEqual([0.5, 1]);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ message: 'Success', data: { id: 1 } });
  });

  it('fails like fetch on a network error', async () => {
    class Broken extends FakeXhr {
      override send() {
        this.onerror?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', Broken);
    await expect(xhrTransport(() => {})('/api/x', { method: 'POST' })).rejects.toBeInstanceOf(TypeError);
  });
});
