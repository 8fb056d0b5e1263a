import { beforeAll } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import type { TestContext } from '../test/harness';
import { encodeComponent, exampleOf, fillPath, formEncode, openApiOperations, scalarText, seedOf, type KnownValues, type Operation } from '../test/openapi-walk';
import { multipartEncode, OWN_STORE, ownStoreSetup, type ScopeObject } from './api-scope-objects-test-kit';

export { tokens } from './api-scope-objects-test-kit';

/** The walk of api-scope.test.ts: which routes name an object of a store, their requests about one, and the database's state around each call. */

/** Names in a path, query or body that point at an object of a store. */
const OBJECT_KEYS = new Set(['shipmentNo', 'lineId', 'storeCode']);
/**
 * Path parameters that name a thing of the whole chain's catalogue, not of a store (the stock
 * lookup's product): a route named only by them answers every store about its own stock.
 */
const CATALOGUE_PARAMS = new Set(['productId', 'barcode']);
/**
 * Path parameters that choose a view over the caller's own stores (a monitoring tile), not an object
 * of one store: a route named only by them answers each caller about his own scope, like a list
 * (monitoring.test.ts checks that scope).
 */
const VIEW_PARAMS = new Set(['tile']);
/**
 * Path parameters that name a thing of one person, not of a store (a push device): a route named by
 * them is proven by api-scope.test.ts's "another person" walk (personalOperations) instead.
 */
export const PERSONAL_PARAMS = new Set(['deviceId']);
/** Lists of stock bookings: each names its two stores, so the check is that every item is the caller's own. */
const TWO_STORE_LISTS = new Set(['GET /api/bookings']);
const SEED = 20261122;

export interface ScopeRequest {
  op: Operation;
  object: ScopeObject;
  url: string;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  /** A read that only filters by the object (query): it may answer 2xx with nothing of it. */
  filterOnly: boolean;
  /** What a foreign caller's 2xx reply must not contain. */
  leaks: string[];
  /** What the owner's reply to a filter-only read contains when it found the object. */
  proof: string;
  /** A list of bookings (TWO_STORE_LISTS): a foreign caller's items must all be its own store's. */
  twoStores: boolean;
}

export interface Caller {
  label: string;
  /** The caller's store (its bookings name it). */
  store: string | null;
  headers: Record<string, string>;
  expected: number[];
  signedIn: boolean;
}

let ctx: TestContext;
let operations: Operation[];
/** T001's objects (a live binding: filled in by the suite's `beforeAll`). */
export let objects: ScopeObject[];
let known: KnownValues;

/** The walk on the file's context: the document's operations and T001's objects, before the tests. */
export function scopeSuite(context: TestContext): void {
  beforeAll(async () => {
    ctx = context;
    operations = openApiOperations(ctx.app.swagger());
    ({ objects, known } = await ownStoreSetup(ctx));
  }, 120_000);
}

/** The values an object gives the names of a route; anything else comes from the route's schema. */
export function valuesOf(object: ScopeObject): Record<string, unknown> {
  // `id` is named by the upload routes only: a route with another kind of `{id}` must teach this suite its object.
  return {
    shipmentNo: object.shipmentNo,
    orderNo: object.orderNo,
    lineId: object.lineId,
    deliveryType: object.deliveryType,
    storeCode: OWN_STORE,
    id: object.uploadId,
    bookID: object.bookID,
    matNo: object.matNo,
    idTbsms: object.idTbsms,
    idTicket: object.idTicket,
    idAttachment: object.idAttachment,
    // The POD request of an order (scan and go's); a return's is reached through its order the same way.
    type: 'order',
    // A transfer is confirmed with a PIN (of the right shape; it is refused by side or scope before it is checked).
    pin: '000000',
  };
}

export function namesOf(op: Operation): { path: string[]; query: string[]; body: string[] } {
  const bodySchema = op.body ? Object.values(op.body)[0] : undefined;
  return { path: op.pathParams.map((p) => p.name), query: op.query.map((p) => p.name), body: Object.keys(bodySchema?.properties ?? {}) };
}

/** Session routes that name an object of a store. */
export function scopedOperations(): Operation[] {
  return operations.filter((op) => {
    if (op.access !== 'session') return false;
    const names = namesOf(op);
    if (names.path.some((n) => PERSONAL_PARAMS.has(n))) return false;
    return names.path.some((n) => !CATALOGUE_PARAMS.has(n) && !VIEW_PARAMS.has(n)) || [...names.query, ...names.body].some((n) => OBJECT_KEYS.has(n));
  });
}

/** Session routes that name a thing of one person (PERSONAL_PARAMS). */
export function personalOperations(): Operation[] {
  return operations.filter((op) => op.access === 'session' && namesOf(op).path.some((n) => PERSONAL_PARAMS.has(n)));
}

/** A valid request of the route about one object: its names filled from the object, the rest a fixed example of the schema. */
export function requestFor(op: Operation, object: ScopeObject): ScopeRequest {
  const values = valuesOf(object);
  const seed = seedOf(op.name, SEED);
  const pathValues = Object.fromEntries(
    op.pathParams.map((p) => [p.name, encodeComponent(scalarText(p.name in values ? values[p.name] : exampleOf(p.schema, p.name, known, seed)))]),
  );
  const query = op.query
    .filter((p) => p.name in values || p.required)
    .map((p) => `${p.name}=${encodeComponent(scalarText(p.name in values ? values[p.name] : exampleOf(p.schema, p.name, known, seed)))}`)
    .join('&');
  let contentType: string | undefined;
  let payload: string | Buffer | undefined;
  if (op.body) {
    contentType = 'application/json' in op.body ? 'application/json' : Object.keys(op.body)[0]!;
    const bodySchema = op.body[contentType]!;
    const example = exampleOf(bodySchema, undefined, known, seed);
    const body: Record<string, unknown> = example !== null && typeof example === 'object' ? { ...(example as Record<string, unknown>) } : {};
    for (const name of Object.keys(bodySchema.properties ?? {})) if (name in values) body[name] = values[name];
    // The PIN or the QR, never both (a transfer's confirmation): the PIN is sent.
    if ('pin' in body) delete body.qr;
    if (contentType.includes('multipart')) ({ contentType, payload } = multipartEncode(body));
    else payload = contentType.includes('json') ? JSON.stringify(body) : formEncode(body);
  }
  const names = namesOf(op);
  return {
    op,
    object,
    url: fillPath(op.path, pathValues) + (query ? `?${query}` : ''),
    contentType,
    payload,
    filterOnly: op.method === 'GET' && names.path.length === 0,
    leaks: [object.shipmentNo, object.orderNo, `"${OWN_STORE}"`],
    // A list of bookings filtered by T001 as the other store is empty for T001 itself: reaching it is the proof.
    proof: TWO_STORE_LISTS.has(op.name) ? '"items"' : names.query.includes('shipmentNo') ? object.shipmentNo : `"${OWN_STORE}"`,
    twoStores: TWO_STORE_LISTS.has(op.name),
  };
}

export async function call(request: ScopeRequest, headers: Record<string, string>) {
  return ctx.app.inject({
    method: request.op.method,
    url: request.url,
    headers: { ...headers, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

/**
 * Every row count, and the rows of the tables that hold T001's objects and the
 * callers' own state (active store), as one text: equal texts mean nothing changed.
 */
export async function databaseState(): Promise<string> {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableName(t));
  const counts = tables.map((name) => `select '${name}' as t, count(*)::text as v from "${name}"`).join(' union all ');
  const digests = ['orders', 'order_lines', 'order_paper_bags', 'pod_approval_requests', 'pod_records', 'cancel_requests', 'returns', 'users']
    .filter((name) => tables.includes(name))
    .map((name) => `select '${name}#' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as v from "${name}" x`)
    .join(' union all ');
  const { rows } = (await ctx.handle.db.execute(sql.raw(`${counts} union all ${digests} order by 1`))) as unknown as { rows: Array<{ t: string; v: string }> };
  return rows.map((r) => `${r.t}=${r.v}`).join('\n');
}

/**
 * The next transaction id PostgreSQL will hand out. It moves only when a
 * transaction writes, so an unmoved one proves nothing was written and the
 * full comparison of `databaseState` can be skipped.
 */
export async function nextTransactionId(): Promise<string> {
  const { rows } = (await ctx.handle.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as { rows: Array<{ x: string }> };
  return rows[0]!.x;
}

/** A booking in the reply that is not the caller's store's (neither booked by it nor addressed to it). */
export function foreignBooking(body: string, store: string | null): boolean {
  const items = (JSON.parse(body) as { data?: { items?: Array<{ storeCode?: string; offeredTo?: { storeCode?: string } }> } }).data?.items ?? [];
  return items.some((b) => b.storeCode !== store && b.offeredTo?.storeCode !== store);
}

export function changedTables(before: string, after: string): string {
  const a = new Set(after.split('\n'));
  return before
    .split('\n')
    .filter((line) => !a.has(line))
    .map((line) => line.split('=')[0])
    .join(', ');
}
