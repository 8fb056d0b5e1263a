import { distanceMeters, offsetPoint, ORDER_STATUS } from '@gerai/contract';
import type { Activity } from './activity';
import { type ActivityContext, between } from './activity-context';
import { RETURN_REASONS } from './demo-data';
import type { SeedOrder } from './orders';

/** POD approval requests: pending, rejected and approved, for the chief and the supervisor to decide. */
export function podApprovals({ faker, of, nth, users, now }: ActivityContext): Activity['podApprovals'] {
  const out: Activity['podApprovals'] = [];
  const inProgressT001 = of('T001', ORDER_STATUS.IN_PROGRESS);
  const completedT001 = of('T001', ORDER_STATUS.COMPLETED);
  const approvalPlan: Array<{ o: SeedOrder; status: 'pending' | 'rejected' | 'approved'; reasonId: number | null; reasonText?: string; by: number; decider?: number }> = [
    { o: nth(inProgressT001, 0), status: 'pending', reasonId: 1, by: users.staffT001 },
    { o: nth(inProgressT001, 1), status: 'pending', reasonId: null, reasonText: 'Pelanggan minta diantar ke kantornya', by: users.staffT001 },
    { o: nth(inProgressT001, 2), status: 'rejected', reasonId: 4, by: users.staffT001, decider: users.chief },
    { o: nth(completedT001, 0), status: 'approved', reasonId: 2, by: users.staffT001, decider: users.chief },
    { o: nth(of('T002', ORDER_STATUS.IN_PROGRESS), 0), status: 'pending', reasonId: 3, by: users.staffT002 },
  ];
  for (const plan of approvalPlan) {
    const o = plan.o.order;
    const home = { lat: o.customerLat!, lng: o.customerLng! };
    const point = offsetPoint(home.lat, home.lng, faker.number.int({ min: 300, max: 900 }), faker.number.float({ min: 0, max: 2 * Math.PI }));
    const distanceM = Math.round(distanceMeters(home, point));
    const accuracy = faker.number.int({ min: 5, max: 40 });
    const requestDate = o.completedAt ? between(o.packedAt!, o.completedAt, 0.6) : between(o.packedAt!, now, 0.5);
    const decidedAt = plan.status === 'pending' ? null : (o.completedAt ?? between(requestDate, now, 0.5));
    out.push({
      orderId: o.id,
      shipmentNo: o.shipmentNo,
      deliveryType: o.deliveryType,
      type: 'order',
      reasonId: plan.reasonId,
      reasonText: plan.reasonText ?? null,
      lat: point.lat,
      lng: point.lng,
      accuracy,
      distanceM,
      requestedBy: plan.by,
      status: plan.status,
      decidedBy: plan.decider ?? null,
      decidedAt,
      rejectReasonId: plan.status === 'rejected' ? 1 : null,
      rejectReasonText: null,
      requestDate,
    });
    // The approved delivery's POD was taken where the request was made.
    if (plan.status === 'approved' && plan.o.pod) Object.assign(plan.o.pod, { lat: point.lat, long: point.lng, accuracy, distanceM, isValidate: false });
  }
  return out;
}

/** A cancellation waiting for the chief: T001's newest new order. */
export function pendingCancellation({ of, nth, users, now }: ActivityContext): Activity['cancelRequests'][number] {
  const newT001 = of('T001', ORDER_STATUS.NEW);
  const waiting = nth(newT001, newT001.length - 1).order;
  return { orderId: waiting.id, reasonId: 2, reasonText: null, requestedInStatus: ORDER_STATUS.NEW, requestedBy: users.staffT001, status: 'pending', createdAt: between(waiting.createdAt!, now, 0.5) };
}

/** Returns of T001's archived orders in every status. */
export function orderReturns({ faker, of, nth, users, now }: ActivityContext): Pick<Activity, 'returns' | 'returnLines'> {
  const a: Pick<Activity, 'returns' | 'returnLines'> = { returns: [], returnLines: [] };
  const historyT001 = of('T001', ORDER_STATUS.HISTORY);
  // Only a delivered order's goods are collected at the customer's address (RETURN_FLOW).
  const collectFrom = historyT001.findIndex((h) => h.order.deliveryType === 1);
  const usedForReturns = new Set<number>();
  (['collected', 'requested', 'approved', 'received', 'refunded', 'rejected'] as const).forEach((status, i) => {
    let at = status === 'collected' ? collectFrom : i;
    while (usedForReturns.has(at)) at++;
    usedForReturns.add(at);
    const so = nth(historyT001, at);
    const o = so.order;
    const id = i + 1;
    const createdAt = between(o.archivedAt!, now, 0.4);
    const goodsBack = status === 'received' || status === 'refunded';
    const receivedAt = goodsBack ? between(createdAt, now, 0.6) : null;
    const reasonIndex = faker.number.int({ min: 0, max: RETURN_REASONS.length - 1 });
    const back = goodsBack || status === 'collected' ? offsetPoint(o.customerLat!, o.customerLng!, faker.number.int({ min: 5, max: 60 }), faker.number.float({ min: 0, max: 2 * Math.PI })) : null;
    a.returns.push({
      id,
      orderId: o.id,
      shipmentNo: o.shipmentNo,
      storeCode: o.storeCode,
      deliveryType: o.deliveryType,
      reason: RETURN_REASONS[reasonIndex]!,
      reasonId: reasonIndex + 1,
      decisionNote: status === 'rejected' ? 'Kemasan masih tersegel, produk sesuai pesanan' : null,
      status,
      requestedBy: users.staffT001,
      decidedBy: status === 'requested' ? null : users.chief,
      decidedAt: status === 'requested' ? null : between(createdAt, now, 0.3),
      receivedAt,
      receivedBy: receivedAt ? users.staffT001 : null,
      collectedAt: back && o.deliveryType === 1 ? between(createdAt, now, 0.5) : null,
      collectedBy: back && o.deliveryType === 1 ? users.staffT001 : null,
      refundedAt: status === 'refunded' ? between(receivedAt!, now, 0.5) : null,
      refundedBy: status === 'refunded' ? users.chief : null,
      lat: back?.lat ?? null,
      lng: back?.lng ?? null,
      createdAt,
      updatedAt: receivedAt ?? createdAt,
    });
    for (const l of so.lines.filter((x) => x.qtyPicked > 0).slice(0, 2)) {
      const qty = faker.number.int({ min: 1, max: l.qtyPicked });
      a.returnLines.push({ returnId: id, orderLineId: l.id, productId: l.productId, qty, qtyReceived: goodsBack ? qty : null, condition: goodsBack ? 'sellable' : null });
    }
  });
  return a;
}
