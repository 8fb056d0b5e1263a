import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@gerai/contract';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/harness';
import { idempotencyKeys, users } from '../db/schema';
import { requestHash } from './idempotency';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('API platform', () => {
  it('answers unknown API routes with an Indonesian 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nik: '10000001', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('BODY_TOO_LARGE');
  });

  it('answers a path it cannot decode, or a path segment over the length limit, in the same 400 envelope', async () => {
    for (const url of ['/api/orders/%E0%A4%A', `/api/orders/${'S'.repeat(600)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED });
    }
  });

  it('refuses a hostile, deeply nested body on a keyed change with 400, never a crash', async () => {
    const { authorization } = await ctx.loginAs('10000001');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/SHP2611210000000/claim',
      headers: { authorization, 'content-type': 'application/json', 'idempotency-key': 'deeply-nested-0001' },
      payload: '['.repeat(20_000) + ']'.repeat(20_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes a complete OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of ['/api/auth/login', '/api/auth/refresh', '/api/auth/logout', '/api/members/me', '/api/orders/count', '/api/channels/{appId}/orders', '/api/app-config', '/api/stores']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const html = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(html.statusCode);
  });

  it('serves the minimum app version publicly', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.json().data).toMatchObject({ minAppVersion: '1.0.0' });
  });
});

describe('Idempotency-Key', () => {
  it('replays the first result for the same key and payload', async () => {
    const { authorization } = await ctx.loginAs('30000001');
    const call = (storeCode: string, key: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/members/me/store', headers: { authorization, 'idempotency-key': key }, payload: { storeCode } });
    const first = await call('T003', 'key-replay-0001');
    const again = await call('T003', 'key-replay-0001');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses the same key with another payload (422) and a malformed key (400)', async () => {
    const { authorization } = await ctx.loginAs('30000001');
    const call = (storeCode: string, key: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/members/me/store', headers: { authorization, 'idempotency-key': key }, payload: { storeCode } });
    await call('T004', 'key-mismatch-01');
    const other = await call('T005', 'key-mismatch-01');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: ERROR_MESSAGES.IDEMPOTENCY_KEY_REUSED });
    expect((await call('T005', 'x')).statusCode).toBe(400);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const { authorization } = await ctx.loginAs('30000001');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization } })).json().data;
    const [user] = await ctx.handle.db.select().from(users).where(eq(users.nik, me.nik));
    const payload = { storeCode: 'T006' };
    const url = '/api/members/me/store';
    await ctx.handle.db.insert(idempotencyKeys).values({
      scope: `user:${user!.id}`,
      key: 'key-running-01',
      method: 'POST',
      path: url,
      requestHash: requestHash('POST', url, payload),
      status: 'running',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const res = await ctx.app.inject({ method: 'POST', url, headers: { authorization, 'idempotency-key': 'key-running-01' }, payload });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
  });
});
