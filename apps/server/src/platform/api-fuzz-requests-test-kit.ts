import fc from 'fast-check';
import { encodeComponent, formEncode, optionalPathParams, scalarText, validValue, type KnownValues, type Operation, type ParamSpec } from '../test/openapi-walk';
import { fuzzValue, HOSTILE_KEYS, HOSTILE_STRINGS, hostileValue, IDEMPOTENCY_KEYS, mutationRate, RAW, RAW_FORM_BODIES, RAW_JSON_BODIES, RAW_QUERIES, RAW_SEGMENTS, toJson, unRaw, weight, WRONG_CONTENT_TYPES } from './api-fuzz-values-test-kit';

/** The requests api-fuzz.test.ts sends: drawn at random, wholly valid, one field poisoned, malformed documents. */

// ── requests ────────────────────────────────────────────────────────────────

export type SignatureKind = 'valid' | 'wrong' | 'expired' | 'malformed';

export interface FuzzRequest {
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

export function pathSegment(p: ParamSpec, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: validValue(p.schema, p.name, known).map((v) => encodeComponent(scalarText(v))), weight: 6 },
    { arbitrary: hostileValue(p.schema, p.name, known).map((v) => encodeComponent(unRaw(scalarText(v)))), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );
}

/** Declared parameters, each left out (if optional), given once or repeated, about one of them malformed. */
export function paramValues(params: ParamSpec[], known: KnownValues): fc.Arbitrary<Array<[string, string[]]>> {
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

export const toQuery = (params: Array<[string, string[]]>) => params.flatMap(([name, values]) => values.map((v) => `${encodeComponent(name)}=${encodeComponent(v)}`));

export function queryString(op: Operation, known: KnownValues): fc.Arbitrary<string> {
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
export const headerText = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000);

export function requestHeaders(op: Operation, known: KnownValues): fc.Arbitrary<Record<string, string | undefined>> {
  const declared = paramValues(op.headers, known).map((params) => Object.fromEntries(params.filter(([, v]) => v.length > 0).map(([name, v]) => [name, headerText(v[0]!)])));
  const idempotencyKey =
    op.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(fc.oneof(fc.stringMatching(/^fuzz-[0-9a-f]{16}$/), fc.constantFrom(...IDEMPOTENCY_KEYS)), { nil: undefined, freq: 2 });
  return fc.tuple(declared, idempotencyKey).map(([headers, key]) => ({ ...headers, 'idempotency-key': key }));
}

export function requestBody(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest['body']> {
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

export function fuzzRequest(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
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
export interface Draft {
  path: Record<string, unknown>;
  query: Array<[string, unknown]>;
  headers: Record<string, unknown>;
  body: { contentType: string; value: unknown } | null;
}

/**
 * A request the schema accepts throughout (real shipments, lines and reasons where
 * known). `everyKey`: every optional parameter and property present too.
 */
export function validDraft(op: Operation, known: KnownValues, everyKey: boolean): fc.Arbitrary<Draft> {
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

export function written(draft: Draft, idempotencyKey: string | undefined): FuzzRequest {
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
export function validRequest(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const key = op.method === 'GET' ? fc.constant(undefined) : fc.option(fc.stringMatching(/^fuzz-[0-9a-f]{16}$/), { nil: undefined });
  return fc.tuple(validDraft(op, known, false), key).map(([draft, k]) => written(draft, k));
}

/** What a value of this kind is poisoned with, one at a time: what PostgreSQL, Date or int4 cannot hold. */
export function poisonsFor(value: unknown): unknown[] {
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
export function leaves(value: unknown, at: Array<string | number> = []): Array<{ at: Array<string | number>; value: unknown }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [{ at, value }];
}

export function replaced(value: unknown, at: Array<string | number>, next: unknown): unknown {
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
export function structuralRequests(op: Operation, known: KnownValues, seed: number): FuzzRequest[] {
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
export function poisonedRequests(op: Operation, known: KnownValues, seed: number): FuzzRequest[] {
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
