import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { ORDER_STATUS, PUSH_MESSAGE_STATUS, pushTag, pushText } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { oneLineOrder, sendChannelOrder } from '../../test/intake';
import { DEMO_NIK, crewNik } from '../../seed/demo-data';
import { queryRows } from '../../db/client';
import { dispatchDuePushes, pushPolicy } from './dispatcher';
import { clearPushes, dispatch, messages, payloadOfPush, startPushService, subscribe, type PushService } from './push-test-kit';

const ctx = testContextPerFile();
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service?.close());
beforeEach(async () => {
  await clearPushes(ctx);
  service.received.length = 0;
});

/** A store with no new orders waiting: its count starts at 0 (the demo's new orders moved on). */
async function emptyStore(storeCode: string) {
  await ctx.handle.db.execute(sql`update orders set status_id = ${ORDER_STATUS.PACKING} where store_code = ${storeCode} and status_id = ${ORDER_STATUS.NEW}`);
}

async function intake(storeCode: string): Promise<string> {
  const res = await sendChannelOrder(ctx, await oneLineOrder(ctx, { storeCode }));
  expect(res.statusCode).toBe(201);
  return res.json().data.shipmentNo as string;
}

async function claim(nik: string, shipmentNo: string, authorization?: string) {
  const auth = authorization ?? (await ctx.loginAs(nik)).authorization;
  const res = await ctx.app.inject({ method: 'POST', url: `/api/orders/${shipmentNo}/claim`, headers: { authorization: auth }, payload: {} });
  expect(res.statusCode).toBe(200);
}

const newCount = async (storeCode: string) =>
  Number(((await ctx.handle.db.execute(sql`select n from order_status_counts where store_code = ${storeCode} and status_id = ${ORDER_STATUS.NEW}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);

describe('Web Push delivery', () => {
  it('encrypts for the subscription (RFC 8291) and signs with VAPID (RFC 8292): decrypted with the subscription\'s own keys', async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    const shipmentNo = await intake('T001');
    expect(await dispatch(ctx)).toMatchObject({ sent: 1 });
    expect(service.received).toHaveLength(1);
    const push = service.received[0]!;
    expect(push.path).toBe(staff.path);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const payload = payloadOfPush(push, staff);
    expect(payload).toMatchObject({ v: 1, kind: 'order.new', tag: pushTag.orderNew('T001'), withdraw: false, renotify: true, open: { screen: 'orders' } });
    expect(payload.body).toBe(pushText.orderNew(await newCount('T001'), 'T001').body);
    expect(shipmentNo).toBeTruthy();

    // VAPID: "vapid t=<JWT>, k=<public key>", the JWT signed by the server's key for the push service's origin.
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization))!;
    expect(k).toBe(ctx.config.vapid!.publicKey);
    const point = Buffer.from(k!, 'base64url');
    const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
    const { payload: claims } = await jwtVerify(jwt!, key, { audience: service.base });
    expect(claims.sub).toBe(ctx.config.vapid!.subject);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(24 * 3600);
  });

  it('coalesces: ten new orders before a send are one push per phone whose body says how many wait', async () => {
    await emptyStore('T004');
    const crew = await subscribe(ctx, crewNik('T004'), service);
    for (let i = 0; i < 10; i++) await intake('T004');
    const rows = await messages(ctx, pushTag.orderNew('T004'));
    expect(rows.filter((r) => r.status === PUSH_MESSAGE_STATUS.PENDING)).toHaveLength(1);
    expect(rows.filter((r) => r.status === PUSH_MESSAGE_STATUS.EXPIRED)).toHaveLength(9);
    expect(await dispatch(ctx)).toMatchObject({ sent: 1 });
    expect(service.received).toHaveLength(1);
    expect(payloadOfPush(service.received[0]!, crew).body).toBe('10 pesanan baru menunggu di toko T004');
  });

  it('an order claimed before its push went out is not announced; claimed after, the push is withdrawn from every phone', async () => {
    await emptyStore('T003');
    const crew = await subscribe(ctx, crewNik('T003'), service);
    const first = await intake('T003');
    await claim(crewNik('T003'), first, crew.authorization);
    expect((await messages(ctx, pushTag.orderNew('T003'))).map((m) => m.status)).toEqual([PUSH_MESSAGE_STATUS.EXPIRED]);
    expect(await dispatch(ctx)).toMatchObject({ sent: 0 });
    expect(service.received).toHaveLength(0);

    const second = await intake('T003');
    await dispatch(ctx);
    expect(payloadOfPush(service.received[0]!, crew)).toMatchObject({ withdraw: false, body: pushText.orderNew(1, 'T003').body });
    await claim(crewNik('T003'), second, crew.authorization);
    expect(await dispatch(ctx)).toMatchObject({ sent: 1 });
    expect(payloadOfPush(service.received[1]!, crew)).toMatchObject({ withdraw: true, tag: pushTag.orderNew('T003'), renotify: false });
  });

  it('a claim that leaves new orders waiting updates the count quietly instead of withdrawing', async () => {
    await emptyStore('T005');
    const crew = await subscribe(ctx, crewNik('T005'), service);
    const a = await intake('T005');
    await intake('T005');
    await dispatch(ctx);
    expect(payloadOfPush(service.received.at(-1)!, crew).body).toBe(pushText.orderNew(2, 'T005').body);
    await claim(crewNik('T005'), a, crew.authorization);
    await dispatch(ctx);
    expect(payloadOfPush(service.received.at(-1)!, crew)).toMatchObject({ withdraw: false, renotify: false, body: pushText.orderNew(1, 'T005').body });
  });

  it('404 or 410 from the push service removes the device; what it still had to get is gone with it', async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    service.answer(staff.path, 410);
    await intake('T001');
    expect(await dispatch(ctx)).toMatchObject({ gone: 1, sent: 0 });
    expect((await messages(ctx)).map((m) => [m.status, m.deviceId])).toEqual([[PUSH_MESSAGE_STATUS.GONE, null]]);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/push/config', headers: { authorization: staff.authorization } });
    expect(config.json().data.devices).toEqual([]);
  });

  it('a failed send is retried with backoff, then sent', async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    service.answer(staff.path, 503);
    await intake('T001');
    expect(await dispatch(ctx)).toMatchObject({ retrying: 1 });
    const waiting = await queryRows<{ attempts: number; status: string; wait: number; lastError: string }>(
      ctx.handle.db,
      sql`select attempts, status, extract(epoch from next_attempt_at - now()) as wait, last_error as "lastError" from push_messages`,
    );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 1, status: 'pending', lastError: 'HTTP 503' });
    expect(Number(waiting[0]!.wait)).toBeGreaterThanOrEqual(ctx.config.PUSH_BACKOFF_SECONDS - 1);
    // Not due yet: a pass sends nothing.
    expect(await dispatch(ctx)).toMatchObject({ sent: 0, retrying: 0 });
    service.answer(staff.path, 201);
    await ctx.handle.db.execute(sql`update push_messages set next_attempt_at = now() - interval '1 second'`);
    expect(await dispatch(ctx)).toMatchObject({ sent: 1 });
    expect((await messages(ctx)).map((m) => [m.status, m.attempts])).toEqual([[PUSH_MESSAGE_STATUS.SENT, 2]]);
  });

  it('a process with no sender for the phone leaves its push to one that has it (no failure); an expired one any process closes', async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    await intake('T001');
    // A process without VAPID keys: it takes nothing it cannot send.
    expect(await dispatchDuePushes(ctx.handle.db, {}, pushPolicy(ctx.config))).toEqual({ sent: 0, retrying: 0, failed: 0, gone: 0, expired: 0 });
    expect((await messages(ctx)).map((m) => [m.status, m.attempts])).toEqual([[PUSH_MESSAGE_STATUS.PENDING, 0]]);
    expect(await dispatch(ctx)).toMatchObject({ sent: 1, failed: 0 });
    expect(service.received.filter((r) => r.path === staff.path)).toHaveLength(1);

    await intake('T001');
    await ctx.handle.db.execute(sql`update push_messages set expires_at = now() - interval '1 second' where status = ${PUSH_MESSAGE_STATUS.PENDING}`);
    expect(await dispatchDuePushes(ctx.handle.db, {}, pushPolicy(ctx.config))).toMatchObject({ expired: 1, failed: 0 });
  });

  it('gives up after PUSH_MAX_ATTEMPTS, and at once on a refusal that cannot pass (400/403)', async () => {
    const staff = await subscribe(ctx, DEMO_NIK.STAFF, service);
    service.answer(staff.path, 403);
    await intake('T001');
    expect(await dispatch(ctx)).toMatchObject({ failed: 1 });
    expect((await messages(ctx)).map((m) => m.status)).toEqual([PUSH_MESSAGE_STATUS.FAILED]);
    service.answer(staff.path, 201);
  });
});
