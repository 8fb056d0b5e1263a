import fc from 'fast-check';
import { integerRange, scalarText, validValue, type JsonSchema, type KnownValues } from '../test/openapi-walk';

/** The hostile values and schema-informed generators of api-fuzz.test.ts. */

/** A reply must finish within this; a hang is a failure, not a stuck suite. */
export const REPLY_TIMEOUT_MS = 10_000;
/** How long an event stream is read before the fuzzer hangs up (a replay runs one query). */
export const STREAM_READ_MS = 150;

// ── hostile values ──────────────────────────────────────────────────────────

export const HUGE = 'A'.repeat(100_000);
export const DEEP_ARRAY = Array.from({ length: 2_000 }).reduce<unknown>((inner) => [inner], 1);
export const DEEP_OBJECT = Array.from({ length: 2_000 }).reduce<unknown>((inner) => ({ a: inner }), 1);

export const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uDBFF', '\uFFFE', '\u202Eabc', '😀'.repeat(50), 'İı', '\r\n', '\t',
  '0000-01-01', '9999-12-31', '9999-12-31T23:59:59-14:00', '0000-01-01T00:00:00Z', '2026-02-30', '2026-13-01', '2026-11-22T25:00:00Z', '1970-01-01T00:00:00+99:99', '+275760-09-13', 'T',
  'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '2147483648', '-2147483649', '9223372036854775807', '9223372036854775808', '1e20', '99999999999999999999', '1.5', '0x1F', ' 1 ', '１２３',
  'null', 'undefined', 'true', '[]', '{}', '%', '_', '\\', "'", '"', "' or 1=1 --", '$1', '%s%n', '${x}', '<script>alert(1)</script>', '../../etc/passwd', '__proto__', 'constructor',
  HUGE,
];
export const HOSTILE_NUMBERS = [2147483648, -2147483649, 2147483647, -2147483648, 2 ** 53 + 2, 1e20, -1e20, 1e308, -1, 0, -0, 0.5, 1.5, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.MIN_VALUE];
export const NUMERIC_TEXT = ['9223372036854775807', '9223372036854775808', 'NaN', 'Infinity', '1e20', '99999999999999999999', '2147483648', '-1', '1.5', '0x10', ' 7', '7 ', '', '00000000000000000001'];
/** JSON number tokens no JavaScript value serializes to (Infinity on parse, precision loss, negative zero). */
export const RAW_NUMBER_TOKENS = ['1e400', '-1e400', '123456789012345678901234567890', '1.0', '-0', '1E5', '0.0000001'];
export const WRONG_TYPES: unknown[] = [null, true, false, 0, '', [], {}, ['x'], { a: 1 }, DEEP_ARRAY, DEEP_OBJECT];
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', '', ' ', 'a\u0000b', '\uD800', 'x'.repeat(1_000), 'toString', '$where'];

/** Already-encoded path segments and query strings a client might send as they are. */
export const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%80', '%00', '%ED%A0%80', '%2F', '..', '%2e%2e', ';x', '%FF%FE', '+', '%20', 'SHP%0A'];
export const RAW_QUERIES = ['%', 'a=%', '=%00', '%E0%A4%A=1', 'status[]=1101', 'status[0]=1101&status[1]=1102', '__proto__[x]=1', 'constructor[prototype][x]=1', '&&&', '==', 'a'.repeat(5_000), 'page=1&page=2&page=x'];
export const RAW_JSON_BODIES = ['{"x": ', '', 'null', '[]', '"text"', '1e400', '{"a":1,"a":2}', '\uFEFF{}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(5_000) + ']'.repeat(5_000), '{'.repeat(3), `{"x":"${'A'.repeat(1_100_000)}"}`];
export const RAW_FORM_BODIES = ['a=%', '%E0%A4%A=1', '=&=&=', 'shipmentNo=1&shipmentNo=2', 'x'.repeat(5_000), '__proto__=1&constructor=2'];
export const WRONG_CONTENT_TYPES = [undefined, 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'application/json', '*/*', 'application/jsonx'];
export const IDEMPOTENCY_KEYS = ['', 'short', 'k'.repeat(129), 'a b c d e f g h', '../../../../', 'key\twith\ttabs', 'fuzz-replay-0001', 'fuzz-replay-0002'];

/** Marks a raw JSON token inside a value (private-use brackets); `toJson` writes it unquoted. */
export const RAW = (token: string) => `\uE000RAW:${token}\uE001`;
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\uE000RAW:([^"\uE001]*)\uE001"/g, '$1');
}
export const unRaw = (text: string) => text.replace(/\uE000RAW:([^\uE001]*)\uE001/g, '$1');

// ── schema-informed generators ──────────────────────────────────────────────

export function typesOf(schema: JsonSchema): Set<string> {
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
export function hostileValue(schema: JsonSchema, name: string | undefined, known: KnownValues): fc.Arbitrary<unknown> {
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
  // Nothing of its own to break (an object without properties, a union of objects): the wrong type.
  if (arbs.length === 0) arbs.push({ arbitrary: wrongType, weight: 1 });
  return fc.oneof(...arbs);
}

/** Anything the schema does not describe. */
export const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(...WRONG_TYPES);

/**
 * The chance that one field of an object with `n` fields is drawn malformed:
 * about one bad field per object and a quarter of the objects wholly valid, so
 * most cases pass validation but one field and reach the code behind it.
 */
export const mutationRate = (n: number) => Math.min(0.5, 0.8 / Math.max(1, n));
export const weight = (p: number) => Math.max(1, Math.round(p * 100));

/** An object with each property drawn by `fuzzValue`; now and then a required one missing or unknown ones added. */
export function fuzzObject(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<Record<string, unknown>> {
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
export function fuzzValue(schema: JsonSchema, name: string | undefined, known: KnownValues, rate: number, depth = 0): fc.Arbitrary<unknown> {
  // A union of shapes (a discriminated body): each branch fuzzed as itself, so a bad field hides in a good branch.
  const branches = schema.oneOf ?? schema.anyOf;
  if (!schema.properties && branches?.some((b) => b.properties)) return fc.oneof(...branches.map((b) => fuzzValue(b, name, known, rate, depth)));
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
