import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { users } from '../db/schema';
import { REQUEST_ID_HEADER } from '@gerai/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { listenLocally, type TestContext } from '../test/harness';
import { oneLineOrder, sendChannelOrder } from '../test/intake';
import { openTestDb } from '../test/test-db';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { setStock } from '../modules/bookings/booking-test-kit';
import { productPicker, wrongPin } from '../modules/transfers/transfer-test-kit';
import { browserSubscription, startPushService, type PushService } from '../modules/push/push-test-kit';
import { access } from './route-kit';
import { requestIdOf, safeMessage, serializeError } from './logging';

// The app as production logs it (info, the redaction and serializers of logging.ts), its lines captured.
const lines: string[] = [];
let ctx: TestContext;
let pushService: PushService;

beforeAll(async () => {
  const handle = await openTestDb({ data: 'demo' });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', READ_CACHE_TTL_MS: '0', STOCK_CACHE_TTL_MS: '0', JWT_SECRET: randomBytes(32).toString('hex') });
  const { loggerOptions } = await import('./logging');
  const app = await buildApp({ config, handle, logger: loggerOptions(config, { stream: { write: (line: string) => void lines.push(line) } }) });
  // A route whose query fails with a phone number among its bound values: a 5xx as a database fault makes it.
  app.get('/api/test/failing-query', { ...access({ auth: 'session' }), schema: { tags: ['test'] } }, async () => {
    await app.db.execute(sql`select ${'081299990000'}::int as n`);
    return { message: 'Success', data: null };
  });
  await app.ready();
  ctx = {
    app,
    handle,
    config,
    async loginAs(nik) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password: DEMO_PASSWORD }, remoteAddress: `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
      const token = res.json().data.token as string;
      return { authorization: `Bearer ${token}`, token, cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
  await ctx?.close();
});

const userIdOf = async (nik: string) => (await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik)))[0]!.id;
type Line = Record<string, unknown>;
const parsed = () => lines.map((l) => JSON.parse(l) as Line);
const requestLines = () => parsed().filter((l) => l.msg === 'request' || l.msg === 'request failed');
const lineOf = (res: { headers: Record<string, unknown> }) => {
  const id = res.headers[REQUEST_ID_HEADER];
  const found = requestLines().filter((l) => l.requestId === id);
  expect(found, `one line for request ${String(id)}`).toHaveLength(1);
  return found[0]!;
};

describe('request ids', () => {
  it('keeps a safe incoming X-Request-Id and replaces anything else', () => {
    const given = (value: string | string[] | undefined) => requestIdOf({ headers: { [REQUEST_ID_HEADER]: value } } as never);
    expect(given('lb-7f3a.91_x')).toBe('lb-7f3a.91_x');
    expect(given('a'.repeat(64))).toBe('a'.repeat(64));
    for (const bad of ['a'.repeat(65), 'has space', '081234567890"}{', '', ['a', 'b'], undefined, 'ünï']) {
      const id = given(bad);
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('names the request on every reply: success, refusal, unknown route, bad URL, replay', async () => {
    const { authorization } = await ctx.loginAs(DEMO_NIK.STAFF);
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization, [REQUEST_ID_HEADER]: 'edge-42' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers[REQUEST_ID_HEADER]).toBe('edge-42');
    const replaced = await ctx.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization, [REQUEST_ID_HEADER]: 'x'.repeat(200) } });
    expect(replaced.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const replies = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/members/me' }),
      ctx.app.inject({ method: 'GET', url: '/api/no-such-route?phone=081234567890' }),
      ctx.app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A' }),
      ctx.app.inject({ method: 'POST', url: '/api/orders/X/claim', headers: { authorization, 'content-type': 'application/json' }, payload: '{bad' }),
      ctx.app.inject({ method: 'GET', url: '/api/test/failing-query', headers: { authorization } }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([401, 404, 400, 400, 500]);
    for (const r of replies) expect(String(r.headers[REQUEST_ID_HEADER]), `${r.statusCode} ${r.body}`).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(replies.map((r) => r.headers[REQUEST_ID_HEADER])).size).toBe(replies.length);

    // The event stream writes its own head (a hijacked reply): it names its request too.
    const base = await listenLocally(ctx);
    const aborted = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: { authorization, [REQUEST_ID_HEADER]: 'sse-1' }, signal: aborted.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get(REQUEST_ID_HEADER)).toBe('sse-1');
    aborted.abort();
  });
});

describe('log lines', () => {
  it('write one line per request with its id, route, status, duration and actor, and never a secret or personal value', async () => {
    lines.length = 0;
    const secrets: string[] = [];
    const replies: Array<{ res: Awaited<ReturnType<typeof ctx.app.inject>>; actor: number | null }> = [];
    const call = async (opts: InjectOptions, actor: number | null = null) => {
      const res = await ctx.app.inject(opts);
      replies.push({ res, actor });
      return res;
    };

    // Sign-in with a password (the token and the refresh cookie come back), and one with a wrong one.
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: { nik: DEMO_NIK.STAFF, password: DEMO_PASSWORD }, remoteAddress: '10.77.0.1' });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    const cookies = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    secrets.push(DEMO_PASSWORD, token, ...login.cookies.map((c) => c.value));
    const wrongPassword = 'Rahasia-Salah-9981';
    secrets.push(wrongPassword);
    expect((await call({ method: 'POST', url: '/api/auth/login', payload: { nik: DEMO_NIK.STAFF, password: wrongPassword }, remoteAddress: '10.77.0.2' })).statusCode).toBe(401);
    const staffId = await userIdOf(DEMO_NIK.STAFF);
    // A cookie session (the CSRF header of a change) and a bearer one.
    expect((await call({ method: 'GET', url: '/api/members/me', headers: { cookie: cookies } }, staffId)).statusCode).toBe(200);
    // A search that could hold a phone number: the URL is never written.
    const phoneInQuery = '081277778888';
    secrets.push(phoneInQuery);
    await call({ method: 'GET', url: `/api/orders?status=1101&query=${phoneInQuery}&page=1&size=20`, headers: { authorization: `Bearer ${token}` } }, staffId);

    // A transfer: its PIN and QR answered once, then a wrong and the right PIN sent.
    const product = await productPicker(ctx)();
    await setStock(ctx, 'T001', product.productId, 5);
    const sent = await call({ method: 'POST', url: '/api/transfers', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify({ receiverStoreCode: 'T002', lines: [{ productId: product.productId, qty: 2 }] }) }, staffId);
    expect(sent.statusCode).toBe(201);
    const secret = sent.json().data.secret as { pin: string; qr: string };
    secrets.push(secret.pin, secret.qr);
    const t002 = await ctx.loginAs(DEMO_NIK.STAFF_T002);
    secrets.push(t002.token);
    const t002Id = await userIdOf(DEMO_NIK.STAFF_T002);
    const idTbsms = sent.json().data.transfer.idTbsms as string;
    secrets.push(wrongPin(secret.pin));
    const confirmUrl = `/api/transfers/by-tbsms/${idTbsms}/confirm`;
    expect((await call({ method: 'POST', url: confirmUrl, headers: { authorization: t002.authorization, 'content-type': 'application/json' }, payload: JSON.stringify({ pin: wrongPin(secret.pin) }) }, t002Id)).statusCode).toBe(422);
    expect((await call({ method: 'POST', url: confirmUrl, headers: { authorization: t002.authorization, 'content-type': 'application/json' }, payload: JSON.stringify({ pin: secret.pin }) }, t002Id)).statusCode).toBe(200);

    // A push subscription: its endpoint and keys.
    const sub = browserSubscription(pushService);
    secrets.push(sub.body.endpoint, sub.body.keys.p256dh, sub.body.keys.auth);
    const deviceId = crypto.randomUUID();
    expect((await call({ method: 'PUT', url: `/api/push/devices/${deviceId}`, headers: { authorization: `Bearer ${token}` }, payload: sub.body }, staffId)).statusCode).toBe(200);

    // A delivery order through the channel intake: the customer's phone number and address.
    const customer = { name: 'Dewi Lestari', phone: '081355554444', address: 'Jl. Kenanga No. 17, Bogor', latitude: -6.595, longitude: 106.806 };
    secrets.push(customer.phone, customer.address);
    const order = await oneLineOrder(ctx, { deliveryType: 1, customer });
    const intake = await sendChannelOrder(ctx, order);
    replies.push({ res: intake, actor: null });
    expect(intake.statusCode).toBe(201);
    // The same phone number refused as invalid input: a 4xx whose details name the field, not the value.
    const refused = await sendChannelOrder(ctx, { ...order, orderNo: `${order.orderNo}-B`, customer: { ...customer, phone: `${customer.phone}x` } });
    replies.push({ res: refused, actor: null });
    expect(refused.statusCode).toBe(400);

    // A failing request: a database fault with the phone number among its bound values, and its stack.
    const failing = await call({ method: 'GET', url: '/api/test/failing-query', headers: { authorization: `Bearer ${token}` } }, staffId);
    expect(failing.statusCode).toBe(500);
    secrets.push('081299990000');

    // An object logged by hand with known secret or personal fields: redacted.
    ctx.app.log.info({ url: `/api/orders?query=${phoneInQuery}`, customer: { phone: customer.phone, address: customer.address }, password: wrongPassword, token }, 'logged by hand');
    expect(parsed().find((l) => l.msg === 'logged by hand')).toMatchObject({ url: '[redacted]', customer: { phone: '[redacted]', address: '[redacted]' }, password: '[redacted]', token: '[redacted]' });

    const text = lines.join('');
    for (const s of secrets) expect(text, `a log line holds ${s}`).not.toContain(s);
    for (const word of ['authorization', 'cookie', 'set-cookie', 'p256dh', 'Bearer ']) expect(text.toLowerCase()).not.toContain(word.toLowerCase());

    for (const { res, actor } of replies) {
      const line = lineOf(res);
      expect(line).toMatchObject({ status: res.statusCode, userId: actor, level: res.statusCode >= 500 ? 50 : 30 });
      expect(typeof line.route).toBe('string');
      expect(line.route).not.toMatch(/\?|T0\d\d-|\d{8,}/);
      expect(typeof line.method).toBe('string');
      expect(line.ms).toBeTypeOf('number');
      expect(line.ms as number).toBeGreaterThanOrEqual(0);
      if (actor !== null) expect(line.storeCode).toBe(actor === staffId ? 'T001' : 'T002');
    }
    // A refusal is the request's one line, naming its code (and a bad input's fields, not their values).
    for (const { res } of replies.filter((r) => r.res.statusCode >= 400 && r.res.statusCode < 500)) {
      const id = res.headers[REQUEST_ID_HEADER];
      expect(parsed().filter((l) => l.requestId === id), `${res.statusCode} ${res.body}`).toHaveLength(1);
      expect(lineOf(res).code).toBe(res.json().code);
    }
    expect(lineOf(refused).fields).toEqual(expect.arrayContaining([expect.stringMatching(/customer\.phone$/)]));
    // No "incoming request" line: a request costs one line (a fault adds the error handler's, with its stack).
    expect(parsed().filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    const meLine = lineOf(replies[2]!.res);
    expect(meLine.route).toBe('/api/members/me');
    expect(parsed().filter((l) => l.requestId === meLine.requestId)).toHaveLength(1);

    // The fault's own line: same request id, the error's stack, its code, no bound value.
    const faultLines = parsed().filter((l) => l.requestId === failing.headers[REQUEST_ID_HEADER] && l.err);
    expect(faultLines).toHaveLength(1);
    const err = faultLines[0]!.err as { stack: string; cause?: { code?: string; message?: string } };
    expect(err.stack).toMatch(/^\s+at /);
    expect(err.cause?.code).toBe('22003');
    expect(err.cause?.message).toBe('value "…" is out of range for type integer');
  });

  it('writes an error without its values, detail or other fields', () => {
    const cause = Object.assign(new Error('invalid input syntax for type bigint: "081200001111"'), { code: '22P02', severity: 'ERROR', constraint: 'orders_order_no_key', detail: 'Key (phone)=(081200001111) already exists.' });
    const err = new Error('Failed query: insert into "orders" ("phone") values ($1)\nparams: 081200001111', { cause });
    Object.assign(err, { body: { phone: '081200001111' } });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('081200001111');
    expect(out).toMatchObject({ type: 'Error', message: 'Failed query: insert into "orders" ("phone") values ($1)', cause: { code: '22P02', constraint: 'orders_order_no_key', message: 'invalid input syntax for type bigint: "…"' } });
    // Not from the database: a message is kept as written (an AppError's Indonesian text, a TypeError).
    expect(safeMessage('Cannot read properties of undefined (reading "x")')).toBe('Cannot read properties of undefined (reading "x")');
  });
});
