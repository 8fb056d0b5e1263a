import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS, BOOKING_STATUS_WITHOUT_TAKER, MAT_STATUS, MAT_STATUSES, ORDER_STATUS, RETURN_STATUSES } from '@gerai/contract';
import { verifyPassword } from '../db/password';
import * as t from '../db/schema';
import { DEMO_MAT_PIN } from './demo-data';
import { seededDbPerFile } from './seed-test-kit';

const { handle, rows } = seededDbPerFile();

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
