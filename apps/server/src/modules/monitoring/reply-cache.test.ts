import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_EVENT_TYPES, EVENT_TYPES, HELPDESK_EVENT_TYPES, MONITORING_CHANGING_EVENT_TYPES, type EventType, type Monitoring, type MonitoringStoreRows } from '@gerai/contract';
import { DEMO_NIK } from '../../seed/demo-data';
import { testContextPerFile } from '../../test/harness';
import { oneLineOrder, sendChannelOrder } from '../../test/intake';
import { addOrder, addStore, ago, monitoringApi } from './monitoring-test-kit';
import { StoreReadCache } from '../../platform/read-cache';
import { randomTag } from '../../test/random';

describe('the events that clear a monitoring reply', () => {
  it('are decided for every event type of the catalogue: a new type must be named here or in the cache', () => {
    const changeNoFigure: EventType[] = ['order.scanned', 'order.updated', 'order.notice', 'transfer.locked', 'transfer.unlocked', 'transfer.reissued', ...HELPDESK_EVENT_TYPES, ...CHAT_EVENT_TYPES];
    expect(changeNoFigure.filter((t) => (MONITORING_CHANGING_EVENT_TYPES as readonly EventType[]).includes(t))).toEqual([]);
    expect(new Set([...MONITORING_CHANGING_EVENT_TYPES, ...changeNoFigure])).toEqual(new Set(EVENT_TYPES));
  });
});

describe('the store read cache over a scope (monitoring)', () => {
  const loader = (value: string, until = Number.POSITIVE_INFINITY) => vi.fn(async () => ({ value, until }));

  it('keeps a reply until a store of its scope changes; other stores leave it, a change of no store clears all', async () => {
    const cache = new StoreReadCache({ ttlMs: 60_000, max: 10 });
    const area = ['T001', 'T002'];
    const load = loader('area');
    const everything = loader('all');
    await cache.readScoped(area, 'area', load);
    await cache.readScoped('all', 'all', everything);
    await cache.readScoped(area, 'area', load);
    await cache.readScoped('all', 'all', everything);
    expect([load.mock.calls.length, everything.mock.calls.length]).toEqual([1, 1]);
    cache.invalidate('T003');
    await cache.readScoped(area, 'area', load);
    await cache.readScoped('all', 'all', everything);
    // T003 is outside the area; the whole chain counts it.
    expect([load.mock.calls.length, everything.mock.calls.length]).toEqual([1, 2]);
    cache.invalidate('T002');
    await cache.readScoped(area, 'area', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.invalidate(null);
    await cache.readScoped(area, 'area', load);
    await cache.readScoped('all', 'all', everything);
    expect([load.mock.calls.length, everything.mock.calls.length]).toEqual([3, 3]);
    cache.invalidateScope(['T001']);
    await cache.readScoped(area, 'area', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps a reply no longer than its own `until` (the next order going late) and the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new StoreReadCache({ ttlMs: 10_000, max: 10 });
      const start = Date.now();
      const soon = loader('soon', start + 3_000);
      await cache.readScoped(['T001'], 'a', soon);
      vi.setSystemTime(start + 2_999);
      await cache.readScoped(['T001'], 'a', soon);
      expect(soon).toHaveBeenCalledTimes(1);
      vi.setSystemTime(start + 3_000);
      await cache.readScoped(['T001'], 'a', soon);
      expect(soon).toHaveBeenCalledTimes(2);
      const later = loader('later');
      await cache.readScoped(['T001'], 'b', later);
      vi.setSystemTime(start + 12_999);
      await cache.readScoped(['T001'], 'b', later);
      expect(later).toHaveBeenCalledTimes(1);
      vi.setSystemTime(start + 13_001);
      await cache.readScoped(['T001'], 'b', later);
      expect(later).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one load between concurrent misses, and never keeps what a load read before a change', async () => {
    const cache = new StoreReadCache({ ttlMs: 60_000, max: 10 });
    let finish: (v: { value: string; until: number }) => void = () => undefined;
    const slow = vi.fn(() => new Promise<{ value: string; until: number }>((resolve) => (finish = resolve)));
    const first = cache.readScoped(['T001'], 'k', slow);
    const second = cache.readScoped(['T001'], 'k', slow);
    expect(slow).toHaveBeenCalledTimes(1);
    cache.invalidate('T001');
    finish({ value: 'before the change', until: Number.POSITIVE_INFINITY });
    expect(await Promise.all([first, second])).toEqual(['before the change', 'before the change']);
    const fresh = loader('after the change');
    expect(await cache.readScoped(['T001'], 'k', fresh)).toBe('after the change');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('reads through while suspended (LISTEN down) and when the TTL is 0', async () => {
    const cache = new StoreReadCache({ ttlMs: 60_000, max: 10 });
    const load = loader('x');
    cache.suspend();
    await cache.readScoped('all', 'k', load);
    await cache.readScoped('all', 'k', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.resume();
    await cache.readScoped('all', 'k', load);
    await cache.readScoped('all', 'k', load);
    expect(load).toHaveBeenCalledTimes(3);
    const off = new StoreReadCache({ ttlMs: 0, max: 10 });
    await off.readScoped('all', 'k', load);
    await off.readScoped('all', 'k', load);
    expect(load).toHaveBeenCalledTimes(5);
  });
});

describe('GET /api/monitoring from the cache', () => {
  const ctx = testContextPerFile({ READ_CACHE_TTL_MS: 60_000 });
  const api = monitoringApi(ctx);
  let NOW: Date;
  beforeAll(() => {
    NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const monitoring = async (nik: string) => {
    const res = await api.get(nik);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Monitoring;
  };
  const newOrders = (m: Monitoring) => m.totals.find((t) => t.statusId === 1101)!;
  const storeRows = async (nik: string, storeCode?: string) => {
    const res = await api.get(nik, storeCode, '/stores');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MonitoringStoreRows;
  };
  const rowOf = (rows: MonitoringStoreRows, code: string) => rows.stores.find((s) => s.storeCode === code)!.statuses.find((s) => s.statusId === 1101)!;

  async function intake(storeCode: string): Promise<string> {
    const res = await sendChannelOrder(ctx, await oneLineOrder(ctx, { orderNo: `MON-CACHE-${randomTag(11)}`, storeCode }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.shipmentNo as string;
  }

  /** The shipments whose order.created this process has heard (LISTEN/NOTIFY), from the start of the file. */
  const created = new Set<string>();
  beforeAll(() => {
    ctx.app.events.subscribe((e) => {
      if (e.type === 'order.created') created.add((e.payload as { shipmentNo: string }).shipmentNo);
    });
  });
  const heard = (shipmentNo: string) => expect.poll(() => created.has(shipmentNo)).toBe(true);

  it("keeps the reply while the scope does not change: another store's new order leaves it", async () => {
    const before = await monitoring(DEMO_NIK.STAFF);
    await heard(await intake('T002'));
    expect(await monitoring(DEMO_NIK.STAFF)).toEqual(before);
  });

  it("reads again once the scope's store changes", async () => {
    const before = await monitoring(DEMO_NIK.STAFF);
    const rowsBefore = await storeRows(DEMO_NIK.AREA_SUPERVISOR);
    const lateBefore = await api.lateOrders(DEMO_NIK.AREA_SUPERVISOR);
    // A late order written outside the app sends no event: the kept late list stands until one does.
    const late = await addOrder(ctx, { storeCode: 'T001', statusId: 1102, createdAt: ago(NOW, 90 * 24 * 60) });
    expect(await api.lateOrders(DEMO_NIK.AREA_SUPERVISOR)).toEqual(lateBefore);
    await heard(await intake('T001'));
    const after = await monitoring(DEMO_NIK.STAFF);
    expect(newOrders(after).count).toBe(newOrders(before).count + 1);
    // "Per toko" and the late list are kept per scope and cleared by the same events.
    expect(rowOf(await storeRows(DEMO_NIK.AREA_SUPERVISOR), 'T001').count).toBe(rowOf(rowsBefore, 'T001').count + 1);
    expect((await api.lateOrders(DEMO_NIK.AREA_SUPERVISOR)).late.map((l) => l.shipmentNo)).toContain(late.shipmentNo);
  });

  it('reads again the moment the next order goes late, and keeps the reply until then', async () => {
    vi.setSystemTime(NOW);
    // A store of its own: no other order goes late meanwhile.
    await addStore(ctx, 'T950');
    const read = async () => {
      const res = await api.get(DEMO_NIK.SUPER_USER, 'T950');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Monitoring;
    };
    await addOrder(ctx, { storeCode: 'T950', statusId: 1101, createdAt: ago(NOW, 20) });
    const order = await addOrder(ctx, { storeCode: 'T950', statusId: 1101, createdAt: ago(NOW, 9.5) });
    const first = await read();
    expect(first.lateTotal).toBe(1);
    const firstRows = await storeRows(DEMO_NIK.SUPER_USER, 'T950');
    expect(firstRows.stores[0]!.late).toBe(1);
    const firstLate = await api.lateOrders(DEMO_NIK.SUPER_USER, 'T950');
    expect(firstLate.late).toHaveLength(1);
    // Orders written outside the app send no event: the kept reply stands until the next one goes late.
    await addOrder(ctx, { storeCode: 'T950', statusId: 1102, createdAt: ago(NOW, 1) });
    vi.setSystemTime(NOW.getTime() + 29_999);
    expect(await read()).toEqual(first);
    expect(await storeRows(DEMO_NIK.SUPER_USER, 'T950')).toEqual(firstRows);
    // The late list too is kept until then, and read again at that moment.
    expect(await api.lateOrders(DEMO_NIK.SUPER_USER, 'T950')).toEqual(firstLate);
    vi.setSystemTime(NOW.getTime() + 30_000);
    expect((await storeRows(DEMO_NIK.SUPER_USER, 'T950')).stores[0]!.late).toBe(2);
    expect((await api.lateOrders(DEMO_NIK.SUPER_USER, 'T950')).late.map((l) => l.shipmentNo)).toContain(order.shipmentNo);
    const late = await read();
    expect(late.generatedAt).toBe(new Date(NOW.getTime() + 30_000).toISOString());
    expect(late.lateTotal).toBe(2);
    expect(late.totals.find((t) => t.statusId === 1102)!.count).toBe(1);
  });

  it("shows the caller's own change at once", async () => {
    const shipmentNo = await intake('T001');
    await heard(shipmentNo);
    const before = await monitoring(DEMO_NIK.STAFF);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/orders/${shipmentNo}/claim`, headers: { authorization: await api.auth(DEMO_NIK.STAFF) } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await monitoring(DEMO_NIK.STAFF);
    expect(newOrders(after).count).toBe(newOrders(before).count - 1);
  });
});
