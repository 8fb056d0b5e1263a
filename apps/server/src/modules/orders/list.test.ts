import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CHANNELS } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { orderLines, orders } from '../../db/schema';
import { orderApi, ordersIn } from './order-test-kit';

let ctx: TestContext;
let api: ReturnType<typeof orderApi>;
beforeAll(async () => {
  ctx = await createTestContext();
  api = orderApi(ctx);
});
afterAll(async () => ctx?.close());

const STAFF = '10000001';
type Item = { shipmentNo: string; statusId: number; storeCode: string; appId: number; appName: string; createdAt: string; itemCount: number; price: number; customerName: string; pickerName: string | null; progress: null | { qty: number; picked: number; oos: number; resolved: number; complete: boolean } };
type Facet = { appId: number; appName: string; count: number };

async function list(query: string, nik = STAFF) {
  const res = await api.get(nik, `/api/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Item[]; page: number; size: number; total: number; facet: { application: Facet[] } };
}

describe('GET /api/orders', () => {
  it("lists the active store's new orders oldest first (first in, first out) with card fields", async () => {
    const data = await list('status=1101&size=100');
    const rows = await ordersIn(ctx, 'T001', 1101);
    expect(data.total).toBe(rows.length);
    expect(data.items).toHaveLength(rows.length);
    expect(data.items.every((i) => i.statusId === 1101 && i.storeCode === 'T001')).toBe(true);
    const times = data.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort());
    const first = data.items[0]!;
    const row = rows.find((r) => r.shipmentNo === first.shipmentNo)!;
    const lines = await ctx.handle.db.select().from(orderLines).where(eq(orderLines.orderId, row.id));
    expect(first).toMatchObject({
      orderNo: row.orderNo,
      customerName: row.customerName,
      price: row.price,
      deliveryType: row.deliveryType,
      appId: row.appId,
      appName: CHANNELS.find((c) => c.appId === row.appId)!.appName,
      itemCount: lines.reduce((s, l) => s + l.qty, 0),
      pickerName: null,
      progress: null,
    });
    expect(JSON.stringify(data)).not.toContain('pickupCode');
  });

  it('lists other statuses newest first; history takes a comma list', async () => {
    const inProgress = await list('status=1103&size=100');
    const times = inProgress.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const history = await list('status=1105,1107&size=100');
    expect(new Set(history.items.map((i) => i.statusId))).toEqual(new Set([1105, 1107]));
    const rows = await ctx.handle.db.select({ id: orders.id }).from(orders).where(and(eq(orders.storeCode, 'T001'), inArray(orders.statusId, [1105, 1107])));
    expect(history.total).toBe(rows.length);
  });

  it('shows the picker and the picking progress on packing cards', async () => {
    const data = await list('status=1102');
    expect(data.items.length).toBeGreaterThan(0);
    for (const item of data.items) {
      expect(item.pickerName).toBeTruthy();
      const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.shipmentNo, item.shipmentNo));
      const lines = await ctx.handle.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
      const picked = lines.reduce((s, l) => s + l.qtyPicked, 0);
      const oos = lines.reduce((s, l) => s + l.qtyOos, 0);
      expect(item.progress).toEqual({
        qty: item.itemCount,
        picked,
        oos,
        resolved: picked + oos,
        complete: lines.every((l) => l.qtyPicked + l.qtyOos === l.qty),
      });
    }
  });

  it('pages without gaps or repeats', async () => {
    const all = await list('status=1105,1107&size=100');
    const pages: Item[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page++) {
      const p = await list(`status=1105,1107&size=3&page=${page}`);
      expect(p).toMatchObject({ page, size: 3, total: all.total });
      pages.push(...p.items);
    }
    expect(pages.map((i) => i.shipmentNo)).toEqual(all.items.map((i) => i.shipmentNo));
    expect((await list(`status=1105,1107&size=3&page=${all.total + 1}`)).items).toEqual([]);
  });

  it('facets channels once each, over the same filters without appId', async () => {
    const all = await list('status=1105,1106,1107&size=100');
    const ids = all.facet.application.map((a) => a.appId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.facet.application.reduce((s, a) => s + a.count, 0)).toBe(all.total);
    for (const a of all.facet.application) {
      expect(a.appName).toBe(CHANNELS.find((c) => c.appId === a.appId)!.appName);
      expect(a.count).toBe(all.items.filter((i) => i.appId === a.appId).length);
    }
    const chosen = all.facet.application[0]!;
    const filtered = await list(`status=1105,1106,1107&size=100&appId=${chosen.appId}`);
    expect(filtered.total).toBe(chosen.count);
    expect(filtered.items.every((i) => i.appId === chosen.appId)).toBe(true);
    expect(filtered.facet).toEqual(all.facet);
  });

  it('searches shipment number, order number and customer name, case-insensitive, with LIKE characters taken literally', async () => {
    const all = await list('status=1101&size=100');
    const target = all.items[2]!;
    const row = (await ordersIn(ctx, 'T001', 1101)).find((r) => r.shipmentNo === target.shipmentNo)!;
    expect((await list(`status=1101&query=${target.shipmentNo.slice(-7)}`)).items.map((i) => i.shipmentNo)).toContain(target.shipmentNo);
    expect((await list(`status=1101&query=${row.orderNo.toLowerCase()}`)).items.map((i) => i.shipmentNo)).toEqual([target.shipmentNo]);
    const name = target.customerName.split(' ')[0]!.toUpperCase();
    const byName = await list(`status=1101&query=${encodeURIComponent(name)}`);
    expect(byName.items.map((i) => i.shipmentNo)).toContain(target.shipmentNo);
    expect(byName.items.every((i) => i.customerName.toUpperCase().includes(name) || i.shipmentNo.includes(name))).toBe(true);
    expect((await list('status=1101&query=%25')).total).toBe(0);
    expect((await list('status=1101&query=_')).total).toBe(0);
  });

  it('filters by WIB calendar days, both ends inclusive', async () => {
    const [a, b] = await ordersIn(ctx, 'T001', 1104);
    // 17:30 UTC on 1 March is 00:30 WIB on 2 March; 16:59 UTC on 2 March is 23:59 WIB on 2 March.
    await ctx.handle.db.update(orders).set({ createdAt: new Date('2026-03-01T17:30:00Z') }).where(eq(orders.id, a!.id));
    await ctx.handle.db.update(orders).set({ createdAt: new Date('2026-03-02T16:59:00Z') }).where(eq(orders.id, b!.id));
    const day = await list('status=1104&startDate=2026-03-02&endDate=2026-03-02');
    expect(day.items.map((i) => i.shipmentNo).sort()).toEqual([a!.shipmentNo, b!.shipmentNo].sort());
    expect((await list('status=1104&startDate=2026-03-01&endDate=2026-03-01')).total).toBe(0);
    expect((await list('status=1104&startDate=2026-03-03')).items.map((i) => i.shipmentNo)).not.toContain(b!.shipmentNo);
    expect((await list('status=1104&endDate=2026-03-02')).total).toBe(2);
  });

  it('combines every filter at once, several statuses, and pages', async () => {
    const [a, b, c] = await ordersIn(ctx, 'T001', 1105);
    const day = new Date('2026-04-10T03:00:00Z');
    for (const o of [a!, b!, c!]) await ctx.handle.db.update(orders).set({ createdAt: day, appId: a!.appId, customerName: 'Pelanggan Gabungan' }).where(eq(orders.id, o.id));
    const q = `status=1104,1105&startDate=2026-04-10&endDate=2026-04-10&query=gabungan&appId=${a!.appId}`;
    const first = await list(`${q}&size=2&page=1`);
    const second = await list(`${q}&size=2&page=2`);
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect([...first.items, ...second.items].map((i) => i.shipmentNo).sort()).toEqual([a!, b!, c!].map((o) => o.shipmentNo).sort());
    expect(first.facet.application).toEqual([expect.objectContaining({ appId: a!.appId, count: 3 })]);
  });

  it('never lists another store: staff of T002 see T002 only', async () => {
    const t2 = await list('status=1101,1102,1103,1104,1105,1106,1107&size=100', '10000002');
    expect(t2.items.length).toBeGreaterThan(0);
    expect(t2.items.every((i) => i.storeCode === 'T002')).toBe(true);
  });

  it('asks roles without a store to pick one first', async () => {
    const res = await api.get('40000001', '/api/orders?status=1101');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('STORE_REQUIRED');
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['', 'querystring.status'],
      ['status=9999', 'querystring.status'],
      ['status=1101,abc', 'querystring.status'],
      ['status=1101&page=0', 'querystring.page'],
      ['status=1101&size=500', 'querystring.size'],
      ['status=1101&startDate=2026-13-01', 'querystring.startDate'],
      ['status=1101&startDate=2026-03-05&endDate=2026-03-04', 'querystring.endDate'],
      ['status=1101&appId=12345', 'querystring.appId'],
    ];
    for (const [query, path] of cases) {
      const res = await api.get(STAFF, `/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details.map((d: { path: string }) => d.path), query).toContain(path);
    }
  });

  it('is in the OpenAPI document with every order route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const path of ['/api/orders', '/api/orders/{shipmentNo}', '/api/orders/{shipmentNo}/claim', '/api/orders/{shipmentNo}/scan', '/api/orders/{shipmentNo}/lines/{lineId}/quantity', '/api/orders/{shipmentNo}/lines/{lineId}/out-of-stock', '/api/orders/{shipmentNo}/paper-bags', '/api/orders/{shipmentNo}/reset', '/api/orders/{shipmentNo}/pack', '/api/orders/{shipmentNo}/handover', '/api/orders/{shipmentNo}/finish', '/api/orders/{shipmentNo}/archive-cancelled']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/orders/{shipmentNo}/scan'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '422']));
  });
});
