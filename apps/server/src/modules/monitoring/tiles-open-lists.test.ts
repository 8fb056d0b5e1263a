import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BOOKING_STATUS,
  MAT_STATUS,
  MONITORING_TILES,
  ORDER_STATUS_IDS,
  RETURN_STATUSES,
  WAITING_RETURN_STATUS,
  type Monitoring,
  type MonitoringTile,
  type MonitoringTileStores,
} from '@gerai/contract';
import { returns } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { testFileWith } from '../../test/harness';
import { addBooking, addCancelRequest, addOrder, addPodRequest, addReturn, addTransfer, ago, monitoringApi } from './monitoring-test-kit';

// Issue 25: every count that opens a list counts exactly what that list shows, for the same caller and
// store; over the demo data, with work of every kind added in two stores of the area, and after changes.

const { ctx, api } = testFileWith(monitoringApi);
const CHIEF = DEMO_NIK.STORE_CHIEF;
const SUPERVISOR = DEMO_NIK.AREA_SUPERVISOR;

async function get<T>(nik: string, url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: await api.auth(nik) } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data as T;
}
const total = (nik: string, url: string) => get<{ total: number }>(nik, url).then((page) => page.total);

/** Makes `storeCode` the caller's active store (the lists are the active store's). */
async function workIn(nik: string, storeCode: string): Promise<void> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/members/me/store', payload: { storeCode }, headers: { authorization: await api.auth(nik) } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The list a tile opens for `storeCode` (the caller working in it), as the web asks for it: its total. */
function listTotal(nik: string, tile: MonitoringTile, storeCode: string): Promise<number> {
  if (tile.startsWith('status-')) return total(nik, `/api/orders?status=${tile.slice('status-'.length)}&size=1`);
  if (tile in WAITING_RETURN_STATUS) return total(nik, `/api/returns?status=${WAITING_RETURN_STATUS[tile as keyof typeof WAITING_RETURN_STATUS]}&size=1`);
  switch (tile) {
    case 'podApprovals':
      return total(nik, `/api/pod/requests?status=pending&storeCode=${storeCode}&size=1`);
    case 'cancelRequests':
      return total(nik, '/api/cancellations?status=pending&size=1');
    case 'bookings':
      return total(nik, `/api/bookings?direction=in&status=${BOOKING_STATUS.WAITING}&size=1`);
    case 'transfers':
      return total(nik, `/api/transfers?side=in&status=${MAT_STATUS.NEW}&size=1`);
  }
  throw new Error(`no list for ${tile}`);
}

/** Each tile's count in a reply. */
function tileCounts(m: Monitoring): Record<MonitoringTile, number> {
  const out = {} as Record<MonitoringTile, number>;
  for (const s of m.totals) out[`status-${s.statusId}` as MonitoringTile] = s.count;
  for (const w of m.waiting) out[w.kind] = w.count;
  return out;
}

async function monitoring(nik: string, storeCode?: string): Promise<Monitoring> {
  const res = await api.get(nik, storeCode);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Monitoring;
}

/** Every tile's stores over the caller's scope, as the web asks for them when a tile is opened. */
const tileStores = (nik: string) => Promise.all(MONITORING_TILES.map((tile) => get<MonitoringTileStores>(nik, `/api/monitoring/tiles/${tile}`)));

/** One store's figures (the caller's own, or one store of an area) against the lists the tiles open there. */
async function expectStoreTilesMatchLists(nik: string, storeCode: string, figures: Monitoring): Promise<void> {
  expect(figures.storeCount).toBe(1);
  const counts = tileCounts(figures);
  await workIn(nik, storeCode).catch(() => undefined); // the crew's own store is theirs already
  for (const tile of MONITORING_TILES) expect({ tile, storeCode, count: await listTotal(nik, tile, storeCode) }).toEqual({ tile, storeCode, count: counts[tile] });
}

/** Several stores' figures: each tile's stores add up to the tile, and each store's count is its list's. */
async function expectAreaTilesMatchLists(nik: string, figures: Monitoring): Promise<void> {
  expect(figures.storeCount).toBeGreaterThan(1);
  const counts = tileCounts(figures);
  const tiles = await tileStores(nik);
  expect(tiles.map((t) => t.tile)).toEqual([...MONITORING_TILES]);
  for (const { tile, stores, storeTotal } of tiles) {
    expect(storeTotal).toBe(stores.length);
    expect({ tile, sum: stores.reduce((n, s) => n + s.count, 0) }).toEqual({ tile, sum: counts[tile] });
    for (const s of stores) expect(s.count).toBeGreaterThan(0);
  }
  const storesOf = new Set(tiles.flatMap((t) => t.stores.map((s) => s.storeCode)));
  for (const storeCode of storesOf) {
    await workIn(nik, storeCode);
    for (const { tile, stores } of tiles) {
      const expected = stores.find((s) => s.storeCode === storeCode)?.count ?? 0;
      expect({ tile, storeCode, count: await listTotal(nik, tile, storeCode) }).toEqual({ tile, storeCode, count: expected });
    }
  }
}

beforeAll(async () => {
  // Work of every kind in T001 and T002 (both in the demo area supervisor's area), beside the demo's own.
  const now = new Date();
  for (const storeCode of ['T001', 'T002']) {
    for (const status of RETURN_STATUSES) {
      await addReturn(ctx, await addOrder(ctx, { storeCode, statusId: 1105, createdAt: ago(now, 600) }), ago(now, 60), status);
    }
    const delivering = await addOrder(ctx, { storeCode, statusId: 1103, createdAt: ago(now, 50), deliveryType: 1 });
    await addPodRequest(ctx, delivering, ago(now, 5));
    await addCancelRequest(ctx, await addOrder(ctx, { storeCode, statusId: 1101, createdAt: ago(now, 3) }), ago(now, 1));
    const booking = await addOrder(ctx, { storeCode: storeCode === 'T001' ? 'T002' : 'T001', statusId: 1101, createdAt: ago(now, 4) });
    await addBooking(ctx, booking, storeCode, ago(now, 2));
    await addTransfer(ctx, storeCode === 'T001' ? 'T002' : 'T001', storeCode, ago(now, 9));
  }
});

describe('monitoring: a tile counts what the list it opens shows', () => {
  it('for a store scope (the kepala toko): each tile equals its list', async () => {
    const figures = await monitoring(CHIEF);
    expect(Object.values(tileCounts(figures)).every((n) => n > 0)).toBe(true);
    await expectStoreTilesMatchLists(CHIEF, 'T001', figures);
  });

  it('for an area scope: each tile opens its stores, whose counts add up to it and equal each store’s list; one store of the area likewise', async () => {
    await expectAreaTilesMatchLists(SUPERVISOR, await monitoring(SUPERVISOR));
    await expectStoreTilesMatchLists(SUPERVISOR, 'T002', await monitoring(SUPERVISOR, 'T002'));
  });

  it('still after changes (returns moving on, new work)', async () => {
    await ctx.handle.db.update(returns).set({ status: 'approved' }).where(eq(returns.status, 'requested'));
    await addCancelRequest(ctx, await addOrder(ctx, { storeCode: 'T003', statusId: 1102, createdAt: new Date() }), new Date());
    await expectAreaTilesMatchLists(SUPERVISOR, await monitoring(SUPERVISOR));
    await expectStoreTilesMatchLists(CHIEF, 'T001', await monitoring(CHIEF));
  });
});

describe('home: every count equals the list it opens, for the same person and store', () => {
  async function expectHomeCountsMatchLists(nik: string, storeCode: string): Promise<void> {
    await workIn(nik, storeCode).catch(() => undefined);
    const orders = await get<{ counts: Record<string, number> }>(nik, '/api/orders/count');
    for (const status of ORDER_STATUS_IDS) expect({ status, n: await total(nik, `/api/orders?status=${status}&size=1`) }).toEqual({ status, n: orders.counts[status] });

    const ret = await get<{ counts: Record<string, number> }>(nik, '/api/returns/count');
    for (const status of RETURN_STATUSES) expect({ status, n: await total(nik, `/api/returns?status=${status}&size=1`) }).toEqual({ status, n: ret.counts[status] });

    const pod = await get<{ pending: number }>(nik, `/api/pod/requests/count?storeCode=${storeCode}`);
    expect(await total(nik, `/api/pod/requests?status=pending&storeCode=${storeCode}&size=1`)).toBe(pod.pending);

    const cancel = await get<{ pending: number }>(nik, '/api/cancellations/count');
    expect(await total(nik, '/api/cancellations?status=pending&size=1')).toBe(cancel.pending);

    const booking = await get<{ incomingWaiting: number }>(nik, '/api/bookings/count');
    expect(await total(nik, `/api/bookings?direction=in&status=${BOOKING_STATUS.WAITING}&size=1`)).toBe(booking.incomingWaiting);
    // The home tile opens the product groups of those bookings: their bookings add up to the badge.
    const groups = await get<{ items: Array<{ total: number }> }>(nik, `/api/bookings/by-product?direction=in&status=${BOOKING_STATUS.WAITING}&size=50`);
    expect(groups.items.reduce((n, g) => n + g.total, 0)).toBe(booking.incomingWaiting);

    const mat = await get<Record<'sender' | 'receiver', Record<string, number>>>(nik, '/api/transfers/count');
    const key = { new: 'totalNew', process: 'totalProcess', finish: 'totalFinish', cancel: 'totalCancel' } as const;
    for (const [side, counts] of [['out', mat.sender], ['in', mat.receiver]] as const) {
      for (const status of Object.values(MAT_STATUS)) expect({ side, status, n: await total(nik, `/api/transfers?side=${side}&status=${status}&size=1`) }).toEqual({ side, status, n: counts[key[status]] });
    }
  }

  it('for the kepala toko in the store', () => expectHomeCountsMatchLists(CHIEF, 'T001'));
  it('for the area supervisor, per active store', async () => {
    await expectHomeCountsMatchLists(SUPERVISOR, 'T001');
    await expectHomeCountsMatchLists(SUPERVISOR, 'T002');
  });
});
