import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const login = (nik: string, password = DEMO_PASSWORD, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password }, remoteAddress });

describe('login', () => {
  it('signs in by NIK and password, sets HttpOnly cookies and returns the spec token fields', async () => {
    const res = await login('10000001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Success');
    expect(body.data).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String) });
    expect(body.data.tokenExp).toBeGreaterThan(Date.now() / 1000);
    expect(body.data.refreshTokenExp).toBeGreaterThan(body.data.tokenExp);
    expect(body.data.member).toMatchObject({ nik: '10000001', roleID: 1, storeName: 'Kemang Raya' });
    const at = res.cookies.find((c) => c.name === 'at');
    const rt = res.cookies.find((c) => c.name === 'rt');
    expect(at?.httpOnly).toBe(true);
    expect(rt?.httpOnly).toBe(true);
    expect(at?.sameSite).toBe('Lax');
  });

  it('refuses a wrong password with the Indonesian message and no cookies', async () => {
    const res = await login('10000001', 'salah-sandi', '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: ERROR_MESSAGES.INVALID_CREDENTIALS });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers an unknown NIK exactly like a wrong password', async () => {
    const res = await login('19999999', DEMO_PASSWORD, '10.0.0.3');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('names the bad fields with 400 for malformed input', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik: 'abc', extra: 1 }, remoteAddress: '10.0.0.4' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe(ERROR_MESSAGES.VALIDATION_FAILED);
    const paths = body.details.map((d: { path: string }) => d.path).join(' ');
    expect(paths).toContain('nik');
    expect(paths).toContain('password');
  });

  it('answers malformed JSON with 400 in Indonesian', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"nik": ',
      remoteAddress: '10.0.0.5',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'MALFORMED_JSON', message: ERROR_MESSAGES.MALFORMED_JSON });
  });

  it('rate-limits repeated attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ctx.config.LOGIN_RATE_LIMIT + 1; i++) statuses.push((await login('10000001', 'salah', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const blocked = await login('10000001', DEMO_PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
  });
});

describe('the login rate limit behind proxies', () => {
  const attempts = async (app: FastifyInstance, remoteAddress: string, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < ctx.config.LOGIN_RATE_LIMIT + 2; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik: '10000001', password: 'salah' }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor(i) } });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For unless a proxy is configured: a new forged address per attempt is still one address', async () => {
    expect(ctx.config.TRUST_PROXY).toBe(false);
    const statuses = await attempts(ctx.app, '10.7.7.7', (i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, ctx.config.LOGIN_RATE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ctx.config.LOGIN_RATE_LIMIT)).toEqual([429, 429]);
  });

  it('with TRUST_PROXY naming the proxy, limits each client behind it, and not the proxy as a whole', async () => {
    const app = await buildApp({ config: { ...ctx.config, TRUST_PROXY: ['10.8.0.0/16'] }, handle: ctx.handle, logger: false });
    try {
      // Through the trusted proxy: each client address is its own bucket, and one client is limited.
      const spread = await attempts(app, '10.8.0.1', (i) => `198.51.100.${i + 1}`);
      expect(spread.every((s) => s === 401)).toBe(true);
      const one = await attempts(app, '10.8.0.1', () => '198.51.100.200');
      expect(one.slice(ctx.config.LOGIN_RATE_LIMIT)).toEqual([429, 429]);
      // A caller that is not the proxy cannot pick its address with the header.
      const direct = await attempts(app, '192.0.2.9', (i) => `198.51.100.${100 + i}`);
      expect(direct.slice(ctx.config.LOGIN_RATE_LIMIT)).toEqual([429, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token and accepts the new access token', async () => {
    const first = (await login('10000001', DEMO_PASSWORD, '10.0.1.1')).json().data;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'x-requested-with': 'gerai' },
      cookies: { rt: first.refreshToken },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refreshToken).not.toBe(first.refreshToken);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization: `Bearer ${next.token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const first = (await login('10000001', DEMO_PASSWORD, '10.0.1.2')).json().data;
    const rotate = (refreshToken: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const second = (await rotate(first.refreshToken)).json().data;
    const reuse = await rotate(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('REFRESH_TOKEN_REUSED');
    // The legitimate successor is revoked too: the thief and the owner both sign in again.
    const afterTheft = await rotate(second.refreshToken);
    expect(afterTheft.statusCode).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookies', async () => {
    const first = (await login('10000001', DEMO_PASSWORD, '10.0.1.3')).json().data;
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${first.token}` },
      payload: { refreshToken: first.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'at')?.value).toBe('');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: first.refreshToken } });
    expect(again.statusCode).toBe(401);
  });

  it('rejects a forged refresh token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: '00000000-0000-0000-0000-000000000000.forged' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });
});

describe('access tokens', () => {
  it('accepts Authorization: Bearer and the at cookie', async () => {
    const { token } = await ctx.loginAs('10000001');
    const bearer = await ctx.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization: `Bearer ${token}` } });
    const cookie = await ctx.app.inject({ method: 'GET', url: '/api/members/me', cookies: { at: token } });
    expect(bearer.json().data.nik).toBe('10000001');
    expect(cookie.json().data.nik).toBe('10000001');
  });

  it('answers a bad or missing token with 401 in Indonesian', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: 'TOKEN_INVALID', message: ERROR_MESSAGES.TOKEN_INVALID });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/members/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie-authenticated change without the CSRF header or from another origin', async () => {
    const { token } = await ctx.loginAs('30000001');
    const noHeader = await ctx.app.inject({ method: 'POST', url: '/api/members/me/store', cookies: { at: token }, payload: { storeCode: 'T002' } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().code).toBe('CSRF_REJECTED');
    const evil = await ctx.app.inject({
      method: 'POST',
      url: '/api/members/me/store',
      cookies: { at: token },
      headers: { 'x-requested-with': 'gerai', origin: 'https://evil.example' },
      payload: { storeCode: 'T002' },
    });
    expect(evil.statusCode).toBe(403);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/members/me/store',
      cookies: { at: token },
      headers: { 'x-requested-with': 'gerai', origin: 'http://gerai.test:3000', host: 'gerai.test:3000' },
      payload: { storeCode: 'T002' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.store.storeCode).toBe('T002');
  });
});
