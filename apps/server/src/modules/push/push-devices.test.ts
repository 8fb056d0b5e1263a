import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ERROR_MESSAGES, PUSH_LIMITS, pushKindsFor, ROLE } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { DEMO_NIK } from '../../seed/demo-data';
import { queryRows } from '../../db/client';
import { browserSubscription, clearPushes, startPushService, subscribe, type PushService } from './push-test-kit';

const ctx = testContextPerFile();
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service?.close());
beforeEach(async () => clearPushes(ctx));

const put = (authorization: string, deviceId: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: `/api/push/devices/${deviceId}`, headers: { authorization, ...headers }, payload: payload as Record<string, unknown> });

const deviceCount = async () => (await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from push_devices`))[0]!.n;

describe('push devices', () => {
  it('GET /api/push/config: the VAPID key, the kinds the person gets and may switch off (not a staff member\'s new orders)', async () => {
    const { authorization } = await ctx.loginAs(DEMO_NIK.STAFF);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/push/config', headers: { authorization } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ vapidPublicKey: ctx.config.vapid!.publicKey, fcm: false, devicesMax: PUSH_LIMITS.devicesMax, devices: [] });
    expect(data.kinds).toEqual(pushKindsFor(ROLE.STAFF));
    expect(data.kinds).toContain('order.new');
    expect(data.mutable).not.toContain('order.new');
    const chief = (await ctx.app.inject({ method: 'GET', url: '/api/push/config', headers: { authorization: (await ctx.loginAs(DEMO_NIK.STORE_CHIEF)).authorization } })).json().data;
    expect(chief.mutable).toContain('order.new');
    const su = (await ctx.app.inject({ method: 'GET', url: '/api/push/config', headers: { authorization: (await ctx.loginAs(DEMO_NIK.SUPER_USER)).authorization } })).json().data;
    expect(su.kinds).toEqual([]);
  });

  it('subscribes, refreshes in place, and replays a retried PUT with its Idempotency-Key without a second change', async () => {
    const { authorization } = await ctx.loginAs(DEMO_NIK.STAFF);
    const sub = browserSubscription(service);
    const deviceId = randomUUID();
    const key = randomUUID();
    const first = await put(authorization, deviceId, sub.body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ deviceId, transport: 'webpush', muted: [] });
    const audits = async () => (await queryRows<{ n: number }>(ctx.handle.db, sql`select count(*)::int as n from audit_log where entity = 'push_device'`))[0]!.n;
    const before = await audits();
    const replay = await put(authorization, deviceId, sub.body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await audits()).toBe(before);
    // A new subscription of the same device (the browser renewed it): one row, the new endpoint.
    const renewed = browserSubscription(service);
    expect((await put(authorization, deviceId, renewed.body)).statusCode).toBe(200);
    const rows = await queryRows<{ endpoint: string }>(ctx.handle.db, sql`select endpoint from push_devices`);
    expect(rows).toEqual([{ endpoint: renewed.body.endpoint }]);
  });

  it('refuses a bad subscription with a clear Indonesian message, storing nothing', async () => {
    const { authorization } = await ctx.loginAs(DEMO_NIK.STAFF);
    const good = browserSubscription(service).body;
    const cases: Array<[string, unknown, number, string]> = [
      ['plain http to another host', { ...good, endpoint: 'http://push.example.com/x' }, 422, 'PUSH_ENDPOINT_INVALID'],
      ['a foreign scheme', { ...good, endpoint: 'ftp://fcm.googleapis.com/x' }, 422, 'PUSH_ENDPOINT_INVALID'],
      ['https outside the push services', { ...good, endpoint: 'https://10.0.0.5/internal' }, 422, 'PUSH_ENDPOINT_INVALID'],
      ['a look-alike host', { ...good, endpoint: 'https://fcm.googleapis.com.evil.example/x' }, 422, 'PUSH_ENDPOINT_INVALID'],
      ['credentials in the URL', { ...good, endpoint: `${service.base.replace('http://', 'http://u:p@')}/x` }, 422, 'PUSH_ENDPOINT_INVALID'],
      ['a short p256dh', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, 422, 'PUSH_KEYS_INVALID'],
      ['a p256dh that is no uncompressed point', { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, 422, 'PUSH_KEYS_INVALID'],
      ['an auth secret of 17 bytes', { ...good, keys: { ...good.keys, auth: Buffer.alloc(17, 1).toString('base64url') } }, 422, 'PUSH_KEYS_INVALID'],
      ['oversized keys', { ...good, keys: { p256dh: 'A'.repeat(5000), auth: good.keys.auth } }, 400, 'VALIDATION_FAILED'],
      ['keys that are not base64url', { ...good, keys: { ...good.keys, auth: 'not base64!!' } }, 400, 'VALIDATION_FAILED'],
      ['an oversized FCM token', { transport: 'fcm', token: 'a'.repeat(PUSH_LIMITS.fcmTokenMax + 1) }, 400, 'VALIDATION_FAILED'],
      ['an unknown transport', { transport: 'sms', number: '0812' }, 400, 'VALIDATION_FAILED'],
      ['an FCM token while FCM is not configured', { transport: 'fcm', token: 'a'.repeat(150) }, 422, 'PUSH_NOT_CONFIGURED'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await put(authorization, randomUUID(), body);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
      expect(res.json().message, what).toMatch(/[a-z]/);
      if (code !== 'VALIDATION_FAILED') expect(res.json().message, what).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]);
    }
    const badId = await put(authorization, 'a/b', good);
    expect(badId.statusCode).toBe(404);
    expect((await put(authorization, 'short', good)).statusCode).toBe(400);
    expect(await deviceCount()).toBe(0);
  });

  it("another person's device id answers 404 (PUSH_DEVICE_NOT_FOUND) to a change or removal, and stays as it was", async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    const { authorization } = await ctx.loginAs(DEMO_NIK.STORE_CHIEF);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/push/devices/${staff.deviceId}`, headers: { authorization }, payload: { muted: ['chat.message'] } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ code: 'PUSH_DEVICE_NOT_FOUND', message: ERROR_MESSAGES.PUSH_DEVICE_NOT_FOUND });
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/push/devices/${staff.deviceId}`, headers: { authorization } });
    expect(del.statusCode).toBe(404);
    expect(await queryRows(ctx.handle.db, sql`select muted from push_devices`)).toEqual([{ muted: [] }]);
  });

  it("a subscription another person held on this browser moves to whoever subscribes it now", async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    const { authorization } = await ctx.loginAs(DEMO_NIK.STORE_CHIEF);
    expect((await put(authorization, randomUUID(), staff.body)).statusCode).toBe(200);
    const rows = await queryRows<{ nik: string }>(ctx.handle.db, sql`select u.nik from push_devices d join users u on u.id = d.user_id`);
    expect(rows).toEqual([{ nik: DEMO_NIK.STORE_CHIEF }]);
  });

  it('keeps PUSH_LIMITS.devicesMax devices a person: a new one replaces the least recently seen', async () => {
    const { authorization } = await ctx.loginAs(DEMO_NIK.STAFF);
    const ids: string[] = [];
    for (let i = 0; i <= PUSH_LIMITS.devicesMax; i++) {
      const id = randomUUID();
      ids.push(id);
      expect((await put(authorization, id, browserSubscription(service).body)).statusCode).toBe(200);
      await ctx.handle.db.execute(sql`update push_devices set last_seen_at = now() - make_interval(secs => ${100 - i})`);
    }
    const kept = await queryRows<{ deviceId: string }>(ctx.handle.db, sql`select device_id as "deviceId" from push_devices order by id`);
    expect(kept.map((d) => d.deviceId)).toEqual(ids.slice(1));
  });

  it('mutes kinds per device, but never a staff member\'s new orders (422 PUSH_KIND_NOT_MUTABLE)', async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    const url = `/api/push/devices/${staff.deviceId}`;
    const ok = await ctx.app.inject({ method: 'PATCH', url, headers: { authorization: staff.authorization }, payload: { muted: ['chat.message', 'booking.request'] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.muted).toEqual(['chat.message', 'booking.request']);
    const refused = await ctx.app.inject({ method: 'PATCH', url, headers: { authorization: staff.authorization }, payload: { muted: ['order.new'] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'PUSH_KIND_NOT_MUTABLE', message: ERROR_MESSAGES.PUSH_KIND_NOT_MUTABLE });
    expect((await queryRows<{ muted: string[] }>(ctx.handle.db, sql`select muted from push_devices`))[0]!.muted).toEqual(['chat.message', 'booking.request']);
  });

  it('DELETE removes the device; sign-out removes the device it names', async () => {
    const a = await subscribe(ctx, DEMO_NIK.STAFF, service);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/push/devices/${a.deviceId}`, headers: { authorization: a.authorization } })).statusCode).toBe(200);
    expect(await deviceCount()).toBe(0);

    const b = await subscribe(ctx, DEMO_NIK.STAFF, service);
    const session = await ctx.loginAs(DEMO_NIK.STAFF);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: session.cookies.rt, pushDeviceId: b.deviceId } });
    expect(out.statusCode).toBe(200);
    expect(await deviceCount()).toBe(0);
  });
});
