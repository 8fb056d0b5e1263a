import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectHost, getLocation, getNativeAppVersion, LocationError, scanWithNative } from './native-bridge';

afterEach(() => {
  delete window.GeraiNative;
  delete window.GeraiNativeInfo;
  delete window.ReactNativeWebView;
  delete window.flutter_inappwebview;
  vi.unstubAllGlobals();
});

function stubGeolocation(impl: Geolocation['getCurrentPosition']) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: impl } });
}

describe('native bridge', () => {
  it('has no host in a plain browser: no native version, no native scanner', async () => {
    expect(detectHost()).toBeNull();
    await expect(getNativeAppVersion()).resolves.toBeNull();
    await expect(scanWithNative()).resolves.toBeNull();
  });

  it('falls back to navigator.geolocation', async () => {
    stubGeolocation((ok) => ok({ coords: { latitude: -6.2, longitude: 106.8, accuracy: 12 } } as GeolocationPosition));
    await expect(getLocation()).resolves.toEqual({ lat: -6.2, long: 106.8, accuracy: 12 });
  });

  it('reports a refused location permission in Indonesian', async () => {
    stubGeolocation((_ok, err) => err?.({ code: 1, message: 'denied' } as GeolocationPositionError));
    const error = await getLocation().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocationError);
    expect(error).toMatchObject({ code: 'DENIED', message: 'Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.' });
  });

  it('reads the version from an injected GeraiNative object', async () => {
    window.GeraiNative = { getAppVersion: () => '2.3.1' };
    expect(detectHost()).toBe('gerai');
    await expect(getNativeAppVersion()).resolves.toBe('2.3.1');
  });

  it('uses the host location before the webview one (flutter_inappwebview)', async () => {
    const callHandler = vi.fn(async (name: string) => (name === 'getLocation' ? { latitude: -6.25, longitude: 106.81 } : null));
    window.flutter_inappwebview = { callHandler };
    await expect(getLocation()).resolves.toEqual({ lat: -6.25, long: 106.81, accuracy: null });
    expect(callHandler).toHaveBeenCalledWith('getLocation', null);
  });

  it('talks to a React Native host with request/response messages', async () => {
    window.ReactNativeWebView = {
      postMessage: (raw: string) => {
        const req = JSON.parse(raw) as { id: string; action: string };
        setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ source: 'gerai-native', id: req.id, ok: true, data: '8991002101234' }) })), 0);
      },
    };
    await expect(scanWithNative()).resolves.toBe('8991002101234');
  });
});

describe('pending actions for the host', () => {
  it('tells an injected host how many crew actions wait', async () => {
    const setPendingActions = vi.fn();
    window.GeraiNative = { setPendingActions };
    const { notifyNativePending } = await import('./native-bridge');
    notifyNativePending(3);
    await vi.waitFor(() => expect(setPendingActions).toHaveBeenCalledWith(3));
    delete window.GeraiNative;
  });
});
