import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testContextPerFile } from '../../test/harness';
import { orderLines, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { linesOf, orderPicker } from './order-test-kit';
import { lockOrderRow } from './lifecycle';
import { scanBarcode } from './scan';

/**
 * Issue 27 (the day's scan tail): a transaction that only points at an order — a chat room opened for
 * it, a channel notice queued — takes FOR KEY SHARE on the order row through its foreign key. A scan
 * and lockOrderRow (POD, cancellations, returns, bookings) locked the order FOR UPDATE, which waits
 * for that transaction; scan batches run one at a time per process, so every store's scans waited
 * behind one order's chat. They lock FOR NO KEY UPDATE now, as an UPDATE of the order does: changes
 * of one order still queue, a pointer to it does not. Needs two connections: PostgreSQL only.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ctx = testContextPerFile();
const pick = orderPicker(ctx);

/** Holds `lock` on the order's row in a transaction of its own until the returned release is called. */
async function holdRow(orderId: number, lock: 'for key share' | 'for no key update'): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from orders where id = ${orderId} ${sql.raw(lock)}`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

/** 'done' if `work` settles within `ms`, else 'waiting'. */
const within = (work: Promise<unknown>, ms: number) => Promise.race([work.then(() => 'done' as const), new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);

describe.skipIf(!ADMIN_URL)(ADMIN_URL ? 'order row locks on PostgreSQL' : 'order row locks — skipped: set TEST_DATABASE_URL to a PostgreSQL server', () => {
  const staff = async () => {
    const [user] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, '10000001'));
    return (await loadPrincipal(ctx.handle.db, user!.id))!;
  };

  it('a scan does not wait for a transaction that only points at its order (foreign key), but waits for a change of it', async () => {
    const order = await pick('T001', 1102);
    await ctx.handle.db.update(orderLines).set({ qtyPicked: 0, qtyOos: 0, qty: 5 }).where(eq(orderLines.orderId, order.id));
    const [line] = await linesOf(ctx, order.id);
    const p = await staff();

    const releasePointer = await holdRow(order.id, 'for key share');
    try {
      expect(await within(scanBarcode(ctx.handle.db, p, order.shipmentNo, line!.barcode), 2000)).toBe('done');
    } finally {
      await releasePointer();
    }

    const releaseChange = await holdRow(order.id, 'for no key update');
    const scan = scanBarcode(ctx.handle.db, p, order.shipmentNo, line!.barcode);
    try {
      expect(await within(scan, 300)).toBe('waiting');
    } finally {
      await releaseChange();
    }
    await scan;
    expect((await linesOf(ctx, order.id)).find((l) => l.id === line!.id)!.qtyPicked).toBe(2);
  });

  it('lockOrderRow does not wait for a transaction that only points at the order, but waits for a change of it', async () => {
    const order = await pick('T001', 1103);
    const p = await staff();
    const lock = () => ctx.handle.db.transaction((tx) => lockOrderRow(tx, p, order.shipmentNo));

    const releasePointer = await holdRow(order.id, 'for key share');
    try {
      expect(await within(lock(), 2000)).toBe('done');
    } finally {
      await releasePointer();
    }

    const releaseChange = await holdRow(order.id, 'for no key update');
    const locked = lock();
    try {
      expect(await within(locked, 300)).toBe('waiting');
    } finally {
      await releaseChange();
    }
    expect((await locked)?.id).toBe(order.id);
  });
});
