import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog, events, idempotencyKeys, materialTransferItems, materialTransfers, products, stockMovements } from '../../db/schema';
import { testFileWith, type TestContext } from '../../test/harness';
import { CHIEF, CHIEF_T002, productPicker as bookingProductPicker, setStock, STAFF, STAFF_T002, STAFF_T003, stockRow, SUPER_USER, SUPERVISOR, unbalancedStock } from '../bookings/booking-test-kit';
import { stockOf } from '../stock';

export { CHIEF, CHIEF_T002, setStock, STAFF, STAFF_T002, STAFF_T003, stockRow, SUPER_USER, SUPERVISOR, unbalancedStock };

export type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;
type Who = string | { authorization: string };
export type TransferStep = 'cancel' | 'reissue' | 'finish' | 'unlock';

/** The fields of a transfer reply the tests read. */
export interface TransferReply {
  matNo: string;
  idTbsms: string;
  matStatus: string;
  matStoreStatus: string;
  sender: { storeCode: string; storeName: string };
  receiver: { storeCode: string; storeName: string };
  side: 'in' | 'out' | null;
  lineCount: number;
  qtySent: number;
  qtyReceived: number | null;
  qtyShort: number;
  locked: boolean;
  pinTriesLeft: number;
  actions: string[];
  lines: Array<{ productId: string; qtySent: number; qtyReceived: number | null; reason: string | null; note: string | null }>;
  history: Array<{ action: string; actorName: string; note: string | null }>;
  [key: string]: unknown;
}
export interface SentTransfer {
  transfer: TransferReply;
  secret: { pin: string; qr: string };
}

/** Calls as demo users (bearer, each signed in once per file unless a fresh session is passed). */
export function transferApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  const headersOf = async (who: Who) => ({ authorization: typeof who === 'string' ? await auth(who) : who.authorization });
  const api = {
    async get(who: Who, url: string): Promise<Reply> {
      return ctx.app.inject({ method: 'GET', url, headers: await headersOf(who) });
    },
    async post(who: Who, url: string, payload: unknown = {}, headers: Record<string, string> = {}): Promise<Reply> {
      return ctx.app.inject({ method: 'POST', url, headers: { ...(await headersOf(who)), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    },
    /** A member with several stores (the supervisor, T001–T010) working as `storeCode`. */
    async workAt(who: string, storeCode: string): Promise<void> {
      const res = await api.post(who, '/api/members/me/store', { storeCode });
      if (res.statusCode !== 200) throw new Error(`store choice failed: ${res.statusCode} ${res.body}`);
    },
    send(who: Who, receiverStoreCode: string, lines: Array<{ productId: string; qty: number }>, headers: Record<string, string> = {}, note?: string) {
      return api.post(who, '/api/transfers', { receiverStoreCode, lines, ...(note === undefined ? {} : { note }) }, headers);
    },
    /** A transfer that must be sent: its detail and its PIN. */
    async sent(who: Who, receiverStoreCode: string, lines: Array<{ productId: string; qty: number }>): Promise<SentTransfer> {
      const res = await api.send(who, receiverStoreCode, lines);
      if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
      return res.json().data as SentTransfer;
    },
    step(who: Who, matNo: string, step: TransferStep, body: unknown = {}, headers: Record<string, string> = {}) {
      return api.post(who, `/api/transfers/${matNo}/${step}`, body, headers);
    },
    confirm(who: Who, idTbsms: string, body: { pin?: string; qr?: string }, headers: Record<string, string> = {}) {
      return api.post(who, `/api/transfers/by-tbsms/${idTbsms}/confirm`, body, headers);
    },
    detail(who: Who, matNo: string) {
      return api.get(who, `/api/transfers/${matNo}`);
    },
  };
  return api;
}

/** A 6-digit PIN that is not `pin`. */
export const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

/**
 * What every transfers test file starts from: one app per file, its calls as the demo users,
 * fresh products, and a product T001 can send.
 */
export function transferTestFile() {
  const { ctx, api } = testFileWith(transferApi);
  const freshProduct = productPicker(ctx);
  /** A fresh product T001 holds `qty` of (T002 none). */
  async function stocked(qty = 10) {
    const p = await freshProduct();
    await setStock(ctx, 'T001', p.productId, qty);
    await setStock(ctx, 'T002', p.productId, 0);
    return p;
  }
  return { ctx, api, freshProduct, stocked };
}

/** Hands out products no transfer or booking has used and no other test of the file took (never the paper bag). */
export const productPicker = (ctx: TestContext) =>
  bookingProductPicker(ctx, sql`not exists (select 1 from ${materialTransferItems} i where i.product_id = ${products.productId})`);

/** Every unit of the products at the stores, whatever its bucket: what a transfer must neither make nor lose. */
export async function unitsAt(ctx: TestContext, storeCodes: readonly string[], productIds: readonly string[]): Promise<number> {
  let total = 0;
  for (const store of storeCodes) for (const b of (await stockOf(ctx.handle.db, store, productIds)).values()) total += b.qty + b.qtyDamaged + b.qtyReserved + b.qtyInTransit;
  return total;
}

export async function transferRow(ctx: TestContext, matNo: string) {
  const [row] = await ctx.handle.db.select().from(materialTransfers).where(eq(materialTransfers.matNo, matNo));
  return row!;
}

/** The transfer's ledger rows, oldest first. */
export async function ledgerOf(ctx: TestContext, matNo: string) {
  const row = await transferRow(ctx, matNo);
  return ctx.handle.db.select().from(stockMovements).where(eq(stockMovements.ref, `mat:${row.id}`)).orderBy(asc(stockMovements.id));
}

/** The transfer events written, oldest first, each with the store whose stream it is on. */
export async function transferEvents(ctx: TestContext, matNo: string) {
  const rows = await ctx.handle.db.select().from(events).where(sql`${events.type} like 'transfer.%'`).orderBy(asc(events.id));
  return rows.filter((e) => (e.payload as { matNo?: string }).matNo === matNo);
}

export async function auditOfTransfer(ctx: TestContext, matNo: string) {
  return ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entity, 'transfer'), eq(auditLog.entityId, matNo))).orderBy(asc(auditLog.id));
}

/** Everything the server keeps about a transfer's changes, as one text: audit rows, events and the idempotency log. */
export async function everythingKept(ctx: TestContext): Promise<string> {
  const [audit, written, keys] = await Promise.all([
    ctx.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'transfer')),
    ctx.handle.db.select().from(events).where(sql`${events.type} like 'transfer.%'`),
    ctx.handle.db.select().from(idempotencyKeys),
  ]);
  return JSON.stringify([audit, written, keys]);
}
