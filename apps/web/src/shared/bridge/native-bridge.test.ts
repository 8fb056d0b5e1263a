import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectHost, getLocation, getNativeAppVersion, LocationError, printWithNative, scanWithNative } from './native-bridge';

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

describe('printing through the host', () => {
  const job = { kind: 'packing-slip', title: 'Slip pengemasan SHP2511220000001', paper: { widthMm: 105, heightMm: 148 } };

  it('is not there in a plain browser', async () => {
    await expect(printWithNative(job)).resolves.toBe(false);
  });

  it('hands an injected host the job as JSON text and takes its true (or "true") as printed', async () => {
    const print = vi.fn((_job: string) => 'true');
    window.GeraiNative = { print };
    await expect(printWithNative(job)).resolves.toBe(true);
    expect(JSON.parse(print.mock.calls[0]![0])).toEqual(job);
  });

  it('asks a React Native host with a print request', async () => {
    const sent: Array<{ action: string; payload: string }> = [];
    window.ReactNativeWebView = {
      postMessage: (raw: string) => {
        const req = JSON.parse(raw) as { id: string; action: string; payload: string };
        sent.push(req);
        setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ source: 'gerai-native', id: req.id, ok: true, data: true }) })), 0);
      },
    };
    await expect(printWithNative(job)).resolves.toBe(true);
    expect(sent[0]!.action).toBe('print');
    expect(JSON.parse(sent[0]!.payload)).toEqual(job);
  });

  it('says no when the host lacks print, declines, fails or does not answer in time', async () => {
    window.GeraiNative = { getAppVersion: () => '2.0.0' };
    await expect(printWithNative(job)).resolves.toBe(false);
    window.GeraiNative = { print: () => false };
    await expect(printWithNative(job)).resolves.toBe(false);
    window.GeraiNative = { print: () => Promise.reject(new Error('no printer')) };
    await expect(printWithNative(job)).resolves.toBe(false);
    window.GeraiNative = { print: () => new Promise(() => {}) };
    await expect(printWithNative(job, 20)).resolves.toBe(false);
  });
});

describe('the host’s push token', () => {
  it('is not there in a plain browser', async () => {
    const { getNativePushToken } = await import('./native-bridge');
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'unsupported' });
  });

  it('comes from an injected host as text or JSON { token }', async () => {
    const { getNativePushToken } = await import('./native-bridge');
    window.GeraiNative = { getPushToken: () => 'fcm-token-1' };
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'token', token: 'fcm-token-1' });
    window.GeraiNative = { getPushToken: () => JSON.stringify({ token: 'fcm-token-2' }) };
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'token', token: 'fcm-token-2' });
  });

  it('is none when the host has no token (notifications off for the app), unsupported when the host lacks the call', async () => {
    const { getNativePushToken } = await import('./native-bridge');
    window.GeraiNative = { getPushToken: () => '' };
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'none' });
    window.GeraiNative = {};
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'unsupported' });
  });

  it('is asked of a Flutter host by handler and of a React Native host by message', async () => {
    const { getNativePushToken } = await import('./native-bridge');
    const callHandler = vi.fn(async () => ({ token: 'fcm-flutter' }));
    window.flutter_inappwebview = { callHandler };
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'token', token: 'fcm-flutter' });
    expect(callHandler).toHaveBeenCalledWith('getPushToken', null);
    delete window.flutter_inappwebview;

    window.ReactNativeWebView = {
      postMessage: (raw: string) => {
        const req = JSON.parse(raw) as { id: string; action: string };
        expect(req.action).toBe('getPushToken');
        setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ source: 'gerai-native', id: req.id, ok: true, data: { token: 'fcm-rn' } }) })), 0);
      },
    };
    await expect(getNativePushToken()).resolves.toEqual({ kind: 'token', token: 'fcm-rn' });
  });
});
