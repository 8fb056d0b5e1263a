import type { LateOrder, Monitoring, MonitoringLate, MonitoringStatus, MonitoringStore, MonitoringStoreRows } from '@gerai/contract';

// Fixtures of the monitoring tests: replies as GET /api/monitoring and its reads of their own write them.

export const GENERATED_AT = '2026-03-02T03:00:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(GENERATED_AT) - minutes * 60_000).toISOString();

export function status(statusId: number, count: number, { late = 0, oldestMinutes = null }: { late?: number; oldestMinutes?: number | null } = {}): MonitoringStatus {
  return { statusId, count, late, oldestAt: oldestMinutes === null ? null : minutesBefore(oldestMinutes) };
}

export function lateOrder(over: Partial<LateOrder> = {}): LateOrder {
  const ageMinutes = over.ageMinutes ?? 25;
  return {
    shipmentNo: 'SHP2603020000001',
    orderNo: 'AGF260302000001',
    storeCode: 'T001',
    storeName: 'Toko Kemang Raya',
    statusId: 1101,
    deliveryType: 0,
    appId: 379,
    createdAt: minutesBefore(ageMinutes),
    ageMinutes,
    slaMinutes: 10,
    escalationLevel: 2,
    pickerName: null,
    ...over,
  };
}

export function storeRow(over: Partial<MonitoringStore> = {}): MonitoringStore {
  return {
    storeCode: 'T001',
    storeName: 'Toko Kemang Raya',
    // A store row has counts and late orders per open status, no oldest arrival (the server sends none).
    statuses: [status(1101, 2, { late: 1 }), status(1102, 1), status(1103, 0)].map(({ statusId, count, late }) => ({ statusId, count, late })),
    late: 1,
    waiting: 2,
    ...over,
  };
}

/** One store's figures: two new orders (one late), one picking, nothing in progress; two things waiting. */
export function monitoring(over: Partial<Monitoring> = {}): Monitoring {
  return {
    generatedAt: GENERATED_AT,
    sla: [
      { statusId: 1101, minutes: 10 },
      { statusId: 1102, minutes: 30 },
      { statusId: 1103, minutes: 120 },
    ],
    escalation: [
      { level: 1, minutes: 10 },
      { level: 2, minutes: 15 },
      { level: 3, minutes: 20 },
    ],
    storeCount: 1,
    totals: [status(1101, 2, { late: 1, oldestMinutes: 25 }), status(1102, 1, { oldestMinutes: 5 }), status(1103, 0), status(1104, 4), status(1106, 1)],
    waiting: [
      { kind: 'podApprovals', count: 1, oldestAt: minutesBefore(65) },
      { kind: 'cancelRequests', count: 0, oldestAt: null },
      { kind: 'returnsRequested', count: 1, oldestAt: minutesBefore(3 * 60) },
      { kind: 'returnsApproved', count: 2, oldestAt: minutesBefore(5 * 60) },
      { kind: 'returnsCollected', count: 0, oldestAt: null },
      { kind: 'returnsReceived', count: 0, oldestAt: null },
      { kind: 'bookings', count: 0, oldestAt: null },
      { kind: 'transfers', count: 0, oldestAt: null },
    ],
    store: { storeCode: 'T001', storeName: 'Toko Kemang Raya' },
    lateTotal: 1,
    ...over,
  };
}

/** "Per toko" (GET /api/monitoring/stores): the given rows of a scope of `storeCount` stores. */
export function storeRows(stores: MonitoringStore[] = [storeRow()], storeCount = stores.length): MonitoringStoreRows {
  return { generatedAt: GENERATED_AT, storeCount, stores };
}

/** The late list (GET /api/monitoring/late): the given orders. */
export function lateList(late: LateOrder[] = [lateOrder()]): MonitoringLate {
  return { generatedAt: GENERATED_AT, late };
}
