import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireLocation, capturedAtOf } from './location';

afterEach(() => {
  delete window.GeraiNative;
  vi.unstubAllGlobals();
});

function stubGeolocation(impl: Geolocation['getCurrentPosition']) {
  const getCurrentPosition = vi.fn(impl);
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}
const position = (latitude: number, longitude: number, accuracy: number) => ({ coords: { latitude, longitude, accuracy } }) as GeolocationPosition;
/** The accuracy the server accepts (app-config serves it). */
const served = { maxAccuracyM: 100 };
const failWith = (code: number) => (_ok: PositionCallback, err?: PositionErrorCallback | null) => err?.({ code, message: 'x' } as GeolocationPositionError);

describe('taking the crew position for POD', () => {
  it('returns a fix with its accuracy, asking the browser for high accuracy', async () => {
    const get = stubGeolocation((ok) => ok(position(-6.2529, 106.8217, 12)));
    await expect(acquireLocation({ ...served, now: () => 1000 })).resolves.toEqual({ ok: true, fix: { lat: -6.2529, long: 106.8217, accuracy: 12, at: 1000 } });
    expect(get.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true, maximumAge: 15_000 });
  });

  it('asks for a fresh fix on a retry', async () => {
    const get = stubGeolocation((ok) => ok(position(-6.2, 106.8, 5)));
    await acquireLocation({ ...served, fresh: true });
    expect(get.mock.calls[0]![2]).toMatchObject({ maximumAge: 0 });
  });

  it.each([
    [1, 'DENIED', 'Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.'],
    [2, 'UNAVAILABLE', 'Lokasi tidak dapat ditentukan.'],
    [3, 'TIMEOUT', 'Waktu menentukan lokasi habis. Coba lagi di tempat terbuka.'],
  ])('geolocation error %i → %s with an Indonesian message', async (code, reason, message) => {
    stubGeolocation(failWith(code));
    await expect(acquireLocation(served)).resolves.toEqual({ ok: false, reason, message, accuracy: null });
  });

  it('says so when the device has no geolocation', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    await expect(acquireLocation(served)).resolves.toMatchObject({ ok: false, reason: 'UNSUPPORTED', message: 'Perangkat ini tidak mendukung lokasi.' });
  });

  it('says so when the page is not served over HTTPS', async () => {
    stubGeolocation((ok) => ok(position(-6.2, 106.8, 5)));
    vi.stubGlobal('isSecureContext', false);
    await expect(acquireLocation(served)).resolves.toMatchObject({ ok: false, reason: 'INSECURE', message: 'Lokasi hanya bisa dipakai lewat koneksi aman (HTTPS).' });
  });

  it('refuses a fix too poor for the server, saying how poor and what to do', async () => {
    stubGeolocation((ok) => ok(position(-6.2, 106.8, 250.4)));
    await expect(acquireLocation({ maxAccuracyM: 100 })).resolves.toEqual({
      ok: false,
      reason: 'TOO_POOR',
      accuracy: 250.4,
      message: 'Akurasi lokasi terlalu rendah (±250 m; paling besar 100 m). Aktifkan GPS, pindah ke tempat terbuka, lalu coba lagi.',
    });
  });

  it('refuses a native fix without accuracy (the server needs it)', async () => {
    window.GeraiNative = { getLocation: () => ({ latitude: -6.25, longitude: 106.81 }) };
    await expect(acquireLocation(served)).resolves.toMatchObject({ ok: false, reason: 'NO_ACCURACY' });
  });

  it('uses the native host fix when it has accuracy', async () => {
    window.GeraiNative = { getLocation: () => JSON.stringify({ lat: -6.25, lng: 106.81, accuracy: 8 }) };
    await expect(acquireLocation({ ...served, now: () => 5 })).resolves.toEqual({ ok: true, fix: { lat: -6.25, long: 106.81, accuracy: 8, at: 5 } });
  });
});

describe('the capture time a POD carries', () => {
  it('is the moment the fix was taken, as an ISO timestamp in UTC', () => {
    expect(capturedAtOf({ at: Date.UTC(2026, 10, 22, 3, 15, 30, 120) })).toBe('2026-11-22T03:15:30.120Z');
  });
});
