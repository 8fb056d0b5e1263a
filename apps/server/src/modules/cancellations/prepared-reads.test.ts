import { expect, it } from 'vitest';
import { and, eq, notExists } from 'drizzle-orm';
import { CANCEL_REQUEST_STATUS, type CancelRequestStatus } from '@gerai/contract';
import { type Principal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../../test/plans';
import { cancelRequests, orders } from '../../db/schema';
import { getLatestRequest, listRequests } from './queries';

describeOnPostgres('cancellations: the list as the app sends it', (db) => {
  it("sends the store's requests as named statements, one text for a member of the store and for an area of ten", async () => {
    const handle = db();
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001');
    const list = (p: Principal, status: CancelRequestStatus) => preparedBy(async () => listRequests(handle.db, p, { status, page: 1, size: 20 }));

    const pending = await list(chief, CANCEL_REQUEST_STATUS.PENDING);
    expect(pending.map((s) => s.name)).toEqual(['cancel_list_n_p', 'cancel_list_p']);
    expect(await list(area, CANCEL_REQUEST_STATUS.PENDING)).toEqual(pending);
    // The store alone (a second condition on it misled the generic plan); the queue's status written out.
    expect(pending.every((s) => s.text.includes(`"cancel_requests"."store_code" = $1 and "cancel_requests"."status" = 'pending'`) && !s.text.includes('any('))).toBe(true);

    const decided = await list(chief, CANCEL_REQUEST_STATUS.APPROVED);
    expect(decided.map((s) => s.name)).toEqual(['cancel_list', 'cancel_list_n']);
    expect(await list(area, CANCEL_REQUEST_STATUS.REJECTED)).toEqual(decided);
  });

  it("sends an order's latest request as one named statement for every caller, and its store when it has none", async () => {
    const handle = db();
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001');
    const [asked] = await handle.db.select({ shipmentNo: orders.shipmentNo }).from(orders).innerJoin(cancelRequests, eq(cancelRequests.orderId, orders.id)).where(eq(orders.storeCode, 'T001')).limit(1);
    const [unasked] = await handle.db
      .select({ shipmentNo: orders.shipmentNo })
      .from(orders)
      .where(and(eq(orders.storeCode, 'T001'), notExists(handle.db.select().from(cancelRequests).where(eq(cancelRequests.orderId, orders.id)))))
      .limit(1);
    const latest = (p: Principal, shipmentNo: string) => preparedBy(async () => getLatestRequest(handle.db, p, shipmentNo));
    const withRequest = await latest(chief, asked!.shipmentNo);
    expect(withRequest.map((s) => s.name)).toEqual(['cancel_latest']);
    expect(await latest(area, asked!.shipmentNo)).toEqual(withRequest);
    expect((await latest(chief, unasked!.shipmentNo)).map((s) => s.name)).toEqual(['cancel_latest', 'cancel_order_store']);
  });
});
