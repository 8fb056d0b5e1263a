import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ERROR_MODAL, REQUEST_ID_HEADER } from '@gerai/contract';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { ApiError } from './api-error';
import { api, resetClientStateForTests } from './client';
import { session, setSessionExpiredHandler } from './session';

const tokenPair = { token: 'a', tokenExp: 2_000_000_000, refreshToken: 'r', refreshTokenExp: 2_000_100_000 };
const onExpired = vi.fn();

beforeEach(() => {
  resetClientStateForTests();
  session.clear();
  onExpired.mockReset();
  setSessionExpiredHandler(onExpired);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(null);
});

describe('api client: envelope and errors', () => {
  it('unwraps { message: "Success", data } and sends the CSRF header, same-origin credentials and /api base', async () => {
    const server = mockFetch().on('GET', '/api/members/me', ok({ nik: '1' }));
    await expect(api.get('/members/me')).resolves.toEqual({ nik: '1' });
    const call = server.calls[0]!;
    expect(call.url).toBe('/api/members/me');
    expect(call.headers.get('X-Requested-With')).toBe('gerai');
    expect(server.fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('turns { message, code, details } replies into a typed ApiError with the server message', async () => {
    mockFetch().on('GET', '/api/stores', fail(400, 'VALIDATION_FAILED', 'Data yang dikirim tidak valid.', [{ path: 'query.size', message: 'Terlalu besar' }]));
    const error = await api.get('/stores').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Data yang dikirim tidak valid.', details: [{ path: 'query.size', message: 'Terlalu besar' }] });
  });

  it("keeps the reply's X-Request-Id on the error, for a support person to be told", async () => {
    mockFetch()
      .on('GET', '/api/stores', { ...fail(500, 'INTERNAL', 'Terjadi kesalahan.'), headers: { [REQUEST_ID_HEADER]: 'lb-7f3a.0001' } })
      .on('GET', '/api/orders/count', fail(404, 'NOT_FOUND', 'Tidak ditemukan.'));
    await expect(api.get('/stores')).rejects.toMatchObject({ status: 500, code: 'INTERNAL', requestId: 'lb-7f3a.0001' });
    await expect(api.get('/orders/count')).rejects.toMatchObject({ status: 404, requestId: null });
  });

  it('keeps the data an error reply carries (POD outside the radius: distance and direction)', async () => {
    const data = { status: false, distanceM: 347.7, radiusM: 150 };
    mockFetch().on('POST', '/api/pod/scan-go', { status: 422, body: { message: 'koordinat lokasi POD tidak sesuai', code: 'POD_OUTSIDE_AREA', details: [], data } });
    await expect(api.post('/pod/scan-go', {})).rejects.toMatchObject({ status: 422, code: 'POD_OUTSIDE_AREA', data });
  });

  it('treats a 200 whose message is not "Success" as a failure (spec §7)', async () => {
    mockFetch().on('GET', '/api/orders/count', { status: 200, body: { message: 'Gagal', data: null } });
    await expect(api.get('/orders/count')).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE', message: 'Gagal' });
  });

  it('maps a network failure to ApiError code NETWORK', async () => {
    mockFetch().on('GET', '/api/members/me', 'network-error');
    await expect(api.get('/members/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('maps a non-JSON gateway page to the default error text', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/members/me')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: DEFAULT_ERROR_MODAL.message });
  });

  it('drops empty query values', async () => {
    const server = mockFetch().on('GET', '/api/stores', ok({ items: [] }));
    await api.get('/stores', { query: { query: '', page: 1, size: 20, x: undefined } });
    expect(server.calls[0]!.url).toBe('/api/stores?page=1&size=20');
  });
});

describe('api client: refresh once on 401 and retry', () => {
  it('refreshes the token once and retries the request', async () => {
    const server = mockFetch()
      .on('POST', '/api/auth/refresh', ok(tokenPair))
      .on('GET', '/api/members/me', (_c, n) => (n === 1 ? fail(401, 'TOKEN_INVALID', 'Token tidak valid.') : ok({ nik: '1' })));
    await expect(api.get('/members/me')).resolves.toEqual({ nik: '1' });
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('/api/members/me')).toHaveLength(2);
    expect(server.callsTo('/api/auth/refresh')[0]!.body).toEqual({});
    expect(session.tokenExp()).toBe(tokenPair.tokenExp);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (single flight)', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const server = mockFetch()
      .on('POST', '/api/auth/refresh', async () => {
        await refreshGate;
        return ok(tokenPair);
      })
      .on('GET', '/api/members/me', (_c, n) => (n === 1 ? fail(401, 'TOKEN_INVALID', 'x') : ok('me')))
      .on('GET', '/api/orders/count', (_c, n) => (n === 1 ? fail(401, 'TOKEN_INVALID', 'x') : ok('count')))
      .on('GET', '/api/stores', (_c, n) => (n === 1 ? fail(401, 'TOKEN_INVALID', 'x') : ok('stores')));

    const all = Promise.all([api.get('/members/me'), api.get('/orders/count'), api.get('/stores')]);
    await vi.waitFor(() => expect(server.callsTo('/api/auth/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(all).resolves.toEqual(['me', 'count', 'stores']);
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh again for a 401 to a request sent before the refresh finished', async () => {
    let releaseLate!: () => void;
    const late = new Promise<void>((resolve) => (releaseLate = resolve));
    const server = mockFetch()
      .on('POST', '/api/auth/refresh', ok(tokenPair))
      .on('GET', '/api/members/me', (_c, n) => (n === 1 ? fail(401, 'TOKEN_INVALID', 'x') : ok('me')))
      .on('GET', '/api/orders/count', async (_c, n) => {
        if (n === 1) {
          await late; // answers 401 only after the other request's refresh completed
          return fail(401, 'TOKEN_INVALID', 'x');
        }
        return ok('count');
      });
    const slow = api.get('/orders/count');
    await expect(api.get('/members/me')).resolves.toBe('me');
    releaseLate();
    await expect(slow).resolves.toBe('count');
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh is refused: clears the session, calls the expiry handler, throws 401', async () => {
    session.setTokenExp(2_000_000_000);
    const server = mockFetch()
      .on('POST', '/api/auth/refresh', fail(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir.'))
      .on('GET', '/api/members/me', fail(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir.'));
    await expect(api.get('/members/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(session.tokenExp()).toBeNull();
    expect(server.callsTo('/api/members/me')).toHaveLength(1);
  });

  it('does not log out when the refresh itself hits a network failure', async () => {
    mockFetch()
      .on('POST', '/api/auth/refresh', 'network-error')
      .on('GET', '/api/members/me', fail(401, 'TOKEN_INVALID', 'x'));
    await expect(api.get('/members/me')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('never refreshes for a wrong password on login', async () => {
    const server = mockFetch().on('POST', '/api/auth/login', fail(401, 'INVALID_CREDENTIALS', 'NIK atau kata sandi salah.'));
    await expect(api.post('/auth/login', { nik: '10000001', password: 'x' })).rejects.toMatchObject({ message: 'NIK atau kata sandi salah.' });
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(0);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('refreshes proactively when the access token is about to expire', async () => {
    session.setTokenExp(Math.floor(Date.now() / 1000) + 10);
    const server = mockFetch().on('POST', '/api/auth/refresh', ok(tokenPair)).on('GET', '/api/members/me', ok('me'));
    await api.get('/members/me');
    expect(server.calls.map((c) => c.path)).toEqual(['/api/auth/refresh', '/api/members/me']);
  });

  it('uses the server clock (Date header) for the expiry check', () => {
    const serverNow = Date.now() + 3600_000; // the phone's clock is one hour behind
    session.setTokenExp(Math.floor(serverNow / 1000) + 30, new Date(serverNow).toUTCString());
    expect(session.expiresSoon(60)).toBe(true);
    expect(session.expiresSoon(5)).toBe(false);
  });
});

describe('api client: Idempotency-Key', () => {
  it('puts a key on POST, PUT and DELETE, none on GET', async () => {
    const server = mockFetch()
      .on('POST', '/api/things', ok(null))
      .on('PUT', '/api/things', ok(null))
      .on('DELETE', '/api/things', ok(null))
      .on('GET', '/api/things', ok(null));
    await api.post('/things', { a: 1 });
    await api.put('/things', { a: 1 });
    await api.delete('/things');
    await api.get('/things');
    const keys = server.calls.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).toBeNull();
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
  });

  it('uses the caller key and keeps it for the retry after a 401 refresh', async () => {
    const server = mockFetch()
      .on('POST', '/api/auth/refresh', ok(tokenPair))
      .on('POST', '/api/members/me/store', (_c, n) => (n === 1 ? fail(401, 'TOKEN_INVALID', 'x') : ok({ nik: '1' })));
    await api.post('/members/me/store', { storeCode: 'T001' }, { idempotencyKey: 'key-12345678' });
    const sent = server.callsTo('/api/members/me/store').map((c) => c.headers.get('Idempotency-Key'));
    expect(sent).toEqual(['key-12345678', 'key-12345678']);
    expect(server.callsTo('/api/members/me/store')[0]!.body).toEqual({ storeCode: 'T001' });
  });

  it('sends no key on the token endpoints (a replay would drop Set-Cookie)', async () => {
    const server = mockFetch()
      .on('POST', '/api/auth/login', ok({ ...tokenPair, member: {} }))
      .on('POST', '/api/auth/refresh', ok(tokenPair));
    await api.post('/auth/login', { nik: '10000001', password: 'gerai123' });
    expect(server.calls[0]!.headers.get('Idempotency-Key')).toBeNull();
    expect(session.tokenExp()).toBe(tokenPair.tokenExp);
  });
});
