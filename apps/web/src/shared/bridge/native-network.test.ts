import { describe, expect, it, vi } from 'vitest';
import { deviceOnline, followNativeNetwork, NATIVE_NETWORK_EVENT } from './native-network';

describe('the connection as the native host sees it', () => {
  it('follows the host when it reports, and raises the browser events every listener hears', () => {
    window.GeraiNativeInfo = { online: true };
    followNativeNetwork();
    const heard = vi.fn();
    window.addEventListener('offline', heard);
    window.addEventListener('online', heard);

    // The webview still says online; the host knows better.
    window.dispatchEvent(new CustomEvent(NATIVE_NETWORK_EVENT, { detail: { online: false } }));
    expect(deviceOnline()).toBe(false);
    expect(heard).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'offline' }));

    window.dispatchEvent(new CustomEvent(NATIVE_NETWORK_EVENT, { detail: { online: true } }));
    expect(deviceOnline()).toBe(true);
    expect(heard).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'online' }));
    expect(heard).toHaveBeenCalledTimes(2);
    delete window.GeraiNativeInfo;
  });
});
