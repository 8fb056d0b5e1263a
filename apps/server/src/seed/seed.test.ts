import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  APP_IDS,
  BOOKING_STATUS,
  BOOKING_STATUS_WITHOUT_TAKER,
  distanceMeters,
  GERAI_SHIPMENT_NO_PATTERN,
  MAT_STATUS,
  MAT_STATUSES,
  ORDER_STATUS,
  ORDER_STATUS_IDS,
  RETURN_STATUSES,
  ROLE,
  STOCK_CAUSE,
} from '@gerai/contract';
import type { DbHandle } from '../db/client';
import { verifyPassword } from '../db/password';
import * as t from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_MAT_PIN, DEMO_PASSWORD } from './demo-data';
import { isValidEan13 } from './ean13';
import { isDatabaseEmpty, resetDatabase, seedDemo } from './seed';
import { openTestDb } from '../test/test-db';

let handle: DbHandle;
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  handle = await openTestDb();
  expect(await isDatabaseEmpty(handle.db)).toBe(true);
  await seedDemo(handle.db);
});
afterAll(async () => handle?.close());

describe('demo accounts (design.md §7)', () => {
  it('has the seven accounts with their roles, stores and the demo password', async () => {
    for (const acc of DEMO_ACCOUNTS) {
      const [user] = await handle.db.select().from(t.users).where(eq(t.users.nik, acc.nik));
      expect(user, acc.nik).toMatchObject({ roleId: acc.roleId, storeCode: acc.storeCode });
      expect(user!.name.split(' ').length).toBeGreaterThanOrEqual(2);
      expect(verifyPassword(DEMO_PASSWORD, user!.passwordHash)).toBe(true);
      expect(verifyPassword('salah', user!.passwordHash)).toBe(false);
    }
    const byNik = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.nik, a.roleId]));
    expect(byNik).toEqual({ '10000001': ROLE.STAFF, '10000002': ROLE.STAFF, '20000001': ROLE.STORE_CHIEF, '20000002': ROLE.STORE_CHIEF, '30000001': ROLE.AREA_SUPERVISOR, '40000001': ROLE.HELPDESK, '90000001': ROLE.SUPER_USER });
  });

  it('gives the area supervisor T001–T010 and nobody else extra stores', async () => {
    const supervised = await rows<{ nik: string; store_code: string }>(sql`select u.nik, us.store_code from user_stores us join users u on u.id = us.user_id order by us.store_code`);
    expect(new Set(supervised.map((r) => r.nik))).toEqual(new Set(['30000001']));
    expect(supervised.map((r) => r.store_code)).toEqual(['T001', 'T002', 'T003', 'T004', 'T005', 'T006', 'T007', 'T008', 'T009', 'T010']);
  });
});

describe('stores and products', () => {
  it('has at least 50 Jabodetabek stores with three-word names, kelurahan, kecamatan and coordinates', async () => {
    const stores = await handle.db.select().from(t.stores).orderBy(asc(t.stores.code));
    expect(stores.length).toBeGreaterThanOrEqual(50);
    expect(stores[0]).toMatchObject({ code: 'T001', name: 'Toko Kemang Raya', kelurahan: 'Bangka', kecamatan: 'Mampang Prapatan', city: 'Jakarta Selatan' });
    for (const s of stores) {
      expect(s.name.trim().split(/\s+/).length, s.name).toBeGreaterThanOrEqual(3);
      expect(s.kelurahan.length).toBeGreaterThan(2);
      expect(s.kecamatan.length).toBeGreaterThan(2);
      expect(s.latitude).toBeGreaterThan(-6.8);
      expect(s.latitude).toBeLessThan(-6.0);
      expect(s.longitude).toBeGreaterThan(106.4);
      expect(s.longitude).toBeLessThan(107.2);
    }
    expect(new Set(stores.map((s) => s.name)).size).toBe(stores.length);
  });

  it('has at least 500 products, every barcode a valid and unique EAN-13, with stock in every store', async () => {
    const products = await handle.db.select().from(t.products);
    expect(products.length).toBeGreaterThanOrEqual(500);
    expect(products.filter((p) => !isValidEan13(p.ean13))).toEqual([]);
    expect(new Set(products.map((p) => p.ean13)).size).toBe(products.length);
    expect(products.every((p) => p.price >= 100 && p.price % 100 === 0)).toBe(true);
    const [stock] = await rows<{ n: number; stores: number; products: number; empty: number }>(
      sql`select count(*)::int n, count(distinct store_code)::int stores, count(distinct product_id)::int products, count(*) filter (where qty = 0)::int empty from store_stock`,
    );
    expect(stock!.stores).toBeGreaterThanOrEqual(50);
    expect(stock!.products).toBe(products.length);
    expect(stock!.empty).toBeGreaterThan(0);
    expect(stock!.empty).toBeLessThan(stock!.n / 5);
  });
});

describe('orders', () => {
  it('has at least 300 orders over all 7 channels and all 7 statuses, T001 having every status', async () => {
    const all = await handle.db.select({ appId: t.orders.appId, statusId: t.orders.statusId, storeCode: t.orders.storeCode }).from(t.orders);
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(all.map((o) => o.appId))).toEqual(new Set(APP_IDS));
    expect(new Set(all.map((o) => o.statusId))).toEqual(new Set(ORDER_STATUS_IDS));
    const t001 = all.filter((o) => o.storeCode === 'T001');
    for (const status of ORDER_STATUS_IDS) expect(t001.filter((o) => o.statusId === status).length, String(status)).toBeGreaterThanOrEqual(status === ORDER_STATUS.NEW ? 5 : 3);
    expect(new Set(t001.map((o) => o.appId))).toEqual(new Set(APP_IDS));
    const t002 = all.filter((o) => o.storeCode === 'T002');
    expect(new Set(t002.map((o) => o.statusId))).toEqual(new Set(ORDER_STATUS_IDS));
  });

  it('keeps T001 busy today and spreads history over two weeks', async () => {
    const [span] = await rows<{ today: number; oldest_days: number }>(
      sql`select count(*) filter (where created_at > now() - interval '1 day')::int today, extract(epoch from now() - min(created_at))::float / 86400 oldest_days from orders where store_code = 'T001'`,
    );
    expect(span!.today).toBeGreaterThanOrEqual(10);
    expect(span!.oldest_days).toBeGreaterThan(5);
    expect(span!.oldest_days).toBeLessThanOrEqual(14.01);
  });

  it('totals equal Σ line price × (qty − qtyOos) plus paper bags', async () => {
    const wrong = await rows(sql`
      select o.shipment_no, o.price,
        (select coalesce(sum(l.price * (l.qty - l.qty_oos)), 0) from order_lines l where l.order_id = o.id)
        + (select coalesce(sum(b.price * b.qty), 0) from order_paper_bags b where b.order_id = o.id) as expected
      from orders o
      where o.price <> (select coalesce(sum(l.price * (l.qty - l.qty_oos)), 0) from order_lines l where l.order_id = o.id)
        + (select coalesce(sum(b.price * b.qty), 0) from order_paper_bags b where b.order_id = o.id)`);
    expect(wrong).toEqual([]);
    const [bags] = await rows<{ n: number }>(sql`select count(*)::int n from order_paper_bags`);
    expect(bags!.n).toBeGreaterThan(50);
  });

  it('has 1–6 lines per order whose picked and out-of-stock quantities fit the status', async () => {
    const lines = await rows<{ status_id: number; qty: number; qty_picked: number; qty_oos: number; barcode: string; n: number }>(sql`
      select o.status_id, l.qty, l.qty_picked, l.qty_oos, l.barcode, count(*) over (partition by o.id)::int n
      from order_lines l join orders o on o.id = l.order_id`);
    for (const l of lines) {
      expect(l.n).toBeGreaterThanOrEqual(1);
      expect(l.n).toBeLessThanOrEqual(6);
      expect(isValidEan13(l.barcode)).toBe(true);
      if ([1103, 1104, 1105].includes(l.status_id)) expect(l.qty_picked + l.qty_oos).toBe(l.qty);
      else if (l.status_id === 1102) expect(l.qty_picked + l.qty_oos).toBeLessThanOrEqual(l.qty);
      else expect([l.qty_picked, l.qty_oos]).toEqual([0, 0]);
    }
    expect(lines.some((l) => l.status_id >= 1103 && l.status_id <= 1105 && l.qty_oos > 0)).toBe(true);
    const fullyOos = await rows(sql`select o.id from orders o join order_lines l on l.order_id = o.id where o.status_id in (1103, 1104, 1105) group by o.id having sum(l.qty_picked) = 0`);
    expect(fullyOos).toEqual([]);
  });

  it('has a status history that starts at intake and walks to the current status', async () => {
    const history = await rows<{ order_id: number; status_id: number; chain: Array<[number | null, number]> }>(sql`
      select o.id order_id, o.status_id, json_agg(json_build_array(h.from_status, h.to_status) order by h.created_at, h.id) chain
      from orders o join order_status_history h on h.order_id = o.id group by o.id`);
    expect(history.length).toBe((await handle.db.select({ id: t.orders.id }).from(t.orders)).length);
    for (const h of history) {
      expect(h.chain[0]).toEqual([null, 1101]);
      for (let i = 1; i < h.chain.length; i++) expect(h.chain[i]![0]).toBe(h.chain[i - 1]![1]);
      expect(h.chain[h.chain.length - 1]![1]).toBe(h.status_id);
    }
  });

  it('has realistic customers near the store and well-formed numbers', async () => {
    const list = await rows<Record<string, string | number | null>>(sql`
      select o.shipment_no, o.order_no, o.app_id, o.pickup_code, o.customer_name, o.customer_phone, o.customer_address,
        o.customer_lat, o.customer_lng, s.latitude, s.longitude, o.is_send_store, o.qr_code, o.status_id, o.bill_no, o.picker_user_id
      from orders o join stores s on s.code = o.store_code`);
    expect(new Set(list.map((o) => o.shipment_no)).size).toBe(list.length);
    expect(new Set(list.map((o) => `${o.app_id}:${o.order_no}`)).size).toBe(list.length);
    for (const o of list) {
      expect(o.shipment_no).toMatch(GERAI_SHIPMENT_NO_PATTERN);
      expect(o.pickup_code).toMatch(/^\d{6}$/);
      expect(o.customer_phone).toMatch(/^08\d{8,11}$/);
      expect(String(o.customer_name).split(' ').length).toBeGreaterThanOrEqual(2);
      expect(o.customer_address).toMatch(/No\. \d+/);
      const d = distanceMeters({ lat: Number(o.customer_lat), lng: Number(o.customer_lng) }, { lat: Number(o.latitude), lng: Number(o.longitude) });
      expect(d).toBeLessThan(2100);
      const qr = o.qr_code as unknown as { Head: unknown[]; Body: unknown[] } | null;
      if (o.is_send_store === 'F') expect(qr?.Head.length && qr.Body.length).toBeTruthy();
      else expect(qr).toBeNull();
      expect(o.bill_no === null).toBe(![1103, 1104, 1105].includes(Number(o.status_id)));
      expect(o.picker_user_id === null).toBe([1101, 1106, 1107].includes(Number(o.status_id)));
    }
    expect(list.some((o) => o.is_send_store === 'F')).toBe(true);
  });

  it('records proof of delivery for delivered orders', async () => {
    const missing = await rows(sql`
      select o.shipment_no from orders o left join pod_records p on p.order_id = o.id
      where o.status_id in (1104, 1105) and o.delivery_type = 1 and p.id is null`);
    expect(missing).toEqual([]);
  });
});

describe('reference data and activity', () => {
  it('has Indonesian reason lists without Lainnya, problems, FAQ and app versions', async () => {
    for (const table of [t.podRequestReasons, t.podRejectReasons, t.cancelReasons, t.returnReasons]) {
      const list = await handle.db.select().from(table);
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.map((r) => r.label)).not.toContain('Lainnya');
    }
    expect((await handle.db.select().from(t.problems)).length).toBeGreaterThanOrEqual(5);
    expect((await handle.db.select().from(t.faqs)).length).toBeGreaterThanOrEqual(8);
    const config = Object.fromEntries((await handle.db.select().from(t.appConfig)).map((c) => [c.key, c.value]));
    expect(config).toEqual({ min_app_version: '1.0.0', latest_app_version: '1.0.0' });
  });

  it('has bookings in every detail status, with a taker exactly when the status has one', async () => {
    const details = await handle.db.select().from(t.stockBookingDetails);
    expect(new Set(details.map((d) => d.status))).toEqual(new Set(Object.values(BOOKING_STATUS)));
    for (const d of details) {
      const hasTaker = !BOOKING_STATUS_WITHOUT_TAKER.includes(d.status);
      expect(d.storeTaken !== null).toBe(hasTaker);
      expect(d.stockTaken !== null).toBe(hasTaker);
    }
    const t001 = await handle.db.select().from(t.stockBookings).where(eq(t.stockBookings.storeCode, 'T001'));
    expect(t001.length).toBeGreaterThanOrEqual(2);
  });

  it('has one detail per booking, in its status, re-addressed after a refusal and taken exactly in 1132/1133 (decision 88)', async () => {
    const bookings = await handle.db.select().from(t.stockBookings).orderBy(asc(t.stockBookings.id));
    const details = await handle.db.select().from(t.stockBookingDetails);
    expect(details.map((d) => d.bookingId).sort((a, b) => a - b)).toEqual(bookings.map((b) => b.id));
    const B = BOOKING_STATUS;
    for (const b of bookings) {
      const d = details.find((x) => x.bookingId === b.id)!;
      expect(d.status, b.bookingNo).toBe(b.status);
      expect(b.cancelledAt).toBeNull();
      expect(b.storeCode).not.toBe(d.storeCode);
      const taken = d.status === B.TAKEN || d.status === B.DONE;
      expect(d.storeTaken, b.bookingNo).toBe(taken ? d.storeCode : null);
      expect(d.stockTaken, b.bookingNo).toBe(taken ? b.qtyOos : null);
      expect(d.takenAt !== null).toBe(taken);
      expect(d.receivedAt !== null).toBe(d.status === B.DONE);
      // A refused detail names its refuser; any other was never addressed to a store that refused it.
      if (d.status === B.REFUSED) expect(d.refusedBy).toContain(d.storeCode);
      else expect(d.refusedBy).not.toContain(d.storeCode);
    }
    // Some booking was refused and offered again to another store.
    expect(details.some((d) => d.status !== B.REFUSED && d.refusedBy.length > 0)).toBe(true);

    // The demo's orders in picking (design.md §7): T001's first three wait, are taken and arrived; T002's first was refused.
    const statusOf = async (storeCode: string) => {
      const packing = await handle.db
        .select({ id: t.orders.id })
        .from(t.orders)
        .where(and(eq(t.orders.storeCode, storeCode), eq(t.orders.statusId, ORDER_STATUS.PACKING)))
        .orderBy(asc(t.orders.id));
      return packing.map((o) => bookings.filter((b) => b.orderId === o.id).map((b) => b.status));
    };
    expect((await statusOf('T001')).slice(0, 4)).toEqual([[B.WAITING], [B.TAKEN], [B.DONE], []]);
    expect((await statusOf('T002')).slice(0, 2)).toEqual([[B.REFUSED], []]);
  });

  it("books a line's missing units instead of marking them out of stock: picked + booked = qty", async () => {
    const booked = await rows<{ booking_no: string; status: number; qty: number; qty_picked: number; qty_oos: number; booked: number; order_status: number }>(sql`
      select b.booking_no, b.status, l.qty, l.qty_picked, l.qty_oos, b.qty_oos booked, o.status_id order_status
      from stock_bookings b join order_lines l on l.id = b.line_id join orders o on o.id = b.order_id order by b.id`);
    expect(booked.length).toBeGreaterThanOrEqual(4);
    for (const b of booked) {
      expect(b.order_status, b.booking_no).toBe(ORDER_STATUS.PACKING);
      expect(b.qty_oos, b.booking_no).toBe(0);
      expect(b.qty_picked + b.booked, b.booking_no).toBe(b.qty);
    }
    // The stock follows: the ordering store has none of the product but what arrived; the taker holds what it took.
    const stock = await rows<{ status: number; booked: number; ordering_qty: number; serving_reserved: number }>(sql`
      select b.status, b.qty_oos booked, os.qty ordering_qty, ss.qty_reserved serving_reserved
      from stock_bookings b join stock_booking_details d on d.booking_id = b.id
      join store_stock os on os.store_code = b.store_code and os.product_id = b.product_id
      join store_stock ss on ss.store_code = d.store_code and ss.product_id = b.product_id order by b.id`);
    for (const x of stock) {
      expect(x.ordering_qty).toBe(x.status === BOOKING_STATUS.DONE ? x.booked : 0);
      expect(x.serving_reserved).toBe(x.status === BOOKING_STATUS.TAKEN ? x.booked : 0);
    }
  });

  it('has material transfers T001 → T002 and T002 → T001 in every status, with the times and actors of their steps', async () => {
    const mats = await handle.db.select().from(t.materialTransfers).orderBy(asc(t.materialTransfers.id));
    for (const [from, to] of [
      ['T001', 'T002'],
      ['T002', 'T001'],
    ]) {
      const statuses = mats.filter((m) => m.senderStoreCode === from && m.receiverStoreCode === to).map((m) => m.status);
      expect(statuses.sort(), `${from} → ${to}`).toEqual([...MAT_STATUSES].sort());
    }
    expect(mats).toHaveLength(2 * MAT_STATUSES.length);
    for (const m of mats) {
      expect(m.matNo).toMatch(/^MAT\d{12}$/);
      expect(m.idTbsms).toMatch(/^[A-Za-z0-9-]{1,40}$/);
      expect([m.pinFailures, m.lockedAt]).toEqual([0, null]);
      const confirmed = m.status === MAT_STATUS.PROCESS || m.status === MAT_STATUS.FINISH;
      expect(m.confirmedAt !== null && m.confirmedBy !== null, m.matNo).toBe(confirmed);
      expect(m.finishedAt !== null && m.finishedBy !== null, m.matNo).toBe(m.status === MAT_STATUS.FINISH);
      expect(m.cancelledAt !== null && m.cancelledBy !== null, m.matNo).toBe(m.status === MAT_STATUS.CANCEL);
      if (m.confirmedAt) expect(m.confirmedAt.getTime()).toBeGreaterThan(m.createdAt.getTime());
      if (m.finishedAt) expect(m.finishedAt.getTime()).toBeGreaterThan(m.confirmedAt!.getTime());
      if (m.cancelledAt) expect(m.cancelledAt.getTime()).toBeGreaterThan(m.createdAt.getTime());
      expect(m.updatedAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(mats.map((m) => m.matNo)).size).toBe(mats.length);
    expect(new Set(mats.map((m) => m.idTbsms)).size).toBe(mats.length);
    const items = await handle.db.select().from(t.materialTransferItems);
    expect(new Set(items.map((i) => i.transferId)).size).toBe(mats.length);
  });

  it('counts what arrived only for finished transfers, the finished T002 → T001 one unit short with its reason', async () => {
    const lines = await rows<{ mat_no: string; status: string; sender: string; qty_sent: number; qty_received: number | null; discrepancy_reason: string | null; discrepancy_note: string | null }>(sql`
      select m.mat_no, m.status, m.sender_store_code sender, i.qty_sent, i.qty_received, i.discrepancy_reason, i.discrepancy_note
      from material_transfer_items i join material_transfers m on m.id = i.transfer_id`);
    for (const l of lines) expect(l.qty_received === null, l.mat_no).toBe(l.status !== MAT_STATUS.FINISH);
    const short = lines.filter((l) => l.qty_received !== null && l.qty_received < l.qty_sent);
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ status: MAT_STATUS.FINISH, sender: 'T002', discrepancy_reason: 'missing', discrepancy_note: null });
    expect(short[0]!.qty_sent - short[0]!.qty_received!).toBe(1);
    expect(lines.filter((l) => l.discrepancy_reason !== null)).toHaveLength(1);
  });

  it('keeps only the hash of the one demo PIN: no row holds a plain PIN', async () => {
    const mats = await handle.db.select().from(t.materialTransfers);
    // One hash shared by every transfer (hashed once), and it is DEMO_MAT_PIN's.
    const hashes = new Set(mats.map((m) => m.pinHash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash).toMatch(/^scrypt\$/);
    expect(verifyPassword(DEMO_MAT_PIN, hash!)).toBe(true);
    expect(verifyPassword('000000', hash!)).toBe(false);
    for (const m of mats) expect(JSON.stringify(m), m.matNo).not.toContain(DEMO_MAT_PIN);
    const [stray] = await rows<{ n: number }>(sql`
      select ((select count(*) from material_transfers m where m::text like ${`%${DEMO_MAT_PIN}%`})
        + (select count(*) from material_transfer_items i where i::text like ${`%${DEMO_MAT_PIN}%`})
        + (select count(*) from stock_movements s where s::text like ${`%${DEMO_MAT_PIN}%`}))::int n`);
    expect(stray!.n).toBe(0);
  });

  it('has POD approvals, returns, chat and tickets for T001', async () => {
    const approvals = await rows<{ status: string }>(sql`select r.status from pod_approval_requests r join orders o on o.id = r.order_id where o.store_code = 'T001'`);
    expect(new Set(approvals.map((a) => a.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    const returns = await handle.db.select().from(t.returns).where(eq(t.returns.storeCode, 'T001'));
    expect(new Set(returns.map((r) => r.status))).toEqual(new Set(RETURN_STATUSES));
    expect((await handle.db.select().from(t.chatMessages)).length).toBeGreaterThan(0);
    const tickets = await handle.db.select().from(t.tickets).where(eq(t.tickets.storeCode, 'T001'));
    expect(tickets.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the stock ledger', () => {
  it('opens with one row per stocked bucket and moves stock after that only for the seeded transfers', async () => {
    const [opening] = await rows<{ n: number; keys: number; in_transit: number }>(sql`
      select count(*)::int n, count(distinct (store_code, product_id, condition))::int keys, count(*) filter (where condition = 'in_transit')::int in_transit
      from stock_movements where cause = 'opening'`);
    expect(opening!.n).toBeGreaterThan(0);
    expect(opening!.keys).toBe(opening!.n);
    expect(opening!.in_transit).toBe(0);
    const other = await rows<{ cause: string; ref: string | null; store_code: string }>(sql`select cause, ref, store_code from stock_movements where cause <> 'opening'`);
    const mats = await handle.db.select({ id: t.materialTransfers.id }).from(t.materialTransfers);
    expect(new Set(other.map((m) => m.cause))).toEqual(new Set([STOCK_CAUSE.TRANSFER_SEND, STOCK_CAUSE.TRANSFER_CANCEL, STOCK_CAUSE.TRANSFER_RECEIVE]));
    expect(new Set(other.map((m) => m.ref))).toEqual(new Set(mats.map((m) => `mat:${m.id}`)));
    expect(new Set(other.map((m) => m.store_code))).toEqual(new Set(['T001', 'T002']));
  });

  it('writes each transfer\'s steps on the ledger: sent, then back on cancel or into the receiver on finish', async () => {
    const moves = await rows<{ status: string; sender: string; receiver: string; product_id: string; qty_sent: number; qty_received: number | null; got: Array<[string, string, string, number]> }>(sql`
      select m.status, m.sender_store_code sender, m.receiver_store_code receiver, i.product_id, i.qty_sent, i.qty_received,
        (select json_agg(json_build_array(s.cause, s.store_code, s.condition, s.delta) order by s.id) from stock_movements s
          where s.ref = 'mat:' || m.id and s.product_id = i.product_id) got
      from material_transfer_items i join material_transfers m on m.id = i.transfer_id`);
    for (const x of moves) {
      const sent: Array<[string, string, string, number]> = [
        ['transfer_send', x.sender, 'sellable', -x.qty_sent],
        ['transfer_send', x.sender, 'in_transit', x.qty_sent],
      ];
      const after: Record<string, Array<[string, string, string, number]>> = {
        [MAT_STATUS.NEW]: [],
        [MAT_STATUS.PROCESS]: [],
        [MAT_STATUS.CANCEL]: [
          ['transfer_cancel', x.sender, 'in_transit', -x.qty_sent],
          ['transfer_cancel', x.sender, 'sellable', x.qty_sent],
        ],
        [MAT_STATUS.FINISH]: [
          ['transfer_receive', x.sender, 'in_transit', -x.qty_sent],
          ['transfer_receive', x.receiver, 'sellable', x.qty_received ?? 0],
        ],
      };
      expect(x.got, `${x.status} ${x.product_id}`).toEqual([...sent, ...after[x.status]!]);
    }
  });

  it('keeps store_stock equal to the ledger in every bucket, in transit included, and never below zero at the senders', async () => {
    const off = await rows(sql`
      select s.store_code, s.product_id from store_stock s
      left join (
        select store_code, product_id,
          coalesce(sum(delta) filter (where condition = 'sellable'), 0) qty, coalesce(sum(delta) filter (where condition = 'damaged'), 0) damaged,
          coalesce(sum(delta) filter (where condition = 'reserved'), 0) reserved, coalesce(sum(delta) filter (where condition = 'in_transit'), 0) in_transit
        from stock_movements group by 1, 2
      ) m using (store_code, product_id)
      where s.qty <> coalesce(m.qty, 0) or s.qty_damaged <> coalesce(m.damaged, 0) or s.qty_reserved <> coalesce(m.reserved, 0)
        or s.qty_in_transit <> coalesce(m.in_transit, 0)`);
    expect(off).toEqual([]);
    const [held] = await rows<{ n: number }>(sql`select count(*)::int n from store_stock where qty_reserved > 0`);
    expect(held!.n).toBe(1);
    const negative = await rows(sql`
      select s.store_code, s.product_id, s.qty from store_stock s
      where s.store_code in ('T001', 'T002') and s.qty < 0
        and exists (select 1 from stock_movements m where m.store_code = s.store_code and m.product_id = s.product_id and m.ref like 'mat:%')`);
    expect(negative).toEqual([]);
  });

  it('holds in transit exactly what the new and in-process transfers sent', async () => {
    const wrong = await rows(sql`
      with sent as (
        select m.sender_store_code store_code, i.product_id, sum(i.qty_sent)::int qty
        from material_transfers m join material_transfer_items i on i.transfer_id = m.id
        where m.status in (${MAT_STATUS.NEW}, ${MAT_STATUS.PROCESS}) group by 1, 2
      )
      select s.store_code, s.product_id, s.qty_in_transit, coalesce(sent.qty, 0) sent from store_stock s
      full join sent using (store_code, product_id)
      where coalesce(s.qty_in_transit, 0) <> coalesce(sent.qty, 0)`);
    expect(wrong).toEqual([]);
    const totals = await rows<{ store_code: string; in_transit: number; sent: number }>(sql`
      select s.code store_code,
        (select coalesce(sum(qty_in_transit), 0)::int from store_stock x where x.store_code = s.code) in_transit,
        (select coalesce(sum(i.qty_sent), 0)::int from material_transfers m join material_transfer_items i on i.transfer_id = m.id
          where m.sender_store_code = s.code and m.status in (${MAT_STATUS.NEW}, ${MAT_STATUS.PROCESS})) sent
      from stores s where s.code in ('T001', 'T002') order by s.code`);
    expect(totals).toHaveLength(2);
    for (const x of totals) {
      expect(x.in_transit, x.store_code).toBe(x.sent);
      expect(x.sent, x.store_code).toBeGreaterThan(0);
    }
  });

  it('says who cancelled each cancelled order and why', async () => {
    const missing = await rows(sql`select shipment_no from orders where status_id in (1106, 1107) and (cancelled_by is null or cancel_reason is null)`);
    expect(missing).toEqual([]);
  });
});

describe('seeding', () => {
  it('lets the app insert rows after the seed (sequences moved past the seeded ids)', async () => {
    const [line] = await handle.db.select().from(t.orderLines).limit(1);
    const [order] = await handle.db
      .insert(t.orders)
      .values({
        shipmentNo: 'SHP9999999999999',
        orderNo: 'TEST-1',
        appId: 379,
        storeCode: 'T001',
        statusId: 1101,
        deliveryType: 0,
        paymentId: 1,
        price: line!.price,
        customerName: 'Uji Coba',
        customerPhone: '081200000000',
        pickupCode: '123456',
      })
      .returning({ id: t.orders.id });
    await handle.db.insert(t.orderLines).values({ orderId: order!.id, productId: line!.productId, barcode: line!.barcode, name: line!.name, price: line!.price, qty: 1 });
    await handle.db.delete(t.orders).where(eq(t.orders.id, order!.id));
  });

  it('is deterministic: reset and seed again (at another time) gives the same rows', async () => {
    const snapshot = async () => ({
      orders: await rows(sql`select id, shipment_no, order_no, app_id, store_code, status_id, price, customer_name, pickup_code from orders order by id`),
      lines: await rows(sql`select order_id, product_id, qty, qty_picked, qty_oos from order_lines order by id`),
      products: await rows(sql`select product_id, ean13, name, price from products order by id`),
      // pin_hash is left out: its salt is random on every run (like the users' password hashes).
      mats: await rows(sql`select mat_no, id_tbsms, status, sender_store_code, receiver_store_code, note from material_transfers order by id`),
      matItems: await rows(sql`select transfer_id, product_id, qty_sent, qty_received, discrepancy_reason from material_transfer_items order by transfer_id, product_id`),
      moves: await rows(sql`select store_code, product_id, delta, condition, cause, ref from stock_movements where cause <> 'opening' order by id`),
    });
    const first = await snapshot();
    await resetDatabase(handle.db);
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    await seedDemo(handle.db, { now: new Date(Date.now() - 3 * 86_400_000) });
    const second = await snapshot();
    expect(second.orders.length).toBeGreaterThanOrEqual(300);
    expect(second).toEqual(first);
  });
});
