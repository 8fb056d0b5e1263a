import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { BOOKING_STATUS, MAT_STATUS, MONITORING_LATE_MAX, MONITORING_STORES_MAX, POD_APPROVAL_STATUS, RETURN_STATUS } from '@gerai/contract';
import type { Monitoring, MonitoringStatus, MonitoringTile } from '@gerai/contract';
import { stores } from '../../db/schema';
import { AREA_SUPERVISOR_STORES, DEMO_NIK } from '../../seed/demo-data';
import { testFileWith } from '../../test/harness';
import {
  addAreaSupervisor,
  addBooking,
  addCancelRequest,
  addEscalations,
  addOrder,
  addPodRequest,
  addReturn,
  addStore,
  addTransfer,
  ago,
  monitoringApi,
  userIdOf,
  type TestOrder,
} from './monitoring-test-kit';

const { ctx, api } = testFileWith(monitoringApi);
/** An area supervisor of the test's own stores T900–T904 only. */
const SUPERVISOR_T9 = '30000009';
let NOW: Date;
let budi: { id: number; name: string };
const o: Record<string, TestOrder> = {};

// The clock stands still (Date only; timers and the database run as usual), so ages and late counts are exact.
beforeAll(async () => {
  NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  budi = await userIdOf(ctx, DEMO_NIK.STAFF);
  for (const code of ['T900', 'T901', 'T902', 'T903', 'T904', 'T905']) await addStore(ctx, code);
  await addAreaSupervisor(ctx, SUPERVISOR_T9, ['T900', 'T901', 'T902', 'T903', 'T904']);
  const order = async (name: string, storeCode: string, statusId: 1101 | 1102 | 1103 | 1104 | 1105 | 1106, minutesAgo: number, extra: { picker?: boolean; deliveryType?: 0 | 1 } = {}) => {
    o[name] = await addOrder(ctx, { storeCode, statusId, createdAt: ago(NOW, minutesAgo), pickerUserId: extra.picker ? budi.id : null, deliveryType: extra.deliveryType });
    return o[name];
  };
  // T900: SLA 10 / 30 / 120 minutes (the defaults).
  await order('A', 'T900', 1101, 5.5);
  await order('K', 'T900', 1101, 10); // exactly at its service level: late
  await order('B', 'T900', 1101, 12.5);
  await order('C', 'T900', 1101, 40.5);
  await order('D', 'T900', 1102, 20.5, { picker: true });
  await order('E', 'T900', 1102, 35.5, { picker: true });
  await order('F', 'T900', 1103, 100.5, { deliveryType: 1 });
  await order('G', 'T900', 1103, 130.5);
  await order('H', 'T900', 1104, 300.5);
  await order('H2', 'T900', 1104, 280);
  await order('I', 'T900', 1106, 200.5);
  await order('J', 'T900', 1105, 500);
  await addEscalations(ctx, o.C!.id, [1, 2]);
  // Waiting on someone in T900 (and what does not count).
  await addPodRequest(ctx, o.F!, ago(NOW, 30));
  await addPodRequest(ctx, o.G!, ago(NOW, 90), POD_APPROVAL_STATUS.APPROVED);
  await addCancelRequest(ctx, o.B!, ago(NOW, 8));
  await addCancelRequest(ctx, o.D!, ago(NOW, 15));
  await addCancelRequest(ctx, o.E!, ago(NOW, 60), 'rejected');
  await addReturn(ctx, o.H!, ago(NOW, 50));
  await addReturn(ctx, o.H2!, ago(NOW, 70), RETURN_STATUS.RECEIVED);
  await addReturn(ctx, o.J!, ago(NOW, 400), RETURN_STATUS.REFUNDED);
  await order('T901new', 'T901', 1101, 2);
  await addBooking(ctx, o.T901new!, 'T900', ago(NOW, 25));
  await addBooking(ctx, o.T901new!, 'T900', ago(NOW, 95), { cancelled: true });
  await addBooking(ctx, o.T901new!, 'T900', ago(NOW, 96), { status: BOOKING_STATUS.TAKEN });
  await addBooking(ctx, o.A!, 'T901', ago(NOW, 3));
  await addTransfer(ctx, 'T901', 'T900', ago(NOW, 45));
  await addTransfer(ctx, 'T901', 'T900', ago(NOW, 99), MAT_STATUS.FINISH);
  await addTransfer(ctx, 'T900', 'T901', ago(NOW, 4));
  // The other stores of the supervisor: T902 one late, T903 nothing, T904 one late and one on time.
  await order('T902late', 'T902', 1102, 31);
  await order('T904late', 'T904', 1101, 11);
  await order('T904ok', 'T904', 1103, 60);
  // T905: more late orders than the list shows.
  for (let i = 0; i < MONITORING_LATE_MAX + 2; i++) await order(`T905-${i}`, 'T905', 1101, 11 + i);
});
afterAll(() => vi.useRealTimers());

async function monitoring(nik: string, storeCode?: string): Promise<Monitoring> {
  const res = await api.get(nik, storeCode);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Monitoring;
}

const { storeRows, tileStores, lateOrders } = api;

const at = (minutesAgo: number) => ago(NOW, minutesAgo).toISOString();
const status = (statusId: number, count: number, late: number, oldestMinutesAgo: number | null): MonitoringStatus => ({
  statusId,
  count,
  late,
  oldestAt: oldestMinutesAgo === null ? null : at(oldestMinutesAgo),
});
const t900Statuses = () => [status(1101, 4, 3, 40.5), status(1102, 2, 1, 35.5), status(1103, 2, 1, 130.5), status(1104, 2, 0, 300.5), status(1106, 1, 0, 200.5)];

describe('GET /api/monitoring: the figures', () => {
  it('counts one store per status: count, late past its service level (at it counts), the oldest arrival', async () => {
    const m = await monitoring(DEMO_NIK.SUPER_USER, 'T900');
    expect(m.generatedAt).toBe(NOW.toISOString());
    expect(m.storeCount).toBe(1);
    expect(m.totals).toEqual(t900Statuses());
    expect(m.sla).toEqual([
      { statusId: 1101, minutes: 10 },
      { statusId: 1102, minutes: 30 },
      { statusId: 1103, minutes: 120 },
    ]);
    expect(m.escalation).toEqual([
      { level: 1, minutes: 10 },
      { level: 2, minutes: 15 },
      { level: 3, minutes: 20 },
    ]);
  });

  it('counts the work waiting on someone: undecided POD and cancel requests, open returns, bookings not taken, transfers on the road', async () => {
    const m = await monitoring(DEMO_NIK.SUPER_USER, 'T900');
    expect(m.waiting).toEqual([
      { kind: 'podApprovals', count: 1, oldestAt: at(30) },
      { kind: 'cancelRequests', count: 2, oldestAt: at(15) },
      // One kind per return status, as the returns list shows them.
      { kind: 'returnsRequested', count: 1, oldestAt: at(50) },
      { kind: 'returnsApproved', count: 0, oldestAt: null },
      { kind: 'returnsCollected', count: 0, oldestAt: null },
      { kind: 'returnsReceived', count: 1, oldestAt: at(70) },
      // Addressed to T900; the one T900 itself booked from T901 waits on T901.
      { kind: 'bookings', count: 1, oldestAt: at(25) },
      // On the road to T900; the one T900 sent waits on T901.
      { kind: 'transfers', count: 1, oldestAt: at(45) },
    ]);
    // A store row carries counts and late orders of its open work, not the oldest arrival nor what is done (the tiles show those; no row does).
    const rowStatuses = t900Statuses().slice(0, 3).map(({ statusId, count, late }) => ({ statusId, count, late }));
    expect(m.store).toEqual({ storeCode: 'T900', storeName: 'Toko Monitor T900' });
    expect((await storeRows(DEMO_NIK.SUPER_USER, 'T900')).stores).toEqual([{ storeCode: 'T900', storeName: 'Toko Monitor T900', statuses: rowStatuses, late: 5, waiting: 7 }]);
  });

  it('lists the late orders oldest first (a read of its own), with their age, service level, escalation level and picker', async () => {
    expect((await monitoring(DEMO_NIK.SUPER_USER, 'T900')).lateTotal).toBe(5);
    const m = await lateOrders(DEMO_NIK.SUPER_USER, 'T900');
    expect(m.generatedAt).toBe(NOW.toISOString());
    const late = (name: string, statusId: number, ageMinutes: number, slaMinutes: number, escalationLevel: number, pickerName: string | null) => ({
      shipmentNo: o[name]!.shipmentNo,
      orderNo: o[name]!.orderNo,
      storeCode: 'T900',
      storeName: 'Toko Monitor T900',
      statusId,
      deliveryType: 0,
      appId: 379,
      createdAt: o[name]!.createdAt.toISOString(),
      ageMinutes,
      slaMinutes,
      escalationLevel,
      pickerName,
    });
    expect(m.late).toEqual([
      late('G', 1103, 130, 120, 0, null),
      late('C', 1101, 40, 10, 2, null),
      late('E', 1102, 35, 30, 0, budi.name),
      late('B', 1101, 12, 10, 0, null),
      late('K', 1101, 10, 10, 0, null),
    ]);
  });

  it('shows at most MONITORING_LATE_MAX late orders, the oldest, and how many there are', async () => {
    expect((await monitoring(DEMO_NIK.SUPER_USER, 'T905')).lateTotal).toBe(MONITORING_LATE_MAX + 2);
    const m = await lateOrders(DEMO_NIK.SUPER_USER, 'T905');
    expect(m.late).toHaveLength(MONITORING_LATE_MAX);
    expect(m.late[0]!.shipmentNo).toBe(o[`T905-${MONITORING_LATE_MAX + 1}`]!.shipmentNo);
    expect(m.late.at(-1)!.shipmentNo).toBe(o['T905-2']!.shipmentNo);
    expect(m.late.map((l) => l.ageMinutes)).toEqual(Array.from({ length: MONITORING_LATE_MAX }, (_, i) => 11 + MONITORING_LATE_MAX + 1 - i));
  });

  it('orders the stores by late work, then open work, then code, and sums them in the totals', async () => {
    const m = await monitoring(SUPERVISOR_T9);
    expect(m.storeCount).toBe(5);
    const rows = await storeRows(SUPERVISOR_T9);
    expect([m.store, rows.storeCount]).toEqual([null, 5]);
    expect(rows.stores.map((s) => [s.storeCode, s.late, s.statuses.slice(0, 3).reduce((n, x) => n + x.count, 0), s.waiting])).toEqual([
      ['T900', 5, 8, 7],
      ['T904', 1, 2, 0],
      ['T902', 1, 1, 0],
      // A booking from T900 and a transfer from T900 wait on T901.
      ['T901', 0, 1, 2],
      ['T903', 0, 0, 0],
    ]);
    expect(m.totals).toEqual([
      status(1101, 6, 4, 40.5),
      status(1102, 3, 2, 35.5),
      status(1103, 3, 1, 130.5),
      status(1104, 2, 0, 300.5),
      status(1106, 1, 0, 200.5),
    ]);
    expect(m.lateTotal).toBe(7);
    expect((await lateOrders(SUPERVISOR_T9)).late.map((l) => l.shipmentNo)).toEqual(['G', 'C', 'E', 'T902late', 'B', 'T904late', 'K'].map((n) => o[n]!.shipmentNo));
    expect(m.waiting.map((w) => w.count)).toEqual([1, 2, 1, 0, 0, 1, 2, 2]);
    // Each tile's stores, asked for when it is opened: those with any, the most first, adding up to the tile.
    const tile = (name: MonitoringTile) => tileStores(SUPERVISOR_T9, name);
    const named = (code: string, count: number) => ({ storeCode: code, storeName: `Toko Monitor ${code}`, count });
    expect(await tile('status-1101')).toEqual({ tile: 'status-1101', storeTotal: 3, stores: [named('T900', 4), named('T901', 1), named('T904', 1)] });
    expect((await tile('bookings')).stores.map((s) => [s.storeCode, s.count])).toEqual([['T900', 1], ['T901', 1]]);
    expect(await tile('returnsApproved')).toEqual({ tile: 'returnsApproved', storeTotal: 0, stores: [] });
  });

  it('lists at most MONITORING_STORES_MAX stores and says how many the scope has', async () => {
    const [all] = await ctx.handle.db.select({ n: count() }).from(stores);
    for (const nik of [DEMO_NIK.SUPER_USER, DEMO_NIK.HELPDESK]) {
      const m = await monitoring(nik);
      expect(m.storeCount).toBe(all!.n);
      const rows = await storeRows(nik);
      expect([rows.storeCount, rows.stores.length]).toEqual([all!.n, MONITORING_STORES_MAX]);
      // T905's 52 late orders lead.
      expect(rows.stores[0]!.storeCode).toBe('T905');
      const keys = rows.stores.map((s) => [s.late, s.statuses.slice(0, 3).reduce((n, x) => n + x.count, 0), s.storeCode] as const);
      const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1] || a[2].localeCompare(b[2]));
      expect(keys).toEqual(sorted);
      // The totals cover every store of the scope, listed or not.
      expect(m.lateTotal).toBeGreaterThanOrEqual(rows.stores.reduce((n, s) => n + s.late, 0));
      // A tile's stores over the chain: the busiest first, at most MONITORING_STORES_MAX, and how many have any.
      const counted = await ctx.handle.db.execute(sql`select store_code, count(*)::int as n from orders where status_id = 1101 group by 1 order by 2 desc, 1`);
      const all1101 = (counted as unknown as { rows: Array<{ store_code: string; n: number }> }).rows;
      const tile = await tileStores(nik, 'status-1101');
      expect(tile.storeTotal).toBe(all1101.length);
      expect(tile.stores.map((s) => [s.storeCode, s.count])).toEqual(all1101.slice(0, MONITORING_STORES_MAX).map((r) => [r.store_code, r.n]));
      expect(tile.stores[0]).toEqual({ storeCode: 'T905', storeName: 'Toko Monitor T905', count: MONITORING_LATE_MAX + 2 });
      expect((await tileStores(nik, 'transfers')).stores.map((s) => s.storeCode)).toEqual(expect.arrayContaining(['T900', 'T901']));
    }
  });

  it('answers 404 for a store that does not exist and 400 for one that is not a store code', async () => {
    for (const read of ['', '/stores', '/late'] as const) expect([(await api.get(DEMO_NIK.SUPER_USER, 'T999', read)).statusCode, (await api.get(DEMO_NIK.SUPER_USER, 'X1', read)).statusCode]).toEqual([404, 400]);
  });
});

describe('GET /api/monitoring: scope per role', () => {
  it("keeps the crew and the kepala toko to their store: another store's work changes none of their figures, and asking for it is 404", async () => {
    const t001Late = await addOrder(ctx, { storeCode: 'T001', statusId: 1102, createdAt: ago(NOW, 45), pickerUserId: budi.id });
    for (const nik of [DEMO_NIK.STAFF, DEMO_NIK.STORE_CHIEF]) {
      for (const other of ['T002', 'T900']) for (const read of ['', '/stores', '/late'] as const) expect((await api.get(nik, other, read)).statusCode, `${nik} ${other} ${read}`).toBe(404);
    }
    const before = { staff: await monitoring(DEMO_NIK.STAFF), staffRows: await storeRows(DEMO_NIK.STAFF), staffLate: await lateOrders(DEMO_NIK.STAFF), chiefLate: await lateOrders(DEMO_NIK.STORE_CHIEF) };
    expect(before.staff.storeCount).toBe(1);
    expect(before.staff.store?.storeCode).toBe('T001');
    expect(before.staffRows.stores.map((s) => s.storeCode)).toEqual(['T001']);
    expect(await monitoring(DEMO_NIK.STAFF, 'T001')).toEqual(before.staff);
    // Who claimed an order is for the kepala toko and above.
    expect(before.staffLate.late.find((l) => l.shipmentNo === t001Late.shipmentNo)?.pickerName).toBeNull();
    expect(before.chiefLate.late.find((l) => l.shipmentNo === t001Late.shipmentNo)?.pickerName).toBe(budi.name);
    expect(before.staffLate.late.every((l) => l.pickerName === null && l.storeCode === 'T001')).toBe(true);
    expect(await lateOrders(DEMO_NIK.STAFF, 'T001')).toEqual(before.staffLate);
    // A tile's stores are the caller's scope's only.
    expect((await tileStores(DEMO_NIK.STAFF, 'status-1102')).stores.map((s) => s.storeCode)).toEqual(['T001']);

    // T002 gets work of every kind, some of it from T001's own orders' side.
    const t002 = await addOrder(ctx, { storeCode: 'T002', statusId: 1101, createdAt: ago(NOW, 400) });
    await addOrder(ctx, { storeCode: 'T002', statusId: 1103, createdAt: ago(NOW, 500) });
    await addCancelRequest(ctx, t002, ago(NOW, 300));
    await addPodRequest(ctx, t002, ago(NOW, 300));
    await addBooking(ctx, t001Late, 'T002', ago(NOW, 300));
    await addTransfer(ctx, 'T001', 'T002', ago(NOW, 300));
    const t002Done = await addOrder(ctx, { storeCode: 'T002', statusId: 1104, createdAt: ago(NOW, 900) });
    await addReturn(ctx, t002Done, ago(NOW, 300));
    expect(await monitoring(DEMO_NIK.STAFF)).toEqual(before.staff);
    expect(await monitoring(DEMO_NIK.STORE_CHIEF)).toEqual(before.staff);
    expect(await storeRows(DEMO_NIK.STAFF)).toEqual(before.staffRows);
    expect([await lateOrders(DEMO_NIK.STAFF), await lateOrders(DEMO_NIK.STORE_CHIEF)]).toEqual([before.staffLate, before.chiefLate]);
    // T002's kepala toko sees it.
    const t002Chief = await monitoring(DEMO_NIK.STORE_CHIEF_T002);
    expect(t002Chief.store?.storeCode).toBe('T002');
    expect((await storeRows(DEMO_NIK.STORE_CHIEF_T002)).stores.map((s) => s.storeCode)).toEqual(['T002']);
    expect((await lateOrders(DEMO_NIK.STORE_CHIEF_T002)).late.map((l) => l.shipmentNo)).toContain(t002.shipmentNo);
  });

  it("keeps the area supervisor to the area's stores", async () => {
    const m = await monitoring(DEMO_NIK.AREA_SUPERVISOR);
    expect(m.storeCount).toBe(AREA_SUPERVISOR_STORES.length);
    const rows = await storeRows(DEMO_NIK.AREA_SUPERVISOR);
    expect(rows.stores.map((s) => s.storeCode).sort()).toEqual([...AREA_SUPERVISOR_STORES].sort());
    expect((await lateOrders(DEMO_NIK.AREA_SUPERVISOR)).late.every((l) => AREA_SUPERVISOR_STORES.includes(l.storeCode))).toBe(true);
    // Every store is listed, so the open statuses' totals are the sum of the rows.
    for (const [i, total] of m.totals.slice(0, 3).entries()) {
      expect(total.count).toBe(rows.stores.reduce((n, s) => n + s.statuses[i]!.count, 0));
      expect(total.late).toBe(rows.stores.reduce((n, s) => n + s.statuses[i]!.late, 0));
    }
    expect((await monitoring(DEMO_NIK.AREA_SUPERVISOR, 'T002')).store?.storeCode).toBe('T002');
    expect((await storeRows(DEMO_NIK.AREA_SUPERVISOR, 'T002')).stores.map((s) => s.storeCode)).toEqual(['T002']);
    for (const other of ['T011', 'T900']) for (const read of ['', '/stores', '/late'] as const) expect((await api.get(DEMO_NIK.AREA_SUPERVISOR, other, read)).statusCode).toBe(404);
    // The supervisor of T900–T904 sees T900 as the super user does.
    expect((await monitoring(SUPERVISOR_T9, 'T900')).totals).toEqual(t900Statuses());
    expect((await api.get(SUPERVISOR_T9, 'T001')).statusCode).toBe(404);
  });

  it('lets the helpdesk and the super user see any store', async () => {
    for (const nik of [DEMO_NIK.HELPDESK, DEMO_NIK.SUPER_USER]) {
      expect((await monitoring(nik, 'T900')).totals).toEqual(t900Statuses());
      expect((await lateOrders(nik, 'T900')).late.find((l) => l.shipmentNo === o.E!.shipmentNo)?.pickerName).toBe(budi.name);
    }
  });
});
