import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS_IDS } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { orders } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function get(nik: string, url: string) {
  const { authorization } = await ctx.loginAs(nik);
  return ctx.app.inject({ method: 'GET', url, headers: { authorization } });
}

describe('GET /api/orders/count', () => {
  it("counts every status of the caller's store, matching the database", async () => {
    const res = await get('10000001', '/api/orders/count');
    expect(res.statusCode).toBe(200);
    const { counts } = res.json().data;
    for (const status of ORDER_STATUS_IDS) {
      const rows = await ctx.handle.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeCode, 'T001'), eq(orders.statusId, status)));
      expect(counts[String(status)]).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(0);
    }
  });

  it('counts another store for a staff member of that store', async () => {
    const t1 = (await get('10000001', '/api/orders/count')).json().data.counts;
    const t2 = (await get('10000002', '/api/orders/count')).json().data.counts;
    expect(t2).not.toEqual(t1);
  });

  it('counts new orders since latestOrder and rejects a malformed date', async () => {
    const future = await get('10000001', `/api/orders/count?latestOrder=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`);
    expect(future.json().data.latest).toBe(0);
    const past = await get('10000001', '/api/orders/count?latestOrder=2000-01-01T00:00:00Z');
    expect(past.json().data.latest).toBe(past.json().data.counts['1101']);
    const bad = await get('10000001', '/api/orders/count?latestOrder=kemarin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toContain('latestOrder');
  });
});

describe('GET /api/orders/:shipmentNo', () => {
  it("shows a store's order to its staff", async () => {
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).limit(1);
    const res = await get('10000001', `/api/orders/${order!.shipmentNo}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ shipmentNo: order!.shipmentNo, storeCode: 'T001' });
    expect(res.json().data.products.length).toBeGreaterThan(0);
  });

  it('answers 404 to staff of another store, exactly as for an unknown shipment', async () => {
    const [order] = await ctx.handle.db.select().from(orders).where(eq(orders.storeCode, 'T001')).limit(1);
    const other = await get('10000002', `/api/orders/${order!.shipmentNo}`);
    const unknown = await get('10000002', '/api/orders/SHP000000000000');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
  });
});
