/**
 * Issue 25: the published document says exactly what the server answers. Every route of
 * `app.swagger()` is called as the fuzz and scope suites call it (signed-in members of T001 by
 * bearer and by cookie, a signed channel, nobody), with valid requests drawn from its own schema
 * and real objects, and with the refusals every route can meet: no session (401), a role below the
 * route's (403), a field broken in turn (400), an object that is not there (404), a body of a type
 * the route does not read (415) or too large (413), an Idempotency-Key reused with another body (422). Each real reply
 * (seen by an onSend hook, so nothing is guessed) must have a status the operation documents, and
 * a JSON body that fits the documented schema (ajv, as Fastify itself validates).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { APP_IDS } from '@gerai/contract';
import { buildApp } from '../app';
import { signBody, SIGNATURE_HEADER } from '../modules/channels/signature';
import { DEMO_NIK } from '../seed/demo-data';
import { createTestContext, type TestContext } from '../test/harness';
import { encodeComponent, fillPath, openApiOperations, readKnownValues, scalarText, seedOf, validValue, type JsonSchema, type KnownValues, type Operation } from '../test/openapi-walk';
import { testRandom } from '../test/random';

const DRAWS_PER_ROUTE = Number(process.env.DOC_DRAWS ?? 4);

interface Seen {
  method: string;
  route: string;
  status: number;
  type: string;
  body: string;
}

interface DocOperation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

let ctx: TestContext;
let app: FastifyInstance;
let doc: { paths: Record<string, Record<string, DocOperation>> };
let operations: Operation[];
let known: KnownValues;
const seen: Seen[] = [];
const callers: Record<'superUser' | 'chief' | 'staff', { authorization: string; at: string }> = {} as never;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ config: ctx.config, handle: ctx.handle, logger: false });
  // Every reply as it leaves, with the route that made it (none for an unknown address).
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    if (route?.startsWith('/api/') && !req.is404) {
      seen.push({ method: req.method, route, status: reply.statusCode, type: String(reply.getHeader('content-type') ?? ''), body: typeof payload === 'string' ? payload : '' });
    }
    return payload;
  });
  await app.ready();
  doc = app.swagger() as typeof doc;
  operations = openApiOperations(doc);
  for (const [name, nik] of [['superUser', DEMO_NIK.SUPER_USER], ['chief', DEMO_NIK.STORE_CHIEF], ['staff', DEMO_NIK.STAFF]] as const) {
    const session = await ctx.loginAs(nik);
    callers[name] = { authorization: session.authorization, at: session.cookies.at ?? '' };
  }
  await app.inject({ method: 'POST', url: '/api/members/me/store', headers: { authorization: callers.superUser.authorization }, payload: { storeCode: 'T001' } });
  known = await readKnownValues(app, ctx.config, callers.chief.authorization);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});


type Who = 'superUser' | 'chief' | 'staff' | 'cookie' | 'nobody';

interface Call {
  path: Record<string, unknown>;
  query: Array<[string, unknown]>;
  headers: Record<string, string>;
  body: { contentType: string; payload: string } | null;
}

/** A request the route's schema accepts, drawn with `seed` (real objects where names are known). */
function validCall(op: Operation, seed: number): Call {
  const draw = (schema: JsonSchema, name?: string) => fc.sample(validValue(schema, name, known), { seed, numRuns: 1 })[0];
  const path = Object.fromEntries(op.pathParams.map((p) => [p.name, draw(p.schema, p.name)]));
  const query = op.query.filter((p) => p.required || seed % 2 === 0).map((p): [string, unknown] => [p.name, draw(p.schema, p.name)]);
  let body: Call['body'] = null;
  if (op.method !== 'GET' && op.body) {
    const [contentType, schema] = Object.entries(op.body)[0]!;
    const value = draw(schema);
    const payload = contentType.includes('json')
      ? JSON.stringify(value)
      : contentType.includes('urlencoded')
        ? new URLSearchParams(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]): [string, string] => [k, scalarText(v)])).toString()
        : '';
    body = contentType.includes('multipart') ? null : { contentType, payload };
  }
  return { path, query, headers: {}, body };
}

async function send(op: Operation, call: Call, who: Who, key?: string): Promise<number> {
  const url =
    fillPath(op.path, Object.fromEntries(Object.entries(call.path).map(([k, v]) => [k, encodeComponent(scalarText(v))]))) +
    (call.query.length ? `?${call.query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(scalarText(v))}`).join('&')}` : '');
  const headers: Record<string, string> = { ...call.headers };
  const cookies: Record<string, string> = {};
  if (op.access === 'session' && who !== 'nobody') {
    if (who === 'cookie') {
      cookies.at = callers.chief.at;
      Object.assign(headers, { host: 'gerai.test', origin: 'https://gerai.test', 'x-requested-with': 'XMLHttpRequest' });
    } else headers.authorization = callers[who].authorization;
  }
  if (call.body) headers['content-type'] = call.body.contentType;
  if (op.method !== 'GET') headers['idempotency-key'] = key ?? `doc-${randomUUID()}`;
  if (op.access === 'channel' && who !== 'nobody') {
    const appId = Number(call.path.appId ?? APP_IDS[0]);
    const secret = ctx.config.channelSecrets[String(appId)] ?? 'none';
    headers[SIGNATURE_HEADER] = signBody(op.method === 'GET' ? `GET ${url.split('?')[0]}` : (call.body?.payload ?? ''), secret);
  }
  const stream = op.replyTypes.includes('text/event-stream') || op.path === '/api/events';
  const options: InjectOptions = { method: op.method, url, headers, cookies, payloadAsStream: stream, remoteAddress: `10.66.${Math.floor(testRandom() * 250)}.${Math.floor(testRandom() * 250)}` };
  if (call.body) options.payload = call.body.payload;
  const res = await app.inject(options);
  if (stream) {
    // A stream that opened is hung up at once, like a phone leaving the page; a refusal is read whole.
    (res.raw.res as ServerResponse).req.destroy();
    res.stream().destroy();
  }
  return res.statusCode;
}

/** The calls of one route: valid ones by every caller, then each refusal the platform and the route can give. */
async function exercise(op: Operation): Promise<void> {
  const seed = seedOf(op.name, 25);
  const draws = Array.from({ length: DRAWS_PER_ROUTE }, (_, i) => validCall(op, seed + i));
  const who: Who[] = op.access === 'session' ? ['chief', 'staff', 'superUser', 'cookie'] : ['chief'];
  for (const [i, call] of draws.entries()) await send(op, call, who[i % who.length]!);
  const base = draws[0]!;
  await send(op, base, 'nobody');
  if (op.access === 'session' && op.minRole !== undefined) await send(op, base, 'staff');
  // Each parameter in turn refused: a value its schema does not allow.
  for (const p of op.pathParams) await send(op, { ...base, path: { ...base.path, [p.name]: '%' } }, 'chief');
  for (const p of op.pathParams) await send(op, { ...base, path: { ...base.path, [p.name]: p.schema.type === 'integer' ? 2147483 : 'ZZ9999999999' } }, 'chief');
  for (const p of op.query) await send(op, { ...base, query: [...base.query.filter(([k]) => k !== p.name), [p.name, '\u0000']] }, 'chief');
  if (op.method !== 'GET') {
    await send(op, { ...base, body: { contentType: 'application/json', payload: '{"x":' } }, 'chief');
    await send(op, { ...base, body: { contentType: 'application/xml', payload: '<x/>' } }, 'chief');
    await send(op, { ...base, body: { contentType: 'application/json', payload: `{"x":"${'A'.repeat(1_100_000)}"}` } }, 'chief');
    const key = `doc-reuse-${randomUUID()}`;
    await send(op, base, 'chief', key);
    await send(op, { ...base, body: { contentType: 'application/json', payload: '{"other":true}' } }, 'chief', key);
  }
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

/** The document's operation of a Fastify route (`/api/orders/:shipmentNo` → `/api/orders/{shipmentNo}`). */
function documented(method: string, route: string): DocOperation | undefined {
  const path = route.replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => `{${name}}${optional ?? ''}`);
  return doc.paths[path]?.[method.toLowerCase()];
}

function problemOf(reply: Seen): string | null {
  const op = documented(reply.method, reply.route);
  if (!op) return `${reply.method} ${reply.route} is not in the document`;
  const declared = op.responses ?? {};
  const response = declared[String(reply.status)] ?? declared[`${String(reply.status)[0]}XX`] ?? declared.default;
  if (!response) return `${reply.method} ${reply.route} answered ${reply.status}, which its document does not list (${Object.keys(declared).join(', ')})`;
  const mediaTypes = Object.keys(response.content ?? {});
  if (!reply.type.includes('application/json') || reply.body === '') {
    if (reply.status >= 300 && reply.status !== 304) return `${reply.method} ${reply.route} answered ${reply.status} as ${reply.type || 'nothing'}, not the JSON error it documents`;
    return null;
  }
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return mediaTypes.length ? `${reply.method} ${reply.route} answered ${reply.status} in JSON; its document says ${mediaTypes.join(', ')}` : null;
  const id = `${reply.method} ${reply.route} ${reply.status}`;
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(id, validate);
  }
  if (!validate(JSON.parse(reply.body))) return `${id}: the body does not fit the documented schema: ${ajv.errorsText(validate.errors)} — ${reply.body.slice(0, 160)}`;
  return null;
}

describe('the published document against real replies', () => {
  it('documents every status each route answers, and each reply fits its documented schema', async () => {
    for (const op of operations) {
      const started = performance.now();
      await exercise(op);
      if (process.env.DOC_VERBOSE) console.log(`${op.name}: ${Math.round(performance.now() - started)} ms`);
    }
    const problems = new Map<string, number>();
    for (const reply of seen) {
      const problem = problemOf(reply);
      if (problem) problems.set(problem.replace(/ — .*$/, ''), (problems.get(problem.replace(/ — .*$/, '')) ?? 0) + 1);
    }
    const statuses = new Set(seen.map((s) => s.status));
    console.log(`[api-document] ${operations.length} routes, ${seen.length} replies (statuses ${[...statuses].sort().join(', ')}), ${problems.size} problems`);
    // Every kind of answer was met somewhere, so the walk is not only validation errors.
    for (const status of [200, 201, 400, 401, 403, 404, 409, 413, 415, 422]) expect(statuses, String(status)).toContain(status);
    expect([...problems.keys()]).toEqual([]);
  }, 300_000);

  it('publishes the order status list as strict as the check: 0000 fits no pattern', () => {
    const list = operations.find((o) => o.name === 'GET /api/orders')!.query.find((p) => p.name === 'status')!;
    const pattern = new RegExp(list.schema.pattern!);
    expect(pattern.test('0000')).toBe(false);
    expect(pattern.test('1105,1107')).toBe(true);
    const count = operations.find((o) => o.name === 'GET /api/pod/requests/count')!;
    expect(count.query.find((p) => p.name === 'storeCode')!.schema).toMatchObject({ pattern: expect.any(String) });
    expect(Object.keys(doc.paths['/api/pod/requests/count']!.get!.responses!)).toContain('404');
  });
});
