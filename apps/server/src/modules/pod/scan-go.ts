import { describeDirection, distanceMeters, type PodOutsideReply, type PodScanGoBody, type PodScanGoResult, roundMeters } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { podRecords } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { changeOrderStatus, loadOrderDetail, type OrderViewer } from '../orders';
import { captureRefusal, refuseCapture, type CaptureTimes } from './capture';
import { decidePod, type PodLimits } from './decide';
import { lockDeliverableOrder, pendingRequestOf, type PodOrderRow } from './pod-order';
import { AUTO_CLOSE_TEXT, closePendingRequests } from './pending';

export type ScanGoOutcome = { kind: 'completed'; result: PodScanGoResult } | { kind: 'outside'; reply: PodOutsideReply };

/** Text the crew reads under the message: how far, which way, what the limit is. */
function outsideDetail(direction: string, radiusM: number): string {
  return `Lokasi Anda ${direction} dari titik pelanggan, di luar radius ${radiusM} m.`;
}

/**
 * Scan-and-go POD. The server decides on the position as the phone captured it,
 * when it arrives (`receivedAt`; a POD made offline arrives later): taken at most
 * POD_CAPTURE_MAX_AGE_MINUTES before, within POD_RADIUS_METERS of the customer's
 * coordinates, with an accuracy of at most POD_MAX_ACCURACY_METERS, the order
 * goes 1103 → 1104 with its POD record (both times), history and event
 * `order.completed` (pod: true). Outside the radius nothing changes and the
 * caller learns the distance and whether an approval request may be sent.
 */
export async function scanAndGo(db: Db, p: OrderViewer, limits: PodLimits, body: PodScanGoBody, receivedAt = new Date()): Promise<ScanGoOutcome> {
  const point = { lat: body.lat, lng: body.long };
  const times: CaptureTimes = { capturedAt: new Date(body.capturedAt), receivedAt };
  const outcome = await db.transaction(async (tx) => {
    const order = await lockDeliverableOrder(tx, p, body.shipmentNo, body.orderNo);
    // The position's time first: a stale position says nothing about where the crew was.
    const refusal = captureRefusal(times, limits);
    if (refusal) return { kind: 'stale' as const, order, refusal };
    if (order.customerLat === null || order.customerLng === null) throw new AppError('POD_CUSTOMER_LOCATION_MISSING');
    const customer = { lat: order.customerLat, lng: order.customerLng };
    const distanceM = distanceMeters(customer, point);
    const verdict = decidePod(distanceM, body.accuracy, limits);
    if (verdict === 'inaccurate') {
      throw new AppError('POD_ACCURACY_TOO_LOW', undefined, [
        { path: 'body.accuracy', message: `Akurasi lokasi ±${Math.round(body.accuracy)} m, paling besar ${limits.maxAccuracyM} m.` },
      ]);
    }
    if (verdict === 'outside') {
      const pending = (await pendingRequestOf(tx, order.id)) !== null;
      return { kind: 'outside' as const, order, customer, distanceM, pending };
    }
    return { kind: 'completed' as const, ...(await complete(tx, p, order, body, distanceM, times)) };
  });

  if (outcome.kind === 'stale') throw await refuseCapture(db, p, outcome.order.shipmentNo, outcome.refusal, times, limits);
  if (outcome.kind === 'completed') {
    const order = await loadOrderDetail(db, outcome.orderId, p);
    return { kind: 'completed', result: { status: true, distanceM: roundMeters(outcome.distanceM), radiusM: limits.radiusM, pod: outcome.pod, order } };
  }

  const { order, customer, distanceM, pending } = outcome;
  const direction = describeDirection(customer, point);
  const tooFar = distanceM > limits.requestMaxM;
  const blockedBy = pending ? 'POD_REQUEST_DUPLICATE' : tooFar ? 'POD_REQUEST_LOCATION_INVALID' : null;
  // Nothing changed, but a supervisor may want to see the attempts later.
  await writeAudit(db, {
    actorUserId: p.userId,
    entity: 'order',
    entityId: order.shipmentNo,
    action: 'pod_outside_area',
    reason: `${roundMeters(distanceM)} m (±${body.accuracy} m), radius ${limits.radiusM} m`,
  });
  return {
    kind: 'outside',
    reply: {
      message: 'koordinat lokasi POD tidak sesuai',
      code: 'POD_OUTSIDE_AREA',
      details: [{ path: 'body.lat', message: outsideDetail(direction.text, limits.radiusM) }],
      data: {
        status: false,
        distanceM: roundMeters(distanceM),
        radiusM: limits.radiusM,
        accuracy: body.accuracy,
        direction,
        approval: { canRequest: blockedBy === null, requestMaxM: limits.requestMaxM, pending, blockedBy },
      },
    },
  };
}

async function complete(tx: Tx, p: Principal, locked: PodOrderRow, body: PodScanGoBody, distanceM: number, times: CaptureTimes) {
  const relation = body.receiverOther ? `${body.receiverRelation}: ${body.receiverOther}` : body.receiverRelation;
  let pod: typeof podRecords.$inferSelect | undefined;
  const order = await changeOrderStatus(tx, p, locked.shipmentNo, 'confirm', {
    reason: `POD scan and go: diterima oleh ${body.receiverName} (${relation}), ${roundMeters(distanceM)} m dari titik pelanggan`,
    payload: {
      pod: true,
      approved: false,
      distanceM: roundMeters(distanceM),
      accuracy: body.accuracy,
      receiverName: body.receiverName,
      receiverRelation: body.receiverRelation,
      plasticQty: body.plasticQty,
      clientIsValidate: body.isValidate,
      capturedAt: times.capturedAt.toISOString(),
    },
    apply: async (order) => {
      [pod] = await tx
        .insert(podRecords)
        .values({
          orderId: order.id,
          shipmentNo: order.shipmentNo,
          lat: body.lat,
          long: body.long,
          accuracy: body.accuracy,
          receiverName: body.receiverName,
          receiverRelation: body.receiverRelation,
          receiverOther: body.receiverOther ?? null,
          // The server's verdict, not the client's flag (which goes into the event).
          isValidate: true,
          plasticQty: body.plasticQty,
          distanceM: roundMeters(distanceM),
          userId: p.userId,
          capturedAt: times.capturedAt,
          receivedAt: times.receivedAt,
        })
        .returning();
      await closePendingRequests(tx, p.userId, order, AUTO_CLOSE_TEXT);
    },
  });
  return {
    orderId: order.id,
    distanceM,
    pod: {
      lat: pod!.lat,
      long: pod!.long,
      accuracy: pod!.accuracy,
      distanceM: pod!.distanceM,
      receiverName: pod!.receiverName,
      receiverRelation: pod!.receiverRelation,
      receiverOther: pod!.receiverOther,
      isValidate: pod!.isValidate,
      plasticQty: pod!.plasticQty,
      userName: p.name,
      capturedAt: pod!.capturedAt?.toISOString() ?? null,
      receivedAt: pod!.receivedAt?.toISOString() ?? null,
      createdAt: pod!.createdAt.toISOString(),
    },
  };
}
