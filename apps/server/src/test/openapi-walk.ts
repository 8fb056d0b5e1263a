import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ORDER_STATUS_IDS, PAYMENT_IDS } from '@gerai/contract';
import type { Config } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-data';

/**
 * Walks the published OpenAPI document, so a suite built on it covers a route
 * added later without naming it. Shared by the fuzz and scope suites; also the
 * schema-driven value generators both use.
 */

/** The part of JSON Schema the zod → OpenAPI transform writes. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
}

export interface ParamSpec {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  /** "POST /api/orders/{shipmentNo}/claim", as the document names it. */
  name: string;
  method: HttpMethod;
  /** The document's path, `{name}` for a parameter and `{name}?` for an optional one. */
  path: string;
  access: 'public' | 'session' | 'channel';
  minRole: number | undefined;
  pathParams: ParamSpec[];
  query: ParamSpec[];
  /** Request headers the route declares (Last-Event-ID). */
  headers: ParamSpec[];
  /** Request body schema per content type; null when the route declares none. */
  body: Record<string, JsonSchema> | null;
  /** The content types the document declares for a success (2xx) reply (a CSV download's text/csv). */
  replyTypes: string[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  'x-gerai-access'?: Operation['access'];
  'x-gerai-min-role'?: number;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of the document (what `app.swagger()` returns). */
export function openApiOperations(document: unknown): Operation[] {
  const doc = document as OpenApiDoc;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): Operation => {
        const params = (where: string) =>
          (op.parameters ?? []).filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
        const content = op.requestBody?.content;
        const access = op['x-gerai-access'];
        if (access === undefined) throw new Error(`${method.toUpperCase()} ${path} does not say who may call it (x-gerai-access)`);
        return {
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as HttpMethod,
          path,
          access,
          minRole: op['x-gerai-min-role'],
          pathParams: params('path'),
          query: params('query'),
          headers: params('header'),
          body: content ? Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema ?? {}])) : null,
          replyTypes: Object.entries(op.responses ?? {})
            .filter(([status]) => status.startsWith('2'))
            .flatMap(([, reply]) => Object.keys(reply.content ?? {})),
        };
      }),
  );
}

/**
 * The URL path with each parameter replaced by its (already encoded) value.
 * An optional parameter (`{type}?`) whose value is undefined is left out with its slash.
 */
export function fillPath(path: string, values: Record<string, string | undefined>): string {
  return path
    .replace(/\/\{(\w+)\}\?/g, (_, name: string) => (values[name] === undefined ? '' : `/${values[name]}`))
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
      return value;
    });
}

/** Names of the path parameters that may be left out (`{name}?`). */
export function optionalPathParams(path: string): Set<string> {
  return new Set([...path.matchAll(/\{(\w+)\}\?/g)].map((m) => m[1]!));
}

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as the
 * WTF-8 bytes a careless client would send), where `encodeURIComponent` throws.
 */
export function encodeComponent(value: string): string {
  let out = '';
  for (const ch of value) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** `application/x-www-form-urlencoded` of a value: arrays repeat their key, objects go as JSON text. */
export function formEncode(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return encodeComponent(scalarText(value));
  return Object.entries(value as Record<string, unknown>)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${encodeComponent(k)}=${encodeComponent(scalarText(item))}`))
    .join('&');
}

/** How a value travels in a path, query or form field. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

const INT32 = { min: -2147483648, max: 2147483647 };
/** Strings a valid value is built from stay short, so valid cases are cheap. */
const VALID_STRING_MAX = 40;

function schemaTypes(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function bound(value: boolean | number | undefined, base: number | undefined): { limit: number | undefined; exclusive: boolean } {
  if (typeof value === 'number') return { limit: value, exclusive: true };
  return { limit: base, exclusive: value === true };
}

/** The inclusive integer range a schema allows, narrowed to int32 so values stay meaningful for a database. */
export function integerRange(schema: JsonSchema): { min: number; max: number } {
  const lo = bound(schema.exclusiveMinimum, schema.minimum);
  const hi = bound(schema.exclusiveMaximum, schema.maximum);
  const min = Math.max(INT32.min, lo.limit === undefined ? INT32.min : Math.ceil(lo.limit) + (lo.exclusive && Number.isInteger(lo.limit) ? 1 : 0));
  const max = Math.min(INT32.max, hi.limit === undefined ? INT32.max : Math.floor(hi.limit) - (hi.exclusive && Number.isInteger(hi.limit) ? 1 : 0));
  return min <= max ? { min, max } : { min: max, max };
}

/** Values known to name real things (a store, a shipment), by property or parameter name. */
export type KnownValues = Partial<Record<string, readonly unknown[]>>;

/**
 * A value the schema accepts (best effort: patterns through `fc.stringMatching`,
 * lengths and ranges respected). A name with known values draws from them too,
 * so a valid-looking request reaches real objects and the code behind them.
 */
export function validValue(schema: JsonSchema, name?: string, known: KnownValues = {}, everyKey = false): fc.Arbitrary<unknown> {
  const real = name !== undefined ? known[name] : undefined;
  const shaped = validShape(schema, known, everyKey);
  return real && real.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, { arbitrary: shaped, weight: 1 }) : shaped;
}

/** `everyKey`: optional properties too, so every field of the schema is in the value. */
function validShape(schema: JsonSchema, known: KnownValues, everyKey: boolean): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) options.push(fc.constantFrom(...schema.enum));
  else if (schema.anyOf?.length || schema.oneOf?.length) options.push(...(schema.anyOf ?? schema.oneOf ?? []).map((s) => validShape(s, known, everyKey)));
  else if (schema.allOf?.length) options.push(validShape(Object.assign({}, ...schema.allOf) as JsonSchema, known, everyKey));
  else {
    const types = schemaTypes(schema);
    for (const type of types.length ? types : ['string']) options.push(validOfType(type, schema, known, everyKey));
  }
  if (schema.nullable && !everyKey) options.push(fc.constant(null));
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function validOfType(type: string, schema: JsonSchema, known: KnownValues, everyKey: boolean): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? VALID_STRING_MAX, VALID_STRING_MAX));
      // A calendar format first: a pattern alone draws days no calendar has, or years far off.
      if (schema.format === 'date') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) {
        const within = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
        // Draws past maxLength are trimmed away; a pattern whose draws hardly ever fit would spin that filter forever.
        const drawn = fc.stringMatching(new RegExp(schema.pattern));
        if (!fc.sample(drawn, { numRuns: 100, seed: 1 }).some(within)) throw new Error(`The pattern ${schema.pattern} hardly ever draws ${minLength}–${schema.maxLength ?? '∞'} characters: put the length in the pattern.`);
        return drawn.filter(within);
      }
      return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((s) => s.trim().length >= minLength);
    }
    case 'integer':
      return fc.integer(integerRange(schema));
    case 'number': {
      const range = integerRange(schema);
      return fc.double({ min: range.min, max: range.max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items ?? {}, undefined, known, everyKey), { minLength: everyKey ? Math.max(1, minLength) : minLength, maxLength: Math.max(1, minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, validValue(s, key, known, everyKey)]));
      return fc.record(model, { requiredKeys: everyKey ? Object.keys(props) : (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.anything();
  }
}

/** One fixed valid value for a schema, the same on every run. */
export function exampleOf(schema: JsonSchema, name: string | undefined, known: KnownValues, seed: number): unknown {
  return fc.sample(validValue(schema, name, known), { seed, numRuns: 1 })[0];
}

/** A stable 32-bit seed per text (FNV-1a), so each route keeps its cases when others are added. */
export function seedOf(text: string, base: number): number {
  let h = 0x811c9dc5 ^ base;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** Real values by name, read through the API, so valid-looking cases reach real orders, lines and reasons. */
export async function readKnownValues(app: FastifyInstance, config: Pick<Config, 'channelSecrets'>, authorization: string): Promise<KnownValues> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization } });
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };
  const list = (await get(`/api/orders?status=${ORDER_STATUS_IDS.join(',')}&size=100`)) as { items: Array<{ shipmentNo: string; orderNo: string }> };
  const details = (await Promise.all(list.items.slice(0, 12).map((o) => get(`/api/orders/${o.shipmentNo}`)))) as Array<{ products: Array<{ lineId: number; barcode: string }> }>;
  const reasonIds = async (url: string) => ((await get(url)) as { items: Array<{ id: number }> }).items.map((r) => r.id);
  // Material transfers of T001, either side (the seed's), so transfer routes reach a real transfer.
  const transfers = (await Promise.all(['out', 'in'].map((side) => get(`/api/transfers?side=${side}&size=100`)))).flatMap((page) => (page as { items: Array<{ matNo: string; idTbsms: string }> }).items);
  return {
    shipmentNo: list.items.map((o) => o.shipmentNo),
    orderNo: list.items.map((o) => o.orderNo),
    lineId: details.flatMap((d) => d.products.map((p) => p.lineId)),
    barcode: details.flatMap((d) => d.products.map((p) => p.barcode)),
    storeCode: ['T001', 'T002'],
    // Channels with a secret here, so a signed call reaches intake.
    appId: Object.keys(config.channelSecrets).map(Number),
    status: [ORDER_STATUS_IDS.join(','), ...ORDER_STATUS_IDS.map(String)],
    paymentId: [...PAYMENT_IDS],
    deliveryType: [0, 1],
    reasonId: await reasonIds('/api/pod/reasons/request'),
    rejectReasonId: await reasonIds('/api/pod/reasons/reject'),
    nik: DEMO_ACCOUNTS.map((a) => a.nik),
    password: [DEMO_PASSWORD],
    type: ['order'],
    matNo: transfers.map((t) => t.matNo),
    idTbsms: transfers.map((t) => t.idTbsms),
  };
}
