import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { APP_IDS, channelByAppId, ERROR_HTTP_STATUS, errorReplySchema, ORDER_STATUS_IDS, type ErrorCode } from '@gerai/contract';
import { buildApp } from '../app';
import { signBody, SIGNATURE_HEADER } from '../modules/channels/signature';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { createTestContext, type TestContext } from '../test/harness';
import {
  encodeComponent,
  fillPath,
  formEncode,
  integerRange,
  openApiOperations,
  optionalPathParams,
  readKnownValues,
  scalarText,
  seedOf,
  validValue,
  type JsonSchema,
  type KnownValues,
  type Operation,
  type ParamSpec,
} from '../test/openapi-walk';

/**
 * Issue 9: every route of the published document (`app.swagger()`), as signed-in
 * members (super user, kepala toko and staff of T001, by bearer and by cookie with
 * the CSRF headers), as a signed channel and anonymously for public routes, with
 * params, queries, headers and bodies drawn from the route's own schema:
 * - wholly valid requests (real shipments, lines, reasons where known), so each
 *   route's handler runs, not only its validation;
 * - one valid request per route with each field in turn poisoned (NUL, a lone
 *   surrogate, int4's edges, impossible dates), everything else valid;
 * - malformed documents (deep nesting, 1 MB, `__proto__`, broken encodings);
 * - random cases, about one bad field each, with wrong types, missing and extra
 *   fields, broken path segments, content types, signatures and Idempotency-Keys.
 * Never a 5xx, never an error logged, every 4xx the contract's `{ message, code,
 * details? }` with a code and status of its table, and the server still answers
 * afterwards. Cases are drawn with a fixed seed per route name, so a run is
 * repeatable and a new route gets its own cases without changing the others'.
 * FUZZ_SEED and FUZZ_RUNS (drawn cases per route) widen a local run; FUZZ_VERBOSE
 * prints each route's answers.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 48);
/** Of those, this many are wholly valid requests. */
const VALID_RUNS = Math.ceil(RUNS_PER_ROUTE / 6);
/** A reply must finish within this; a hang is a failure, not a stuck suite. */
const REPLY_TIMEOUT_MS = 10_000;
/** How long an event stream is read before the fuzzer hangs up (a replay runs one query). */
const STREAM_READ_MS = 150;

// ── hostile values ──────────────────────────────────────────────────────────

const HUGE = 'A'.repeat(100_000);
const DEEP_ARRAY = Array.from({ length: 2_000 }).reduce<unknown>((inner) => [inner], 1);
const DEEP_OBJECT = Array.from({ length: 2_000 }).reduce<unknown>((inner) => ({ a: inner }), 1);

const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uDBFF', '\uFFFE', '\u202Eabc', '😀'.repeat(50), 'İı', '\r\n', '\t',
  '0000-01-01', '9999-12-31', '9999-12-31T23:59:59-14:00', '0000-01-01T00:00:00Z', '2026-02-30', '2026-13-01', '2026-11-22T25:00:00Z', '1970-01-01T00:00:00+99:99', '+275760-09-13', 'T',
  'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '2147483648', '-2147483649', '9223372036854775807', '9223372036854775808', '1e20', '99999999999999999999', '1.5', '0x1F', ' 1 ', '１２３',
  'null', 'undefined', 'true', '[]', '{}', '%', '_', '\\', "'", '"', "' or 1=1 --", '$1', '%s%n', '${x}', '<script>alert(1)</script>', '../../etc/passwd', '__proto__', 'constructor',
  HUGE,
];
const HOSTILE_NUMBERS = [2147483648, -2147483649, 2147483647, -2147483648, 2 ** 53 + 2, 1e20, -1e20, 1e308, -1, 0, -0, 0.5, 1.5, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.MIN_VALUE];
const NUMERIC_TEXT = ['9223372036854775807', '9223372036854775808', 'NaN', 'Infinity', '1e20', '99999999999999999999', '2147483648', '-1', '1.5', '0x10', ' 7', '7 ', '', '00000000000000000001'];
/** JSON number tokens no JavaScript value serializes to (Infinity on parse, precision loss, negative zero). */
const RAW_NUMBER_TOKENS = ['1e400', '-1e400', '123456789012345678901234567890', '1.0', '-0', '1E5', '0.0000001'];
const WRONG_TYPES: unknown[] = [null, true, false, 0, '', [], {}, ['x'], { a: 1 }, DEEP_ARRAY, DEEP_OBJECT];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', '', ' ', 'a\u0000b', '\uD800', 'x'.repeat(1_000), 'toString', '$where'];

/** Already-encoded path segments and query strings a client might send as they are. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%80', '%00', '%ED%A0%80', '%2F', '..', '%2e%2e', ';x', '%FF%FE', '+', '%20', 'SHP%0A'];
const RAW_QUERIES = ['%', 'a=%', '=%00', '%E0%A4%A=1', 'status[]=1101', 'status[0]=1101&status[1]=1102', '__proto__[x]=1', 'constructor[prototype][x]=1', '&&&', '==', 'a'.repeat(5_000), 'page=1&page=2&page=x'];
const RAW_JSON_BODIES = ['{"x": ', '', 'null', '[]', '"text"', '1e400', '{"a":1,"a":2}', '\uFEFF{}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(5_000) + ']'.repeat(5_000), '{'.repeat(3), `{"x":"${'A'.repeat(1_100_000)}"}`];
const RAW_FORM_BODIES = ['a=%', '%E0%A4%A=1', '=&=&=', 'shipmentNo=1&shipmentNo=2', 'x'.repeat(5_000), '__proto__=1&constructor=2'];
const WRONG_CONTENT_TYPES = [undefined, 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'application/json', '*/*', 'application/jsonx'];
const IDEMPOTENCY_KEYS = ['', 'short', 'k'.repeat(129), 'a b c d e f g h', '../../../../', 'key\twith\ttabs', 'fuzz-replay-0001', 'fuzz-replay-0002'];

/** Marks a raw JSON token inside a value (private-use brackets); `toJson` writes it unquoted. */
const RAW = (token: string) => `\uE000RAW:${token}\uE001`;
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\uE000RAW:([^"\uE001]*)\uE001"/g, '$1');
}
const unRaw = (text: string) => text.replace(/\uE000RAW:([^\uE001]*)\uE001/g, '$1');

// ── schema-informed generators ──────────────────────────────────────────────

function typesOf(schema: JsonSchema): Set<string> {
  const out = new Set<string>();
  const visit = (s: JsonSchema) => {
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) visit(branch);
    if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t));
    else if (s.type) out.add(s.type);
    for (const v of s.enum ?? []) out.add(typeof v);
  };
  visit(schema);
  return out;
}

/** A value of the schema's own type that it should refuse, or that is at its very edge. */
function hostileValue(schema: JsonSchema, name: string | undefined, known: KnownValues): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const valid = validValue(schema, name, known);
  const arbs: Array<fc.WeightedArbitrary<unknown>> = [];
  if (types.has('string') || types.size === 0) {
    const text = valid.map(scalarText);
    const max = schema.maxLength ?? 200;
    // What PostgreSQL refuses (NUL, a lone surrogate) inside an otherwise fine value: the likeliest 5xx.
    const poisoned = fc.tuple(text, fc.constantFrom('\u0000', '\uD800', '\uDFFF'), fc.nat()).map(([v, bad, at]) => {
      const points = Array.from(v);
      const i = at % (points.length + 1);
      return [...points.slice(0, i), bad, ...points.slice(i)].join('');
    });
    const edges = fc
      .tuple(text, fc.constantFrom(' ', '%', '_', '\n', 'A'.repeat(max + 1)))
      .chain(([v, bad]) => fc.constantFrom(v + bad, bad + v, v.slice(0, 1) + bad + v.slice(1), v.toLowerCase(), ` ${v} `));
    arbs.push({ arbitrary: poisoned, weight: 3 }, { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 }, { arbitrary: edges, weight: 1 });
  }
  if (types.has('integer') || types.has('number')) {
    const range = integerRange(schema);
    arbs.push({ arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, range.min - 1, range.max + 1, schema.minimum ?? 0, schema.maximum ?? 0), weight: 3 });
    arbs.push({ arbitrary: fc.constantFrom(...NUMERIC_TEXT, ...RAW_NUMBER_TOKENS.map(RAW)), weight: 2 });
  }
  if (types.has('boolean')) arbs.push({ arbitrary: fc.constantFrom('true', 'false', '1', 'yes', 1, 0, 'TRUE'), weight: 1 });
  if (schema.enum?.length) arbs.push({ arbitrary: fc.constantFrom(...schema.enum).map((v) => (typeof v === 'string' ? v.toUpperCase() + ' ' : String(v))), weight: 1 });
  if (types.has('array')) {
    const item = schema.items ?? {};
    arbs.push({ arbitrary: validValue(item, undefined, known).map((v) => Array.from({ length: 1_000 }, () => v)), weight: 1 });
    arbs.push({ arbitrary: fc.array(fuzzValue(item, undefined, known, 0.5, 1), { maxLength: 3 }), weight: 2 });
  }
  return fc.oneof(...arbs);
}

/** Anything the schema does not describe. */
const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(...WRONG_TYPES);

/**
 * The chance that one field of an object with `n` fields is drawn malformed:
 * about one bad field per object and a quarter of the objects wholly valid, so
 * most cases pass validation but one field and reach the code behind it.
 */
const mutationRate = (n: number) => Math.min(0.5, 0.8 / Math.max(1, n));
const weight = (p: number) => Math.max(1, Math.round(p * 100));

/** An object with each property drawn by `fuzzValue`; now and then a required one missing or unknown ones added. */
function fuzzObject(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = (schema.required ?? []).filter((k) => k in props);
  const rate = mutationRate(Object.keys(props).length);
  const model = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, fuzzValue(s, key, known, rate, depth + 1)]));
  return fc
    .tuple(
      fc.record(model, { requiredKeys: required }),
      required.length ? fc.option(fc.constantFrom(...required), { freq: 10 }) : fc.constant(null),
      fc.option(fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), fc.oneof(wrongType, fc.constantFrom(...HOSTILE_STRINGS)), { maxKeys: 2 }), { freq: 10 }),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...value };
      if (drop !== null) delete out[drop];
      // defineProperty: a plain assignment of "__proto__" would set the prototype instead of a key.
      for (const [k, v] of Object.entries(extra ?? {})) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
}

/** Valid with probability 1 − `rate`, else hostile or of the wrong type; objects recurse, so one bad field hides in a good body. */
function fuzzValue(schema: JsonSchema, name: string | undefined, known: KnownValues, rate: number, depth = 0): fc.Arbitrary<unknown> {
  if (schema.properties && depth < 4) {
    return fc.oneof(
      { arbitrary: fuzzObject(schema, known, depth), weight: weight(1 - rate) },
      { arbitrary: wrongType, weight: weight(rate / 2) },
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: weight(rate / 2) },
    );
  }
  return fc.oneof(
    { arbitrary: validValue(schema, name, known), weight: weight(1 - rate) },
    { arbitrary: hostileValue(schema, name, known), weight: weight(rate * 0.75) },
    { arbitrary: wrongType, weight: weight(rate * 0.25) },
  );
}

// ── requests ────────────────────────────────────────────────────────────────

type SignatureKind = 'valid' | 'wrong' | 'expired' | 'malformed';

interface FuzzRequest {
  path: Record<string, string | undefined>;
  query: string;
  body: { contentType: string | undefined; payload: string } | null;
  /** Headers the route declares (Last-Event-ID) and the Idempotency-Key of a change. */
  headers: Record<string, string | undefined>;
  /** Public routes: a refresh cookie, with or without the CSRF header a cookie change needs. */
  refreshCookie: string | undefined;
  csrfHeader: boolean;
  signature: SignatureKind;
}

function pathSegment(p: ParamSpec, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: validValue(p.schema, p.name, known).map((v) => encodeComponent(scalarText(v))), weight: 6 },
    { arbitrary: hostileValue(p.schema, p.name, known).map((v) => encodeComponent(unRaw(scalarText(v)))), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );
}

/** Declared parameters, each left out (if optional), given once or repeated, about one of them malformed. */
function paramValues(params: ParamSpec[], known: KnownValues): fc.Arbitrary<Array<[string, string[]]>> {
  const rate = mutationRate(params.length);
  const value = (p: ParamSpec) => fuzzValue(p.schema, p.name, known, rate).map((v) => unRaw(scalarText(v)));
  return fc.tuple(
    ...params.map((p) =>
      fc
        .oneof(
          { arbitrary: fc.constant([] as string[]), weight: p.required ? weight(rate / 3) : 40 },
          { arbitrary: value(p).map((v) => [v]), weight: 55 },
          { arbitrary: fc.tuple(value(p), value(p)), weight: 5 },
        )
        .map((values): [string, string[]] => [p.name, values]),
    ),
  );
}

const toQuery = (params: Array<[string, string[]]>) => params.flatMap(([name, values]) => values.map((v) => `${encodeComponent(name)}=${encodeComponent(v)}`));

function queryString(op: Operation, known: KnownValues): fc.Arbitrary<string> {
  const extra = fc.option(
    fc.tuple(fc.constantFrom(...HOSTILE_KEYS, 'page', 'size', 'lastEventId'), fc.constantFrom(...HOSTILE_STRINGS)).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`),
    { freq: 8 },
  );
  const structured = fc
    .tuple(paramValues(op.query, known), extra)
    .map(([params, more]) => [...toQuery(params), more ?? ''].filter(Boolean).join('&'));
  return fc.oneof({ arbitrary: structured, weight: 12 }, { arbitrary: fc.constantFrom(...RAW_QUERIES), weight: 1 });
}

/** A header value as an HTTP client can send it: visible ASCII and spaces (anything else is refused before the app). */
const headerText = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000);

function requestHeaders(op: Operation, known: KnownValues): fc.Arbitrary<Record<string, string | undefined>> {
  const declared = paramValues(op.headers, known).map((params) => Object.fromEntries(params.filter(([, v]) => v.length > 0).map(([name, v]) => [name, headerText(v[0]!)])));
  const idempotencyKey =
    op.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(fc.oneof(fc.stringMatching(/^fuzz-[0-9a-f]{16}$/), fc.constantFrom(...IDEMPOTENCY_KEYS)), { nil: undefined, freq: 2 });
  return fc.tuple(declared, idempotencyKey).map(([headers, key]) => ({ ...headers, 'idempotency-key': key }));
}

function requestBody(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest['body']> {
  const wrongContent = fc.record({ contentType: fc.constantFrom(...WRONG_CONTENT_TYPES), payload: fc.constantFrom('<x/>', 'a=1', '{}', 'plain text', '') });
  if (op.method === 'GET') return fc.constant(null);
  if (!op.body) {
    return fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      { arbitrary: fuzzValue({}, undefined, known, 0.5).map((v) => ({ contentType: 'application/json', payload: toJson(v) })), weight: 1 },
      { arbitrary: fc.constantFrom(...RAW_JSON_BODIES).map((payload) => ({ contentType: 'application/json', payload })), weight: 1 },
      { arbitrary: wrongContent, weight: 1 },
    );
  }
  const kinds = Object.entries(op.body).map(([contentType, schema]) =>
    fuzzValue(schema, undefined, known, 0.1).map((v) => ({ contentType, payload: contentType.includes('json') ? toJson(v) : unRaw(formEncode(v)) })),
  );
  const raw = Object.keys(op.body).map((contentType) =>
    fc.constantFrom(...(contentType.includes('json') ? RAW_JSON_BODIES : RAW_FORM_BODIES)).map((payload) => ({ contentType, payload })),
  );
  return fc.oneof({ arbitrary: fc.oneof(...kinds), weight: 12 }, { arbitrary: fc.oneof(...raw), weight: 1 }, { arbitrary: wrongContent, weight: 1 });
}

function fuzzRequest(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const optional = optionalPathParams(op.path);
  const path = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, optional.has(p.name) ? fc.option(pathSegment(p, known), { nil: undefined, freq: 4 }) : pathSegment(p, known)])),
  ) as fc.Arbitrary<Record<string, string | undefined>>;
  return fc.record({
    path,
    query: queryString(op, known),
    body: requestBody(op, known),
    headers: requestHeaders(op, known),
    refreshCookie: op.access === 'public' ? fc.option(fc.constantFrom('', 'x', 'a'.repeat(5_000), '%00', 'not.a.token', '1e20'), { nil: undefined, freq: 3 }) : fc.constant(undefined),
    csrfHeader: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
    signature: fc.oneof(
      { arbitrary: fc.constant<SignatureKind>('valid'), weight: 9 },
      { arbitrary: fc.constantFrom<SignatureKind>('wrong', 'expired', 'malformed'), weight: 1 },
    ),
  });
}

/** A request before it is written out: raw values by where they go. */
interface Draft {
  path: Record<string, unknown>;
  query: Array<[string, unknown]>;
  headers: Record<string, unknown>;
  body: { contentType: string; value: unknown } | null;
}

/**
 * A request the schema accepts throughout (real shipments, lines and reasons where
 * known). `everyKey`: every optional parameter and property present too.
 */
function validDraft(op: Operation, known: KnownValues, everyKey: boolean): fc.Arbitrary<Draft> {
  const value = (p: ParamSpec) => validValue(p.schema, p.name, known, everyKey);
  const present = (p: ParamSpec) =>
    p.required || everyKey ? value(p).map((v): [string, unknown][] => [[p.name, v]]) : fc.option(value(p), { nil: undefined }).map((v): [string, unknown][] => (v === undefined ? [] : [[p.name, v]]));
  const body: fc.Arbitrary<Draft['body']> =
    op.method === 'GET' || !op.body
      ? fc.constant(null)
      : fc.oneof(...Object.entries(op.body).map(([contentType, schema]) => validValue(schema, undefined, known, everyKey).map((v) => ({ contentType, value: v }))));
  return fc.record({
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, value(p)]))),
    query: fc.tuple(...op.query.map(present)).map((lists) => lists.flat()),
    headers: fc.tuple(...op.headers.map(present)).map((lists) => Object.fromEntries(lists.flat())),
    body,
  });
}

function written(draft: Draft, idempotencyKey: string | undefined): FuzzRequest {
  const text = (v: unknown) => unRaw(scalarText(v));
  const { body } = draft;
  return {
    path: Object.fromEntries(Object.entries(draft.path).map(([k, v]) => [k, encodeComponent(text(v))])),
    query: toQuery(draft.query.map(([k, v]): [string, string[]] => [k, [text(v)]])).join('&'),
    body: body && { contentType: body.contentType, payload: body.contentType.includes('json') ? toJson(body.value) : unRaw(formEncode(body.value)) },
    headers: { ...Object.fromEntries(Object.entries(draft.headers).map(([k, v]) => [k, headerText(text(v))])), 'idempotency-key': idempotencyKey },
    refreshCookie: undefined,
    csrfHeader: true,
    signature: 'valid',
  };
}

/** Wholly valid requests, so every run also reaches each route's handler, not only its validation. */
function validRequest(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const key = op.method === 'GET' ? fc.constant(undefined) : fc.option(fc.stringMatching(/^fuzz-[0-9a-f]{16}$/), { nil: undefined });
  return fc.tuple(validDraft(op, known, false), key).map(([draft, k]) => written(draft, k));
}

/** What a value of this kind is poisoned with, one at a time: what PostgreSQL, Date or int4 cannot hold. */
function poisonsFor(value: unknown): unknown[] {
  if (typeof value === 'number') return [2147483648, -2147483649, 1e20, RAW('1e400')];
  if (typeof value !== 'string') return [];
  // Between code points: splitting a surrogate pair would add a second poison and hide the first.
  const points = Array.from(value);
  const middle = Math.ceil(points.length / 2);
  const inside = (bad: string) => [...points.slice(0, middle), bad, ...points.slice(middle)].join('');
  const poisons: unknown[] = [inside('\u0000'), inside('\uD800')];
  if (/^-?\d+(\.\d+)?$/.test(value)) poisons.push('2147483648', '99999999999999999999', '1e20', 'NaN');
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) poisons.push('0000-01-01', '9999-12-31', '9999-12-31T23:59:59-14:00', '0000-01-01T00:00:00Z');
  return poisons;
}

/** Every scalar in a value, with where it is. */
function leaves(value: unknown, at: Array<string | number> = []): Array<{ at: Array<string | number>; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [{ at, value }];
}

function replaced(value: unknown, at: Array<string | number>, next: unknown): unknown {
  if (at.length === 0) return next;
  const [head, ...rest] = at;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, next) : v));
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[String(head)] = replaced(copy[String(head)], rest, next);
  return copy;
}

/**
 * The malformed documents themselves, each once per route on an otherwise valid
 * request: path segments the router cannot take, every raw body a change could get (deep nesting, 1 MB, duplicate keys,
 * `__proto__`) with an Idempotency-Key, so it is hashed and stored too, and every
 * raw query string a read could get.
 */
function structuralRequests(op: Operation, known: KnownValues, seed: number): FuzzRequest[] {
  const [base] = fc.sample(validDraft(op, known, false), { seed: seed + 1, numRuns: 1 });
  if (!base) return [];
  const valid = written(base, undefined);
  // A segment longer than the router takes, one it cannot decode, a lone surrogate's bytes.
  const segments = op.pathParams.flatMap((p) => ['A'.repeat(101), '%', '%ED%A0%80'].map((segment) => ({ ...valid, path: { ...valid.path, [p.name]: segment } })));
  if (op.method === 'GET') return [...segments, ...RAW_QUERIES.map((query) => ({ ...valid, query }))];
  const types = op.body ? Object.keys(op.body) : ['application/json'];
  return [...segments, ...types.flatMap((contentType) =>
    (contentType.includes('json') ? RAW_JSON_BODIES : RAW_FORM_BODIES).map((payload, i) => ({
      ...written(base, `fuzz-raw-${String(i).padStart(4, '0')}-${(seed >>> 0).toString(16)}`),
      body: { contentType, payload },
    })),
  )];
}

/**
 * One valid request with every optional field present, then one request per field
 * and poison with only that field changed: every parameter and property of every
 * route meets NUL, a lone surrogate, int4's edges and impossible dates, each alone
 * in an otherwise valid request, so it is the field's own handling that answers.
 */
function poisonedRequests(op: Operation, known: KnownValues, seed: number): FuzzRequest[] {
  const [base] = fc.sample(validDraft(op, known, true), { seed, numRuns: 1 });
  if (!base) return [];
  const out: FuzzRequest[] = [];
  const key = (i: number) => (op.method === 'GET' ? undefined : `fuzz-poison-${String(i).padStart(4, '0')}-${(seed >>> 0).toString(16)}`);
  for (const [name, value] of Object.entries(base.path)) for (const p of poisonsFor(scalarText(value))) out.push(written({ ...base, path: { ...base.path, [name]: p } }, key(out.length)));
  base.query.forEach(([name, value], i) => {
    for (const p of poisonsFor(scalarText(value))) out.push(written({ ...base, query: base.query.map((q, j): [string, unknown] => (j === i ? [name, p] : q)) }, key(out.length)));
  });
  for (const [name, value] of Object.entries(base.headers)) for (const p of poisonsFor(scalarText(value))) out.push(written({ ...base, headers: { ...base.headers, [name]: p } }, key(out.length)));
  if (base.body) {
    for (const leaf of leaves(base.body.value)) {
      for (const p of poisonsFor(leaf.value)) out.push(written({ ...base, body: { ...base.body, value: replaced(base.body.value, leaf.at, p) } }, key(out.length)));
    }
  }
  return out;
}

// ── the run ─────────────────────────────────────────────────────────────────

interface Caller {
  label: string;
  authorization: string;
  accessCookie: string;
}

interface LoggedError {
  level: number;
  msg: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
}

interface Failure {
  route: string;
  request: string;
  status: number;
  /** What is wrong, in words that stay the same from one request to the next. */
  problem: string;
  reply: string;
  root: string;
}

let ctx: TestContext;
let app: FastifyInstance;
let operations: Operation[];
let known: KnownValues;
let callers: Caller[];
const logged: LoggedError[] = [];
/** How much of `logged` some case has looked at: an error logged after the last case is still caught. */
let seenUpTo = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  // An app of our own on the same database, logging errors where the suite can see them:
  // a failure after a reply was sent (an event stream) shows up only there.
  app = await buildApp({
    config: ctx.config,
    handle: ctx.handle,
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          logged.push(JSON.parse(line) as LoggedError);
        },
      },
    },
  });
  await app.ready();
  operations = openApiOperations(app.swagger());

  const login = async (label: string, nik: string): Promise<Caller> => {
    const session = await ctx.loginAs(nik);
    return { label, authorization: session.authorization, accessCookie: session.cookies.at ?? '' };
  };
  const superUser = await login('super user', DEMO_NIK.SUPER_USER);
  const picked = await app.inject({ method: 'POST', url: '/api/members/me/store', headers: { authorization: superUser.authorization }, payload: { storeCode: 'T001' } });
  expect(picked.statusCode).toBe(200);
  callers = [superUser, await login('kepala toko T001', DEMO_NIK.STORE_CHIEF), await login('staff T001', DEMO_NIK.STAFF)];
  known = await readKnownValues(app, ctx.config, callers[1]!.authorization);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

function describeRequest(method: string, url: string, headers: Record<string, string>, payload: string | undefined): string {
  const short = (s: string) => (s.length > 240 ? `${s.slice(0, 240)}…(${s.length} chars)` : s);
  const shown = Object.entries(headers)
    .filter(([k]) => k !== 'authorization' && k !== SIGNATURE_HEADER)
    .map(([k, v]) => `${k}: ${JSON.stringify(short(v))}`);
  return [`${method} ${short(url)}`, ...shown, payload === undefined ? '' : `body ${JSON.stringify(short(payload))}`].filter(Boolean).join(' | ');
}

/** The first line of our own code in a stack (not node_modules), and the error it names. */
function rootOf(errors: LoggedError[]): string {
  if (errors.length === 0) return 'no error logged';
  return errors
    .map((e) => {
      const stack = e.err?.stack ?? '';
      const frame = stack.split('\n').find((l) => /(apps\/server\/src|packages\/contract\/src)/.test(l) && !l.includes('node_modules'));
      const first = `${e.err?.type ?? 'Error'}: ${(e.err?.message ?? e.msg).split('\n')[0]!.slice(0, 200)}`;
      // A failed query names its SQL first; what PostgreSQL said is the cause.
      const cause = /caused by: ([^\n]*)/i.exec(`${e.err?.message ?? ''}\n${stack}`)?.[1];
      return `${first}${cause ? ` (caused by: ${cause.slice(0, 200)})` : ''} @ ${frame?.trim() ?? '(no app frame)'}`;
    })
    .join(' ; ');
}

async function readBody(res: Awaited<ReturnType<FastifyInstance['inject']>>, streaming: boolean): Promise<string> {
  const stream = res.stream();
  const chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve) => {
    timer = setTimeout(resolve, streaming ? STREAM_READ_MS : REPLY_TIMEOUT_MS);
    stream.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      // A stream has answered once it says it is ready; a body is read to its end.
      if (streaming && Buffer.concat(chunks).toString('utf8').includes('event: ready')) resolve();
    });
    stream.on('end', () => resolve());
    stream.on('error', () => resolve());
  });
  clearTimeout(timer);
  if (streaming) {
    // Hang up like a phone leaving the page, so the server drops the stream.
    (res.raw.res as ServerResponse).req.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

function signatureFor(op: Operation, url: string, payload: string | undefined, segment: string | undefined, kind: SignatureKind): string {
  let appId = NaN;
  try {
    appId = Number(decodeURIComponent(segment ?? ''));
  } catch {
    // A malformed segment names no channel; any secret will do.
  }
  const channel = channelByAppId(appId) ?? channelByAppId(APP_IDS[0]!);
  const secret = ctx.config.channelSecrets[String(channel!.appId)] ?? 'none';
  const signed = op.method === 'GET' ? `GET ${url.split('?')[0]}` : (payload ?? '');
  switch (kind) {
    case 'valid':
      return signBody(signed, secret);
    case 'wrong':
      return signBody(`${signed}x`, secret);
    case 'expired':
      return signBody(signed, secret, new Date(0));
    case 'malformed':
      return `t=99999999999999999999,sha256=${'z'.repeat(64)}`;
  }
}

/** Keys an error reply may have: the contract's three, and `data` where a refusal carries facts (POD outside the area). */
const ERROR_REPLY_KEYS = new Set(['message', 'code', 'details', 'data']);

/**
 * Why a 4xx reply is not the contract's error: not JSON `{ message, code, details? }`,
 * a code the contract does not list (the web types `ApiError.code` by that list),
 * or a status other than the contract's for that code.
 */
function errorReplyProblem(status: number, type: string, body: unknown): string | null {
  if (!type.includes('application/json')) return 'error reply is not JSON';
  const shape = errorReplySchema.safeParse(body);
  if (!shape.success) return 'error reply is not { message, code, details? }';
  const extra = Object.keys(body as object).filter((k) => !ERROR_REPLY_KEYS.has(k));
  if (extra.length) return `error reply ${shape.data.code} has keys outside { message, code, details?, data? }: ${extra.join(', ')}`;
  const expected = ERROR_HTTP_STATUS[shape.data.code as ErrorCode] as number | undefined;
  if (expected === undefined) return `error code ${shape.data.code} is not one of the contract's codes`;
  if (expected !== status) return `error code ${shape.data.code} is ${expected} in the contract, answered ${status}`;
  return null;
}

interface Outcome {
  status: number;
  code: string | undefined;
  failure: Failure | null;
  /** The request and the start of its reply, for FUZZ_VERBOSE. */
  sample: string;
}

async function runCase(op: Operation, r: FuzzRequest, index: number): Promise<Outcome> {
  const url = fillPath(op.path, r.path) + (r.query ? `?${r.query}` : '');
  const headers: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  if (op.access === 'session') {
    const caller = callers[index % callers.length]!;
    // Bearer (native host) and cookie (browser, with the CSRF headers a change needs) in turn.
    if (Math.floor(index / callers.length) % 2 === 0) headers.authorization = caller.authorization;
    else {
      cookies.at = caller.accessCookie;
      Object.assign(headers, { host: 'gerai.test', origin: 'https://gerai.test', 'x-requested-with': 'XMLHttpRequest' });
    }
  }
  if (r.body?.contentType !== undefined) headers['content-type'] = r.body.contentType;
  for (const [name, value] of Object.entries(r.headers)) if (value !== undefined) headers[name] = value;
  if (r.refreshCookie !== undefined) {
    cookies.rt = r.refreshCookie;
    if (r.csrfHeader) headers['x-requested-with'] = 'XMLHttpRequest';
  }
  const payload = r.body?.payload;
  if (op.access === 'channel') headers[SIGNATURE_HEADER] = signatureFor(op, url, payload, r.path.appId, r.signature);

  const request = describeRequest(op.method, url, headers, payload);
  const before = logged.length;
  const options: InjectOptions = { method: op.method, url, headers, cookies, payloadAsStream: true, remoteAddress: `10.77.${index % 250}.${(index >> 8) % 250}` };
  if (payload !== undefined) options.payload = payload;
  let status = 0;
  let code: string | undefined;
  let problem = '';
  let reply = '';
  try {
    const res = await Promise.race([
      app.inject(options),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no reply within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS)),
    ]);
    status = res.statusCode;
    const type = String(res.headers['content-type'] ?? '');
    const streaming = type.includes('text/event-stream');
    const text = await readBody(res, streaming);
    reply = text.slice(0, 300);
    if (status >= 500) problem = `HTTP ${status}`;
    else if (status >= 400) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      problem = errorReplyProblem(status, type, parsed) ?? '';
      code = errorReplySchema.safeParse(parsed).data?.code;
    } else if (!streaming && !type.includes('application/json') && !op.replyTypes.some((t) => type.startsWith(t))) problem = `success reply is neither JSON nor a type its document declares: ${type}`;
  } catch (err) {
    problem = `request failed: ${(err as Error).message}`;
  }
  seenUpTo = logged.length;
  const errors = logged.slice(before).filter((e) => e.level >= 50);
  if (!problem && errors.length) problem = `HTTP ${status} but an error was logged`;
  return { status, code, sample: `${request} → ${status} ${reply}`, failure: problem ? { route: op.name, request, status, problem, reply, root: rootOf(errors) } : null };
}

describe('the API under malformed input', () => {
  it('never answers 5xx or logs an error, and answers every 4xx as { message, code, details? }', async () => {
    const failures: Failure[] = [];
    const answers = new Map<string, number>();
    const stages = { valid: 0, poisoned: 0, documents: 0, random: 0 };
    let requests = 0;
    const begun = performance.now();
    for (const op of operations) {
      const seed = seedOf(op.name, FUZZ_SEED);
      const drawn = {
        valid: fc.sample(validRequest(op, known), { seed, numRuns: VALID_RUNS }),
        poisoned: poisonedRequests(op, known, seed),
        documents: structuralRequests(op, known, seed),
        random: fc.sample(fuzzRequest(op, known), { seed, numRuns: RUNS_PER_ROUTE - VALID_RUNS }),
      };
      for (const stage of Object.keys(stages) as Array<keyof typeof stages>) stages[stage] += drawn[stage].length;
      const cases = [...drawn.valid, ...drawn.poisoned, ...drawn.documents, ...drawn.random];
      const tally = new Map<string, number>();
      const samples = new Map<string, string>();
      const started = performance.now();
      for (const [i, r] of cases.entries()) {
        requests += 1;
        const outcome = await runCase(op, r, i);
        if (outcome.failure) failures.push(outcome.failure);
        const answer = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
        tally.set(answer, (tally.get(answer) ?? 0) + 1);
        if (!samples.has(answer)) samples.set(answer, outcome.sample);
        answers.set(String(outcome.status), (answers.get(String(outcome.status)) ?? 0) + 1);
      }
      if (process.env.FUZZ_VERBOSE) {
        console.log(`${op.name} (${Math.round(performance.now() - started)} ms): ${[...tally].map(([a, n]) => `${a} ×${n}`).join(', ')}\n${[...samples.values()].map((x) => `    ${x}`).join('\n')}`);
      }
    }
    // A failure after a reply (a stream's replay) is logged once its stream has ended: wait for every
    // stream of the fuzz app to close, then for one database round trip (behind a replay page still
    // being read), instead of sleeping and hoping the log has caught up.
    const streamsGone = Date.now() + REPLY_TIMEOUT_MS;
    while (app.events.openStreams > 0 && Date.now() < streamsGone) await new Promise((resolve) => setImmediate(resolve));
    if (app.events.openStreams > 0) failures.push({ route: '(after the last request)', request: '-', status: 0, problem: `${app.events.openStreams} event stream(s) still open after their callers hung up`, reply: '', root: '' });
    await ctx.handle.db.execute(sql`select 1`);
    const late = logged.slice(seenUpTo).filter((e) => e.level >= 50);
    if (late.length) failures.push({ route: '(after the last request)', request: '-', status: 0, problem: 'an error was logged after the last request', reply: '', root: rootOf(late) });
    const serverErrors = failures.filter((f) => f.status >= 500).length;
    const byStatus = [...answers].sort().map(([status, n]) => `${status} ×${n}`).join(', ');
    const seconds = ((performance.now() - begun) / 1000).toFixed(1);
    console.log(
      `[api-fuzz] seed ${FUZZ_SEED}: ${operations.length} routes, ${requests} requests (${stages.valid} valid, ${stages.poisoned} one field poisoned, ${stages.documents} malformed documents, ${stages.random} random) in ${seconds} s, ${serverErrors} 5xx, ${failures.length} failures (answers: ${byStatus})`,
    );
    // One entry per problem and root cause: the routes it showed on, and the first request and reply.
    const distinct = new Map<string, Failure & { count: number; routes: Set<string> }>();
    for (const f of failures) {
      const key = `${f.problem} ${f.root}`;
      const seen = distinct.get(key);
      if (seen) {
        seen.count += 1;
        seen.routes.add(f.route);
      } else distinct.set(key, { ...f, count: 1, routes: new Set([f.route]) });
    }
    const report = [...distinct.values()].map(
      (f) => `${f.problem} ×${f.count} on ${[...f.routes].join(', ')}\n    request: ${f.request}\n    reply: ${f.status} ${f.reply.slice(0, 200)}\n    root: ${f.root}`,
    );
    if (report.length) console.log(report.join('\n'));
    expect(operations.length).toBeGreaterThan(25);
    expect(report).toEqual([]);
  }, 180_000);

  it('still serves normal requests afterwards', async () => {
    const chief = callers[1]!.authorization;
    for (const [url, authorization] of [
      ['/api/health', undefined],
      ['/api/app-config', undefined],
      ['/api/members/me', callers[2]!.authorization],
      ['/api/orders/count', chief],
      [`/api/orders?status=${ORDER_STATUS_IDS.join(',')}`, chief],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, url).toBe(200);
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik: DEMO_NIK.STAFF_T002, password: DEMO_PASSWORD }, remoteAddress: '10.99.0.1' });
    expect(login.statusCode).toBe(200);
  });
});
