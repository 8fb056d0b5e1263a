import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker';

type IdleCallback = () => void;

function fakeWindow(readyState: DocumentReadyState, register = vi.fn(() => Promise.resolve({}))) {
  const target = new EventTarget();
  const win = Object.assign(target, { navigator: { serviceWorker: { register } }, document: { readyState } });
  return { win: win as unknown as Window, register, load: () => target.dispatchEvent(new Event('load')) };
}

describe('registerServiceWorker', () => {
  const idle: IdleCallback[] = [];
  afterEach(() => {
    idle.length = 0;
    vi.unstubAllGlobals();
  });
  const stubIdle = () =>
    vi.stubGlobal('requestIdleCallback', (fn: IdleCallback, opts: { timeout: number }) => {
      expect(opts.timeout).toBeLessThanOrEqual(3000);
      idle.push(fn);
      return idle.length;
    });

  it('waits for the page to load, then for an idle moment, before it registers', () => {
    stubIdle();
    const { win, register, load } = fakeWindow('loading');
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    load();
    expect(register).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(register).toHaveBeenCalledExactlyOnceWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('registers when idle at once if the page has already loaded, and a refusal is no error', async () => {
    stubIdle();
    const refused = vi.fn(() => Promise.reject(new Error('SecurityError')));
    const { win } = fakeWindow('complete', refused);
    registerServiceWorker(win);
    idle[0]!();
    expect(refused).toHaveBeenCalledOnce();
    await Promise.resolve();
  });

  it('does nothing where service workers are missing', () => {
    const win = Object.assign(new EventTarget(), { navigator: {}, document: { readyState: 'complete' } }) as unknown as Window;
    expect(() => registerServiceWorker(win)).not.toThrow();
  });
});
