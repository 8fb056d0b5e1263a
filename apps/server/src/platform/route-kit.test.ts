import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { ROLE } from '@gerai/contract';
import { buildApp } from '../app';
import { idempotencyKeys } from '../db/schema';
import { signBody, SIGNATURE_HEADER } from '../modules/channels/signature';
import { DEMO_NIK } from '../seed/demo-data';
import { createTestContext, type TestContext } from '../test/harness';
import { requestHash } from './idempotency';
import { access } from './route-kit';

let ctx: TestContext;
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  operations = operationsOf(doc);
});
afterAll(async () => ctx?.close());

interface Operation {
  name: string;
  method: InjectOptions['method'];
  url: string;
  access: unknown;
  minRole: number | undefined;
  security: unknown;
  /** The document requires query parameters (a public signed link: its proof is its query, checked by the handler). */
  requiresQuery?: boolean;
}

/** Values for path parameters that name real things, so a signed channel call reaches its handler. */
const SAMPLE_PARAMS: Record<string, string> = { appId: '379', storeCode: 'T001' };
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of the published document: a route added later is walked without naming it here. */
function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as InjectOptions['method'],
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1'),
        access: op['x-gerai-access'],
        minRole: op['x-gerai-min-role'] as number | undefined,
        security: op.security,
        requiresQuery: ((op.parameters ?? []) as Array<{ in?: string; required?: boolean }>).some((p) => p.in === 'query' && p.required === true),
      })),
  );
}

const byAccess = (auth: string) => operations.filter((o) => o.access === auth);
const MALFORMED_JSON = { 'content-type': 'application/json' };
const WRONG_TYPE = { 'content-type': 'application/xml' };

/** Calls every operation and lists those whose answer differs from `expected` (status and code). */
async function mismatches(ops: Operation[], request: (op: Operation) => Omit<InjectOptions, 'method' | 'url'>, expected: (op: Operation) => { status: number; code?: string }) {
  const wrong: string[] = [];
  for (const op of ops) {
    const res = await ctx.app.inject({ method: op.method, url: op.url, ...request(op) });
    const want = expected(op);
    const code = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as { code?: string }).code : undefined;
    if (res.statusCode !== want.status || (want.code !== undefined && code !== want.code)) wrong.push(`${op.name}: ${res.statusCode} ${code ?? ''}`);
  }
  return wrong;
}

describe('the API document', () => {
  it('says of every operation who may call it, with a matching OpenAPI security', () => {
    for (const op of operations) {
      expect(['public', 'session', 'channel'], op.name).toContain(op.access);
      if (op.access === 'session') expect(op.security, op.name).toEqual([{ bearer: [] }, { cookie: [] }]);
      else expect(op.security, op.name).toEqual([]);
    }
    // Each kind exists, so none of the walks below can pass by walking nothing.
    expect(byAccess('session').length).toBeGreaterThan(20);
    expect(byAccess('public').length).toBeGreaterThanOrEqual(4);
    expect(byAccess('channel').length).toBeGreaterThanOrEqual(2);
    expect(operations.filter((o) => (o.minRole ?? ROLE.STAFF) > ROLE.STAFF).length).toBeGreaterThan(0);
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['GET /api/app-config', 'POST /api/auth/login', 'GET /api/events', 'POST /api/pod/requests/{shipmentNo}/approve']));
  });
});

describe('a caller without a session', () => {
  it('gets 401 UNAUTHENTICATED from every session operation, never a complaint about its malformed body', async () => {
    const wrong = await mismatches(byAccess('session'), () => ({ headers: MALFORMED_JSON, payload: '{"x": ' }), () => ({ status: 401, code: 'UNAUTHENTICATED' }));
    expect(wrong).toEqual([]);
  });

  it('gets 401 UNAUTHENTICATED from every session operation, never a 415 about its content type', async () => {
    const wrong = await mismatches(byAccess('session'), () => ({ headers: WRONG_TYPE, payload: '<x/>' }), () => ({ status: 401, code: 'UNAUTHENTICATED' }));
    expect(wrong).toEqual([]);
  });

  it('gets 401 TOKEN_INVALID from every session operation when the token it sent is bad', async () => {
    const wrong = await mismatches(
      byAccess('session'),
      () => ({ headers: { ...MALFORMED_JSON, authorization: 'Bearer not-a-token' }, payload: '{"x": ' }),
      () => ({ status: 401, code: 'TOKEN_INVALID' }),
    );
    expect(wrong).toEqual([]);
  });

  it('reaches every public operation: a change reads its body, a read is not refused', async () => {
    // A read whose document requires a query (the chat photo's signed link) is reached when its query
    // is validated: the kit let the caller through, the handler's own proof is the query's.
    const wrong = await mismatches(
      byAccess('public'),
      (op) => (op.method === 'GET' ? {} : { headers: MALFORMED_JSON, payload: '{"x": ', remoteAddress: '10.200.0.1' }),
      (op) => (op.method === 'GET' ? (op.requiresQuery ? { status: 400, code: 'VALIDATION_FAILED' } : { status: 200 }) : { status: 400, code: 'MALFORMED_JSON' }),
    );
    expect(wrong).toEqual([]);
  });

  it('reaches every channel operation with a valid channel signature, and is refused without one', async () => {
    const secret = ctx.config.channelSecrets[SAMPLE_PARAMS.appId!]!;
    const signed = (op: Operation) =>
      op.method === 'GET'
        ? { headers: { [SIGNATURE_HEADER]: signBody(`GET ${op.url}`, secret) } }
        : { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody('{}', secret) }, payload: '{}' };
    // Signed: the handler's own answer (the empty order is invalid); never a refusal of the caller.
    expect(await mismatches(byAccess('channel'), signed, (op) => (op.method === 'GET' ? { status: 200 } : { status: 400, code: 'VALIDATION_FAILED' }))).toEqual([]);
    const unsigned = (op: Operation) => (op.method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(await mismatches(byAccess('channel'), unsigned, () => ({ status: 401, code: 'SIGNATURE_INVALID' }))).toEqual([]);
  });

  it('never gets an Idempotency-Key stored, nor a CSRF refusal, before it is refused as anonymous', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/members/me/store',
      headers: { 'idempotency-key': 'anon-before-auth-01', origin: 'https://evil.example' },
      payload: { storeCode: 'T001' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect(await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'anon-before-auth-01'))).toHaveLength(0);
  });
});

describe('an Idempotency-Key', () => {
  /** Every operation that takes a key: the changes of session and channel routes (sign-in calls keep none). */
  const keyed = () => operations.filter((o) => o.method !== 'GET' && o.access !== 'public');
  /** A finished key in the scope an anonymous request would use, for the exact request sent: reaching the replay would answer from it. */
  async function seedFinishedKey(op: Operation, key: string, body?: unknown) {
    const now = new Date();
    await ctx.handle.db.insert(idempotencyKeys).values({
      scope: `anon:${op.url}`,
      key,
      method: op.method as string,
      path: op.url,
      requestHash: requestHash(op.method as string, op.url, body),
      status: 'done',
      responseStatus: 201,
      responseBody: { message: 'Success', data: { leaked: key } },
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
  }

  it('is never replayed to a caller without a session or without a valid signature, on every route that takes one', async () => {
    const ops = keyed();
    expect(ops.length).toBeGreaterThan(15);
    expect(ops.some((o) => o.access === 'channel')).toBe(true);
    const secret = ctx.config.channelSecrets[SAMPLE_PARAMS.appId!]!;
    const wrong: string[] = [];
    for (const [i, op] of ops.entries()) {
      const key = `kit-replay-${i}-0001`;
      await seedFinishedKey(op, key);
      const callers: Array<[string, Record<string, string>]> =
        op.access === 'session'
          ? [['no session', {}], ['bad token', { authorization: 'Bearer not-a-token' }], ['stale cookie', { cookie: 'at=expired.token.value' }]]
          : [['no signature', {}], ['wrong signature', { [SIGNATURE_HEADER]: signBody('', 'not-the-secret') }], ['stale signature', { [SIGNATURE_HEADER]: signBody('', secret, new Date(Date.now() - 3600_000)) }]];
      for (const [who, headers] of callers) {
        const res = await ctx.app.inject({ method: op.method, url: op.url, headers: { ...headers, 'idempotency-key': key, 'x-requested-with': 'gerai' } });
        if (res.statusCode !== 401 || res.headers['idempotent-replayed'] !== undefined || res.body.includes('leaked')) wrong.push(`${op.name} (${who}): ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('replays the same seeded key once the caller is proven, so the refusals above were about access', async () => {
    const op: Operation = { name: 'POST /api/members/me/store', method: 'POST', url: '/api/members/me/store', access: 'session', minRole: undefined, security: [] };
    const body = { storeCode: 'T003' };
    await seedFinishedKey(op, 'kit-anon-store-0001', body);
    const anonymous = await ctx.app.inject({ method: 'POST', url: op.url, headers: { 'idempotency-key': 'kit-anon-store-0001' }, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('leaked');
    // The same key from a signed-in member runs in the member's own scope.
    const { authorization } = await ctx.loginAs(DEMO_NIK.AREA_SUPERVISOR);
    const signedIn = await ctx.app.inject({ method: 'POST', url: op.url, headers: { authorization, 'idempotency-key': 'kit-anon-store-0001' }, payload: body });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).not.toContain('leaked');
  });

  it('refuses to run at all on a request whose access the kit did not prove: the order is the kit\'s guarantee', async () => {
    const app = await buildApp({ config: ctx.config, handle: ctx.handle, logger: false });
    try {
      // A hook that undoes the proof stands for any plugin that would run the replay too early.
      app.post('/api/kit-probe', { ...access({ auth: 'public' }), preValidation: async (req) => void (req.accessGranted = false) }, async () => ({ ran: true }));
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/api/kit-probe', headers: { 'idempotency-key': 'kit-probe-key-0001' }, payload: {} });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('ran');
      expect(await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'kit-probe-key-0001'))).toHaveLength(0);
      // Without a key nothing needs the proof; an unknown route with a key is still a 404.
      expect((await app.inject({ method: 'POST', url: '/api/kit-probe', payload: {} })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/kit-nowhere', headers: { 'idempotency-key': 'kit-probe-key-0002' }, payload: {} })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('a signed-in caller below the minimum role', () => {
  it('gets 403 FORBIDDEN from every role-restricted operation before its body is read', async () => {
    const restricted = operations.filter((o) => o.access === 'session' && (o.minRole ?? ROLE.STAFF) > ROLE.STAFF);
    const staff = await ctx.loginAs(DEMO_NIK.STAFF);
    const forbidden = { status: 403, code: 'FORBIDDEN' };
    expect(await mismatches(restricted, () => ({ headers: { ...MALFORMED_JSON, authorization: staff.authorization }, payload: '{"x": ' }), () => forbidden)).toEqual([]);
    expect(await mismatches(restricted, () => ({ headers: { ...WRONG_TYPE, authorization: staff.authorization }, payload: '<x/>' }), () => forbidden)).toEqual([]);
    // The same malformed change from a caller of the route's role (kepala toko, or the area supervisor) is read: the 403 was about the role.
    const chief = await ctx.loginAs(DEMO_NIK.STORE_CHIEF);
    const supervisor = await ctx.loginAs(DEMO_NIK.AREA_SUPERVISOR);
    const holder = (op: Operation) => ((op.minRole ?? ROLE.STAFF) > ROLE.STORE_CHIEF ? supervisor : chief).authorization;
    const changes = restricted.filter((o) => o.method !== 'GET');
    expect(changes.length).toBeGreaterThan(0);
    expect(await mismatches(changes, (op) => ({ headers: { ...MALFORMED_JSON, authorization: holder(op) }, payload: '{"x": ' }), () => ({ status: 400, code: 'MALFORMED_JSON' }))).toEqual([]);
  });
});

describe('the start-up check', () => {
  it('refuses to build the app with an API route that did not declare its access through the kit', async () => {
    const app = await buildApp({ config: ctx.config, handle: ctx.handle, logger: false });
    try {
      expect(() => app.get('/api/forgotten', async () => 'x')).toThrow('Route GET /api/forgotten must declare who may call it');
      expect(() => app.get('/api/hidden', { ...access({ auth: 'session' }), schema: { hide: true } }, async () => 'x')).toThrow('hidden from the API document');
      // Declared routes and the web app's paths outside /api/ are accepted.
      expect(() => app.get('/api/declared', { ...access({ auth: 'public' }) }, async () => 'x')).not.toThrow();
      expect(() => app.get('/robots.txt', async () => 'x')).not.toThrow();
      // Inside a plugin, the route fails the app's start.
      void app.register(async (scope) => {
        scope.post('/api/plugin-forgotten', async () => 'x');
      });
      await expect(app.ready()).rejects.toThrow('Route POST /api/plugin-forgotten must declare who may call it');
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
