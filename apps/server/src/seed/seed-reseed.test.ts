import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../db/schema';
import { isDatabaseEmpty, resetDatabase, seedDemo } from './seed';
import { seededDbPerFile } from './seed-test-kit';

const { handle, rows } = seededDbPerFile();

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
