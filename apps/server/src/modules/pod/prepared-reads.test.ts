import { expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { POD_REQUEST_TYPE } from '@gerai/contract';
import { orders, podApprovalRequests, returns } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../../test/plans';
import { latestReturnStatus } from '../returns';
import { getRequestDetail, listMyRequests } from './queries';

type Prepared = Awaited<ReturnType<typeof preparedBy>>;

// The crew's view and the approval detail are prepared reads (decision 163): named statements, one
// text for a store and for an area of ten (the stores are one array value).

const requestReads = (sent: Prepared) => sent.filter((s) => /pod_approval_requests/.test(s.text));
const arrayScoped = (sent: Prepared) => sent.every((s) => s.text.includes('= any(') && !/ in \(/.test(s.text));

describeOnPostgres('the POD crew reads as the app sends them', (db) => {
  /** A T001 request of the demo data (a store both the kepala toko and the area supervisor see). */
  async function t001Request() {
    const [row] = await db()
      .db.select({ shipmentNo: podApprovalRequests.shipmentNo, deliveryType: podApprovalRequests.deliveryType, type: podApprovalRequests.type })
      .from(podApprovalRequests)
      .innerJoin(orders, eq(orders.id, podApprovalRequests.orderId))
      .where(eq(orders.storeCode, 'T001'))
      .orderBy(desc(podApprovalRequests.id))
      .limit(1);
    return row!;
  }

  it("sends the crew's view as named statements by shape, one text for one store and for an area of ten", async () => {
    const { shipmentNo } = await t001Request();
    const own = await preparedBy(async () => listMyRequests(db().db, await memberOf(db(), DEMO_NIK.STAFF), undefined));
    const chief = await preparedBy(async () => listMyRequests(db().db, await memberOf(db(), DEMO_NIK.STORE_CHIEF), shipmentNo, POD_REQUEST_TYPE.ORDER));
    const area = await preparedBy(async () => listMyRequests(db().db, await memberOf(db(), DEMO_NIK.AREA_SUPERVISOR), shipmentNo, POD_REQUEST_TYPE.ORDER));
    const all = await preparedBy(async () => listMyRequests(db().db, await memberOf(db(), DEMO_NIK.SUPER_USER), shipmentNo));
    expect(requestReads(own).map((s) => s.name)).toEqual(['pod_mine_s']);
    expect(requestReads(chief).map((s) => s.name)).toEqual(['pod_mine_sht']);
    expect(requestReads(area)).toEqual(requestReads(chief));
    expect(arrayScoped([...requestReads(own), ...requestReads(chief)])).toBe(true);
    // A super user's read has no scope at all.
    expect(requestReads(all).map((s) => s.name)).toEqual(['pod_mine_h']);
    expect(requestReads(all)[0]!.text).not.toContain('= any(');
  });

  it('sends the approval detail as one named statement, one text for one store and for an area of ten', async () => {
    const { shipmentNo, deliveryType, type } = await t001Request();
    const detail = async (nik: string) => {
      const p = await memberOf(db(), nik);
      const sent = await preparedBy(async () => expect((await getRequestDetail(db().db, p, shipmentNo, deliveryType, type)).shipmentNo).toBe(shipmentNo));
      return requestReads(sent);
    };
    const chief = await detail(DEMO_NIK.STORE_CHIEF);
    expect(chief.map((s) => s.name)).toEqual(['pod_detail_s']);
    expect(await detail(DEMO_NIK.AREA_SUPERVISOR)).toEqual(chief);
    expect(arrayScoped(chief)).toBe(true);
    expect((await detail(DEMO_NIK.SUPER_USER)).map((s) => s.name)).toEqual(['pod_detail']);
  });

  it("reads a return POD request's detail with the return's status now in the same statement", async () => {
    const [ret] = await db()
      .db.select({ orderId: returns.orderId, shipmentNo: returns.shipmentNo, deliveryType: returns.deliveryType })
      .from(returns)
      .where(eq(returns.storeCode, 'T001'))
      .limit(1);
    const [order] = await db().db.select({ lat: orders.customerLat, lng: orders.customerLng }).from(orders).where(eq(orders.id, ret!.orderId));
    await db().db.insert(podApprovalRequests).values({
      orderId: ret!.orderId,
      shipmentNo: ret!.shipmentNo,
      deliveryType: ret!.deliveryType,
      type: POD_REQUEST_TYPE.RETURN,
      lat: order!.lat ?? -6.2,
      lng: order!.lng ?? 106.8,
      status: 'approved',
    });
    try {
      const chief = await memberOf(db(), DEMO_NIK.STORE_CHIEF);
      let returnStatus: unknown;
      const sent = await preparedBy(async () => {
        returnStatus = (await getRequestDetail(db().db, chief, ret!.shipmentNo, ret!.deliveryType, POD_REQUEST_TYPE.RETURN)).returnStatus;
      });
      expect(sent.map((s) => s.name)).toEqual(['pod_detail_s']);
      expect(returnStatus).toBe(await latestReturnStatus(db().db, ret!.orderId));
      expect(returnStatus).not.toBeNull();
    } finally {
      await db()
        .db.delete(podApprovalRequests)
        .where(and(eq(podApprovalRequests.orderId, ret!.orderId), eq(podApprovalRequests.type, POD_REQUEST_TYPE.RETURN)));
    }
  });
});
