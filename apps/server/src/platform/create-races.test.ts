/**
 * Issue 25: every create route with a client key (a session change's Idempotency-Key, a channel's
 * orderNo or messageId) sent 20 identical requests at once: each answer a success (the first, or a
 * replay) or a 409, never a 5xx, and exactly one row made. The routes are the document's creates
 * (a declared 201), so a new one fails here until it gets a fixture below: how to make one valid
 * request of it and which table gets its row.
 *
 * Needs real concurrency: PostgreSQL in TEST_DATABASE_URL (CI sets it). PGlite runs one statement
 * at a time, so there the race never happens; RACES_ON_PGLITE=1 runs it anyway (it passes).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  cancelRequests,
  chatMessages,
  chatRooms,
  materialTransfers,
  orders,
  podApprovalRequests,
  products,
  returns,
  stockBookings,
  ticketAttachments,
  ticketComments,
  tickets,
  uploads,
} from '../db/schema';
import type { OrderStatusId } from '@gerai/contract';
import { signBody } from '../modules/channels/signature';
import { DEMO_NIK } from '../seed/demo-data';
import { createTestContext, type TestContext } from '../test/harness';
import { openApiOperations } from '../test/openapi-walk';
import { completedOrder, multipart, PNG } from '../modules/returns/return-test-kit';
import { freshDeliveryOrder, pointFrom, requestForm } from '../modules/pod/pod-test-kit';
import { bookingApi, productPicker, setStock } from '../modules/bookings/booking-test-kit';
import { productPicker as transferProducts } from '../modules/transfers/transfer-test-kit';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const RUN = Boolean(ADMIN_URL) || process.env.RACES_ON_PGLITE === '1';
const AT_ONCE = 20;
const TITLE = 'every create route with a client key, 20 identical requests at once';

if (!RUN) console.info('[create-races] skipped: needs a PostgreSQL server in TEST_DATABASE_URL (PGlite runs one statement at a time); RACES_ON_PGLITE=1 runs it anyway');

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;
interface Prepared {
  /** The table that gets the created row. */
  table: PgTable;
  /**
   * One request, the same bytes every call; with the given Idempotency-Key, else the one key the
   * fixture drew (a channel call has none: its client key is in the body).
   */
  send: (key?: string) => Promise<Reply>;
  /**
   * The body itself names what it creates (a client message id, one pending request per order, one
   * room per order), so even under different Idempotency-Keys only one row may be made.
   */
  onePerBody?: boolean;
}

let ctx: TestContext;
const tokens = new Map<string, string>();
const auth = async (nik: string) => {
  if (!tokens.has(nik)) tokens.set(nik, (await ctx.loginAs(nik)).authorization);
  return tokens.get(nik)!;
};

/** A session change as the web sends it: JSON (or a given body), with one Idempotency-Key for every copy. */
async function sessionCall(nik: string, url: string, body: { contentType: string; payload: string | Buffer }, drawn = `race-${randomUUID()}`) {
  const authorization = await auth(nik);
  return (key = drawn) => ctx.app.inject({ method: 'POST', url, headers: { authorization, 'content-type': body.contentType, 'idempotency-key': key }, payload: body.payload });
}
const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) });
const form = (value: Record<string, string | number>) => ({
  contentType: 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(Object.entries(value).map(([k, v]): [string, string] => [k, String(v)])).toString(),
});
const files = (parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return { contentType: body.contentType, payload: body.payload };
};
const png = { name: 'attachments', filename: 'foto.png', type: 'image/png', data: PNG };

/** A signed channel call: its client key is in the body (orderNo, messageId), no Idempotency-Key. */
function channelCall(appId: number, path: string, value: unknown) {
  const raw = JSON.stringify(value);
  const headers = { 'content-type': 'application/json', 'x-gerai-signature': signBody(raw, ctx.config.channelSecrets[String(appId)]!) };
  return () => ctx.app.inject({ method: 'POST', url: `/api/channels/${appId}/${path}`, headers, payload: raw });
}

/** Statuses of an order still being worked on. */
const OPEN: OrderStatusId[] = [1101, 1102, 1103];

/** A table of rows that belong to an order. */
type OrderChild = typeof cancelRequests | typeof chatRooms | typeof tickets;

/** A T001 order in `statusId` that no fixture took yet and that has nothing of `notIn` attached. */
const takenOrders = new Set<number>();
async function freeOrder(statusId: OrderStatusId | OrderStatusId[], without: Array<{ table: OrderChild }> = []): Promise<InferSelectModel<typeof orders>> {
  const rows = await ctx.handle.db.select().from(orders).where(and(eq(orders.storeCode, 'T001'), inArray(orders.statusId, [statusId].flat()))).orderBy(asc(orders.id));
  for (const row of rows) {
    if (takenOrders.has(row.id)) continue;
    let busy = false;
    for (const { table } of without) if ((await ctx.handle.db.select({ n: count() }).from(table).where(eq(table.orderId, row.id)))[0]!.n > 0) busy = true;
    if (busy) continue;
    takenOrders.add(row.id);
    return row;
  }
  throw new Error(`no free T001 order in ${statusId}`);
}

async function newTicket(): Promise<number> {
  const order = await freeOrder(OPEN, [{ table: cancelRequests }, { table: tickets }]);
  const res = await (await sessionCall(DEMO_NIK.STAFF, '/api/helpdesk/tickets', json({ shipmentNo: order.shipmentNo, description: 'Status tidak berubah.', staffName: 'Budi Santoso', problemId: 1 })))();
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json().data.idTicket as number;
}

/** How to make one valid create of each route. */
const FIXTURES: Record<string, () => Promise<Prepared>> = {
  'POST /api/channels/{appId}/orders': async () => {
    const eans = await ctx.handle.db.select({ ean13: products.ean13 }).from(products).orderBy(asc(products.productId)).limit(2);
    const body = {
      orderNo: `RACE-${randomUUID().slice(0, 8)}`,
      storeCode: 'T001',
      deliveryType: 0,
      paymentId: 2,
      customer: { name: 'Siti Rahayu', phone: '081234567890' },
      lines: eans.map((e) => ({ barcode: e.ean13, qty: 1 })),
      paperBags: 0,
    };
    return { onePerBody: true, table: orders, send: channelCall(379, 'orders', body) };
  },
  'POST /api/pod/requests': async () => {
    const order = await freshDeliveryOrder(ctx);
    return { onePerBody: true, table: podApprovalRequests, send: await sessionCall(DEMO_NIK.STAFF, '/api/pod/requests', form(requestForm(order, pointFrom(order, 500)) as Record<string, string | number>)) };
  },
  'POST /api/cancellations': async () => {
    const order = await freeOrder([1101, 1102], [{ table: cancelRequests }, { table: tickets }]);
    return { onePerBody: true, table: cancelRequests, send: await sessionCall(DEMO_NIK.STAFF, '/api/cancellations', json({ shipmentNo: order.shipmentNo, reasonId: 1 })) };
  },
  'POST /api/uploads': async () => ({ table: uploads, send: await sessionCall(DEMO_NIK.STAFF, '/api/uploads', files([{ ...png, name: 'file' }])) }),
  'POST /api/returns': async () => {
    const order = await completedOrder(ctx);
    const photo = await (await sessionCall(DEMO_NIK.STAFF, '/api/uploads', files([{ ...png, name: 'file' }])))();
    if (photo.statusCode !== 201) throw new Error(`upload: ${photo.statusCode} ${photo.body}`);
    const body = { shipmentNo: order.shipmentNo, reasonId: 1, lines: [{ lineId: order.lines[0]!.id, qty: 1 }], photoIds: [photo.json().data.id] };
    return { onePerBody: true, table: returns, send: await sessionCall(DEMO_NIK.STAFF, '/api/returns', json(body)) };
  },
  'POST /api/bookings': async () => {
    const product = await productPicker(ctx)();
    await setStock(ctx, 'T002', product.productId, 10);
    const order = await bookingApi(ctx).pickingOrder([{ productId: product.productId, qty: 2 }]);
    return { table: stockBookings, send: await sessionCall(DEMO_NIK.STAFF, '/api/bookings', json({ shipmentNo: order.shipmentNo, lineId: order.lines[0]!.id, qty: 2, storeCode: 'T002' })) };
  },
  'POST /api/transfers': async () => {
    const product = await transferProducts(ctx)();
    await setStock(ctx, 'T001', product.productId, 10);
    return { table: materialTransfers, send: await sessionCall(DEMO_NIK.STORE_CHIEF, '/api/transfers', json({ receiverStoreCode: 'T002', lines: [{ productId: product.productId, qty: 1 }] })) };
  },
  'POST /api/channels/{appId}/chat/messages': async () => {
    const order = await freeOrder(OPEN, [{ table: chatRooms }, { table: cancelRequests }]);
    return { onePerBody: true, table: chatMessages, send: channelCall(order.appId, 'chat/messages', { shipmentNo: order.shipmentNo, messageId: `cust-${randomUUID()}`, body: 'Kak, pesanan saya sudah dikemas?' }) };
  },
  'POST /api/chat/rooms/{shipmentNo}/{orderNo}': async () => {
    const order = await freeOrder(OPEN, [{ table: chatRooms }, { table: cancelRequests }]);
    return { onePerBody: true, table: chatRooms, send: await sessionCall(DEMO_NIK.STAFF, `/api/chat/rooms/${order.shipmentNo}/${encodeURIComponent(order.orderNo)}`, json({})) };
  },
  'POST /api/chat/rooms/{shipmentNo}/messages': async () => {
    const order = await freeOrder(OPEN, [{ table: chatRooms }, { table: cancelRequests }]);
    return { onePerBody: true, table: chatMessages, send: await sessionCall(DEMO_NIK.STAFF, `/api/chat/rooms/${order.shipmentNo}/messages`, json({ messageId: randomUUID(), body: 'Pesanan sedang dikemas.' })) };
  },
  'POST /api/helpdesk/tickets': async () => {
    const order = await freeOrder(OPEN, [{ table: cancelRequests }, { table: tickets }]);
    return { onePerBody: true, table: tickets, send: await sessionCall(DEMO_NIK.STAFF, '/api/helpdesk/tickets', json({ shipmentNo: order.shipmentNo, description: 'Status tidak berubah.', staffName: 'Budi Santoso', problemId: 1 })) };
  },
  'POST /api/helpdesk/tickets/with-attachments': async () => {
    const order = await freeOrder(OPEN, [{ table: cancelRequests }, { table: tickets }]);
    const fields = { shipmentNo: order.shipmentNo, description: 'Status tidak berubah.', staffName: 'Budi Santoso', problemId: '1' };
    return { onePerBody: true, table: tickets, send: await sessionCall(DEMO_NIK.STAFF, '/api/helpdesk/tickets/with-attachments', files([...Object.entries(fields).map(([name, data]) => ({ name, data })), png])) };
  },
  'POST /api/helpdesk/tickets/{idTicket}/comments': async () => {
    const id = await newTicket();
    return { table: ticketComments, send: await sessionCall(DEMO_NIK.STAFF, `/api/helpdesk/tickets/${id}/comments`, json({ body: 'Mohon dicek, terima kasih.' })) };
  },
  'POST /api/helpdesk/tickets/{idTicket}/comments/with-attachments': async () => {
    const id = await newTicket();
    return { table: ticketComments, send: await sessionCall(DEMO_NIK.STAFF, `/api/helpdesk/tickets/${id}/comments/with-attachments`, files([{ name: 'body', data: 'Foto terlampir.' }, png])) };
  },
  'POST /api/helpdesk/tickets/{idTicket}/attachments': async () => {
    const id = await newTicket();
    return { table: ticketAttachments, send: await sessionCall(DEMO_NIK.STAFF, `/api/helpdesk/tickets/${id}/attachments`, files([png])) };
  },
};

beforeAll(async () => {
  if (RUN) ctx = await createTestContext();
}, 120_000);
afterAll(async () => ctx?.close());

const rowsOf = async (table: PgTable) => (await ctx.handle.db.select({ n: count() }).from(table))[0]!.n;

describe.skipIf(!RUN)(RUN ? TITLE : `${TITLE} — skipped: set TEST_DATABASE_URL to a PostgreSQL server`, () => {
  it('finds the create routes in the published document, each with a fixture', () => {
    const declared = createRoutes();
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !(name in FIXTURES)), 'create routes without a fixture here').toEqual([]);
  });

  /** One burst of 20 at once: what it answered and how many rows it made, or why that is wrong. */
  async function burst(name: string, keyOf: (i: number) => string | undefined, oneRow: (p: Prepared) => boolean, refusals: 'conflict' | 'any'): Promise<string | null> {
    const prepared = await FIXTURES[name]!();
    const before = await rowsOf(prepared.table);
    const replies = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => prepared.send(keyOf(i))));
    const made = (await rowsOf(prepared.table)) - before;
    const answers = replies.map((r) => `${r.statusCode}${r.statusCode >= 300 ? ` ${String(r.json().code)}` : r.headers['idempotent-replayed'] ? ' replay' : ''}`);
    const tally = [...new Set(answers)].sort().map((a) => `${a} ×${answers.filter((x) => x === a).length}`).join(', ');
    if (process.env.RACES_VERBOSE) console.log(`${name}: ${tally}; ${made} row(s)`);
    // A refusal is the app's error in its shape; under one key it can only be the 409 of a key in use.
    const bad = replies.find((r) => !(r.statusCode < 300 || (refusals === 'any' ? r.statusCode < 500 && typeof r.json().code === 'string' : r.statusCode === 409)));
    const successes = replies.filter((r) => r.statusCode < 300 && !r.headers['idempotent-replayed']).length;
    const expected = oneRow(prepared) ? 1 : successes;
    if (bad || made !== expected || successes === 0) return `${name}: ${tally}; ${made} row(s), expected ${expected}${bad ? ` — e.g. ${bad.statusCode} ${bad.body.slice(0, 200)}` : ''}`;
    return null;
  }

  it('one Idempotency-Key on all 20: one applies, the others replay or 409, exactly one row', async () => {
    const report: string[] = [];
    for (const name of createRoutes()) {
      const problem = await burst(name, () => undefined, () => true, 'conflict');
      if (problem) report.push(problem);
    }
    expect(report).toEqual([]);
  }, 300_000);

  it('20 Idempotency-Keys on one body: no 5xx, each refusal the app\'s own; a body that names its row (a client message id, one pending request) makes exactly one', async () => {
    const report: string[] = [];
    for (const name of createRoutes()) {
      const problem = await burst(name, (i) => `race-each-${randomUUID()}-${i}`, (p) => p.onePerBody === true, 'any');
      if (problem) report.push(problem);
    }
    expect(report).toEqual([]);
  }, 300_000);
});

/** The document's create routes: POSTs that declare a 201. */
function createRoutes(): string[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  return openApiOperations(doc)
    .filter((op) => op.method === 'POST' && '201' in (doc.paths[op.path]?.post?.responses ?? {}))
    .map((op) => op.name);
}
