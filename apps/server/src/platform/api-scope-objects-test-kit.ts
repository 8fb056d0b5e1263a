import { expect } from 'vitest';
import { ORDER_STATUS_IDS, RETURN_STATUSES } from '@gerai/contract';
import { DEMO_NIK } from '../seed/demo-data';
import type { TestContext } from '../test/harness';
import { productPicker, setStock, STAFF_T003, transferApi, wrongPin } from '../modules/transfers/transfer-test-kit';
import { scalarText, type KnownValues } from '../test/openapi-walk';

/** The objects of store T001 that api-scope.test.ts has another store call every route about. */

export const OWN_STORE = 'T001';

export interface ScopeObject {
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

let ctx: TestContext;
/** The callers' bearer headers, by NIK. */
export const tokens = new Map<string, string>();

/** Signs in T001's and T002's staff and kepala toko, finds T001's objects and the values the schemas' examples take. */
export async function ownStoreSetup(context: TestContext): Promise<{ objects: ScopeObject[]; known: KnownValues }> {
  ctx = context;
  for (const nik of [DEMO_NIK.STAFF, DEMO_NIK.STORE_CHIEF, DEMO_NIK.STAFF_T002, DEMO_NIK.STORE_CHIEF_T002]) tokens.set(nik, (await ctx.loginAs(nik)).authorization);
  const objects = await ownStoreObjects(await ownStoreUpload(), await ownStoreBooking(), { ...(await ownStoreTransfer()), ...(await ownStoreTicket()) });
  const known: KnownValues = {
    reasonId: await reasonIds('/api/pod/reasons/request'),
    rejectReasonId: await reasonIds('/api/pod/reasons/reject'),
    type: ['order'],
  };
  return { objects, known };
}

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
export function multipartEncode(body: Record<string, unknown>): { contentType: string; payload: Buffer } {
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
