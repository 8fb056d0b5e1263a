import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ORDER_STATUS_IDS, RETURN_STATUSES } from '@gerai/contract';
import * as schema from '../db/schema';
import { DEMO_NIK } from '../seed/demo-data';
import { createTestContext, type TestContext } from '../test/harness';
import { productPicker, setStock, STAFF_T003, transferApi, wrongPin } from '../modules/transfers/transfer-test-kit';
import { encodeComponent, exampleOf, fillPath, formEncode, openApiOperations, scalarText, seedOf, type KnownValues, type Operation } from '../test/openapi-walk';

/**
 * Issue 9: store scope, proven over the published document. Every session route
 * that names an object of a store (in its path, or a shipmentNo / lineId /
 * storeCode in its query or body) is called with real objects of store T001 by
 * T002's staff, T002's kepala toko and nobody: 403 or 404 (401 for nobody), and
 * the database is the same afterwards. A read that filters by the object may
 * answer 2xx instead, but must not mention it; a body T001's own kepala toko is
 * refused in the very same 400 words (a POD request for a pickup order) is about
 * the request, not the store, and is counted apart. T001's kepala toko then calls each
 * route with the same objects and must reach at least one, which proves the
 * objects were real and visible to their own store. route-kit.test.ts proves the
 * 401 of every session route on its own; here nobody is one more caller of the
 * matrix, with real objects and the "changes nothing" check.
 */

/** Names in a path, query or body that point at an object of a store. */
const OBJECT_KEYS = new Set(['shipmentNo', 'lineId', 'storeCode']);
/**
 * Path parameters that name a thing of the whole chain's catalogue, not of a store (the stock
 * lookup's product): a route named only by them answers every store about its own stock.
 */
const CATALOGUE_PARAMS = new Set(['productId', 'barcode']);
/** Lists of stock bookings: each names its two stores, so the check is that every item is the caller's own. */
const TWO_STORE_LISTS = new Set(['GET /api/bookings']);
const OWN_STORE = 'T001';
const SEED = 20261122;

interface ScopeObject {
  label: string;
  shipmentNo: string;
  orderNo: string;
  deliveryType: number;
  lineId: number;
  /** A photo T001's crew uploaded (the `{id}` of /api/uploads/{id}). */
  uploadId: string;
  /** A stock booking of T001 addressed to a store other than T002 (the `{bookID}` of /api/bookings/{bookID}). */
  bookID: number;
  /** A material transfer T001 sent to a store other than T002 (the `{matNo}` and `{idTbsms}` of /api/transfers/…). */
  matNo: string;
  idTbsms: string;
  /** A helpdesk ticket of T001 and a file on it its kepala toko added (`{idTicket}`, `{idAttachment}`). */
  idTicket: number;
  idAttachment: number;
}

interface ScopeRequest {
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

interface Caller {
  label: string;
  /** The caller's store (its bookings name it). */
  store: string | null;
  headers: Record<string, string>;
  expected: number[];
  signedIn: boolean;
}

let ctx: TestContext;
let operations: Operation[];
let objects: ScopeObject[];
let known: KnownValues;
const tokens = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  operations = openApiOperations(ctx.app.swagger());
  for (const nik of [DEMO_NIK.STAFF, DEMO_NIK.STORE_CHIEF, DEMO_NIK.STAFF_T002, DEMO_NIK.STORE_CHIEF_T002]) tokens.set(nik, (await ctx.loginAs(nik)).authorization);
  objects = await ownStoreObjects(await ownStoreUpload(), await ownStoreBooking(), { ...(await ownStoreTransfer()), ...(await ownStoreTicket()) });
  known = {
    reasonId: await reasonIds('/api/pod/reasons/request'),
    rejectReasonId: await reasonIds('/api/pod/reasons/reject'),
    type: ['order'],
  };
}, 120_000);
afterAll(async () => ctx?.close());

async function get(nik: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: tokens.get(nik)! } });
  expect(res.statusCode, url).toBe(200);
  return res.json().data;
}

const reasonIds = async (url: string) => ((await get(DEMO_NIK.STAFF, url)) as { items: Array<{ id: number }> }).items.map((r) => r.id);

/** A photo uploaded by T001's staff: the object of the upload routes. */
async function ownStoreUpload(): Promise<string> {
  const boundary = 'scope-upload-boundary';
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization: tokens.get(DEMO_NIK.STAFF)!, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A stock booking of T001 that T002 has no part in: booked by T001, addressed to another store. */
async function ownStoreBooking(): Promise<number> {
  const { items } = (await get(DEMO_NIK.STAFF, '/api/bookings?direction=out&size=100')) as { items: Array<{ bookID: number; offeredTo: { storeCode: string } }> };
  const booking = items.find((b) => b.offeredTo.storeCode !== 'T002');
  expect(booking, 'a booking of T001 addressed to a store other than T002').toBeDefined();
  return booking!.bookID;
}

/**
 * Material transfers T001 sent to T003, which T002 has no part in: one waiting (the object of the
 * transfer routes), one locked by wrong PINs and one received short (so T001's watch lists name T001).
 */
async function ownStoreTransfer(): Promise<{ matNo: string; idTbsms: string }> {
  const transfers = transferApi(ctx);
  const product = await productPicker(ctx)();
  await setStock(ctx, OWN_STORE, product.productId, 10);
  const send = () => transfers.sent(DEMO_NIK.STAFF, 'T003', [{ productId: product.productId, qty: 2 }]);
  const locked = await send();
  for (let i = 0; i < 5; i++) await transfers.confirm(STAFF_T003, locked.transfer.idTbsms, { pin: wrongPin(locked.secret.pin) });
  const short = await send();
  expect((await transfers.confirm(STAFF_T003, short.transfer.idTbsms, { pin: short.secret.pin })).statusCode).toBe(200);
  const finished = await transfers.step(STAFF_T003, short.transfer.matNo, 'finish', { lines: [{ productId: product.productId, qtyReceived: 1, reason: 'missing' }] });
  expect(finished.statusCode, finished.body).toBe(200);
  const { transfer } = await send();
  return { matNo: transfer.matNo, idTbsms: transfer.idTbsms };
}

const SCOPE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A multipart form as a browser sends it: scalar fields as text, and one small PNG for each array
 * field (the files of a helpdesk call, which its schema lists as their digests).
 */
function multipartEncode(body: Record<string, unknown>): { contentType: string; payload: Buffer } {
  const boundary = 'scope-form-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(body)) {
    const file = Array.isArray(value);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="foto.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`));
    chunks.push(file ? SCOPE_PNG : Buffer.from(scalarText(value)), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** A helpdesk ticket of T001 (seeded) and a file its kepala toko added to it: the objects of the ticket routes. */
async function ownStoreTicket(): Promise<{ idTicket: number; idAttachment: number }> {
  const { items } = (await get(DEMO_NIK.STORE_CHIEF, '/api/helpdesk/tickets?status=open&size=1')) as { items: Array<{ id: number; storeCode: string }> };
  expect(items[0]?.storeCode).toBe(OWN_STORE);
  const idTicket = items[0]!.id;
  const form = multipartEncode({ attachments: [] });
  const res = await ctx.app.inject({ method: 'POST', url: `/api/helpdesk/tickets/${idTicket}/attachments`, headers: { authorization: tokens.get(DEMO_NIK.STORE_CHIEF)!, 'content-type': form.contentType }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  const detail = (await get(DEMO_NIK.STORE_CHIEF, `/api/helpdesk/tickets/${idTicket}`)) as { attachments: Array<{ id: number }> };
  return { idTicket, idAttachment: detail.attachments.at(-1)!.id };
}

/**
 * Real orders of T001 as its staff sees them: one per status and delivery type,
 * plus the orders of its kepala toko's POD approval queue (the objects of the POD routes)
 * and of its returns in every status (the objects of the return routes).
 */
async function ownStoreObjects(uploadId: string, bookID: number, transfer: Pick<ScopeObject, 'matNo' | 'idTbsms' | 'idTicket' | 'idAttachment'>): Promise<ScopeObject[]> {
  type Listed = { shipmentNo: string; orderNo: string; deliveryType: number; statusId: number; storeCode: string };
  const picked = new Map<string, Listed & { label: string }>();
  for (const status of ORDER_STATUS_IDS) {
    const { items } = (await get(DEMO_NIK.STAFF, `/api/orders?status=${status}&size=100`)) as { items: Listed[] };
    for (const deliveryType of [0, 1]) {
      const order = items.find((o) => o.deliveryType === deliveryType);
      if (order) picked.set(order.shipmentNo, { ...order, label: `${status}/${deliveryType === 1 ? 'delivery' : 'pickup'}` });
    }
  }
  const queue = (await get(DEMO_NIK.STORE_CHIEF, `/api/pod/requests?storeCode=${OWN_STORE}&status=pending`)) as { items: Array<{ shipmentNo: string }> };
  for (const request of queue.items.slice(0, 2)) {
    const order = (await get(DEMO_NIK.STAFF, `/api/orders/${request.shipmentNo}`)) as Listed;
    picked.set(order.shipmentNo, { ...order, label: `${order.statusId}/pending POD request` });
  }
  // The orders of its returns, one per return status (the objects of the return routes).
  for (const status of RETURN_STATUSES) {
    const { items } = (await get(DEMO_NIK.STAFF, `/api/returns?status=${status}&size=1`)) as { items: Array<{ shipmentNo: string }> };
    for (const ret of items) {
      const order = (await get(DEMO_NIK.STAFF, `/api/orders/${ret.shipmentNo}`)) as Listed;
      picked.set(order.shipmentNo, { ...order, label: `${order.statusId}/return ${status}` });
    }
  }
  const found: ScopeObject[] = [];
  for (const order of picked.values()) {
    expect(order.storeCode).toBe(OWN_STORE);
    const detail = (await get(DEMO_NIK.STAFF, `/api/orders/${order.shipmentNo}`)) as { products: Array<{ lineId: number }> };
    found.push({ label: order.label, shipmentNo: order.shipmentNo, orderNo: order.orderNo, deliveryType: order.deliveryType, lineId: detail.products[0]!.lineId, uploadId, bookID, ...transfer });
  }
  return found;
}

/** The values an object gives the names of a route; anything else comes from the route's schema. */
function valuesOf(object: ScopeObject): Record<string, unknown> {
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

function namesOf(op: Operation): { path: string[]; query: string[]; body: string[] } {
  const bodySchema = op.body ? Object.values(op.body)[0] : undefined;
  return { path: op.pathParams.map((p) => p.name), query: op.query.map((p) => p.name), body: Object.keys(bodySchema?.properties ?? {}) };
}

/** Session routes that name an object of a store. */
function scopedOperations(): Operation[] {
  return operations.filter((op) => {
    if (op.access !== 'session') return false;
    const names = namesOf(op);
    return names.path.some((n) => !CATALOGUE_PARAMS.has(n)) || [...names.query, ...names.body].some((n) => OBJECT_KEYS.has(n));
  });
}

/** A valid request of the route about one object: its names filled from the object, the rest a fixed example of the schema. */
function requestFor(op: Operation, object: ScopeObject): ScopeRequest {
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

async function call(request: ScopeRequest, headers: Record<string, string>) {
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
async function databaseState(): Promise<string> {
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
async function nextTransactionId(): Promise<string> {
  const { rows } = (await ctx.handle.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as { rows: Array<{ x: string }> };
  return rows[0]!.x;
}

/** A booking in the reply that is not the caller's store's (neither booked by it nor addressed to it). */
function foreignBooking(body: string, store: string | null): boolean {
  const items = (JSON.parse(body) as { data?: { items?: Array<{ storeCode?: string; offeredTo?: { storeCode?: string } }> } }).data?.items ?? [];
  return items.some((b) => b.storeCode !== store && b.offeredTo?.storeCode !== store);
}

function changedTables(before: string, after: string): string {
  const a = new Set(after.split('\n'));
  return before
    .split('\n')
    .filter((line) => !a.has(line))
    .map((line) => line.split('=')[0])
    .join(', ');
}

describe('another store', () => {
  it("neither reaches nor changes T001's objects through any route that names one", async () => {
    const routes = scopedOperations();
    // Each kind of object reference exists, so the matrix cannot pass by walking nothing.
    expect(routes.some((op) => op.pathParams.some((p) => p.name === 'shipmentNo'))).toBe(true);
    expect(routes.some((op) => op.pathParams.some((p) => p.name === 'lineId'))).toBe(true);
    expect(routes.some((op) => op.method === 'POST' && op.pathParams.length === 0)).toBe(true);
    expect(objects.length).toBeGreaterThanOrEqual(ORDER_STATUS_IDS.length);

    // One request per distinct URL and body: a route naming only a store is the same for every order.
    const requests = new Map<string, ScopeRequest>();
    for (const op of routes) {
      for (const object of objects) {
        const r = requestFor(op, object);
        const key = `${op.method} ${r.url} ${r.payload ?? ''}`;
        if (!requests.has(key)) requests.set(key, r);
      }
    }
    const callers: Caller[] = [
      { label: 'staff T002', store: 'T002', headers: { authorization: tokens.get(DEMO_NIK.STAFF_T002)! }, expected: [403, 404], signedIn: true },
      { label: 'kepala toko T002', store: 'T002', headers: { authorization: tokens.get(DEMO_NIK.STORE_CHIEF_T002)! }, expected: [403, 404], signedIn: true },
      { label: 'nobody', store: null, headers: {}, expected: [401], signedIn: false },
    ];
    console.log(`[api-scope] ${routes.length} routes × ${objects.length} T001 objects → ${requests.size} requests × ${callers.length} callers = ${requests.size * callers.length} calls`);
    const chief = { authorization: tokens.get(DEMO_NIK.STORE_CHIEF)! };
    const wrong: string[] = [];
    let before = await databaseState();
    let independent = 0;
    for (const r of requests.values()) {
      for (const caller of callers) {
        const xid = await nextTransactionId();
        const res = await call(r, caller.headers);
        const answered = `${caller.label} → ${r.op.name} (${r.object.label}) ${r.op.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if ((await nextTransactionId()) !== xid) {
          const after = await databaseState();
          if (after !== before) wrong.push(`${answered} — changed ${changedTables(before, after)}`);
          before = after;
        }
        const refused = caller.expected.includes(res.statusCode);
        const emptyRead =
          r.filterOnly && caller.signedIn && res.statusCode === 200 && (r.twoStores ? !foreignBooking(res.body, caller.store) : !r.leaks.some((l) => res.body.includes(l)));
        if (refused || emptyRead) continue;
        // A body its own store is refused in the very same words (a pickup order has no POD request)
        // tells the other store nothing about the object: the refusal is about the request.
        if (caller.signedIn && res.statusCode === 400) {
          const own = await call(r, chief);
          before = await databaseState();
          if (own.statusCode === 400 && own.body === res.body) {
            independent += 1;
            continue;
          }
        }
        wrong.push(answered);
      }
    }
    console.log(`[api-scope] ${independent} calls refused with 400 exactly as T001's own kepala toko is (the request, not the store)`);
    expect(wrong).toEqual([]);

    // The owner's control, after every refusal was checked (it may change the objects).
    const beforeOwner = await databaseState();
    const unreached: string[] = [];
    for (const op of routes) {
      const own = [...requests.values()].filter((r) => r.op === op);
      let reached = false;
      const answers: string[] = [];
      for (const r of own) {
        const res = await call(r, chief);
        answers.push(`${r.object.label}: ${res.statusCode}`);
        reached = r.filterOnly ? res.statusCode === 200 && res.body.includes(r.proof) : res.statusCode !== 404 && res.statusCode !== 400;
        if (reached) break;
      }
      if (!reached) unreached.push(`${op.name}: T001's kepala toko reached none of the objects (${answers.join(', ')}); teach this suite where a real object of this route comes from`);
    }
    expect(unreached).toEqual([]);
    // The owner's calls did change things (a claim, an approval), so the comparison above can see a change.
    expect(await databaseState()).not.toBe(beforeOwner);
  }, 120_000);
});
