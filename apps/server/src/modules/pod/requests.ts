import { and, eq, sql } from 'drizzle-orm';
import { distanceMeters, FIELD_MESSAGES, formatDistance, POD_APPROVAL_STATUS, type PodDecisionResult, type PodRejectBody, type PodRequestBody, type PodRequestDetail, roundMeters } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { podApprovalRequests, podRecords, podRejectReasons, podRequestReasons } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { changeOrderStatus, loadOrderDetail, type OrderViewer } from '../orders';
import { captureRefusal, refuseCapture, type CaptureRefusal, type CaptureTimes } from './capture';
import type { PodLimits } from './decide';
import { hasOpenReturn, isFinished, isUniqueViolation, latestRequestOf, lockDeliverableOrder, lockPodOrder, pendingRequestOf, statusError } from './pod-order';
import { loadRequestDetail, resolveReason } from './queries';
import { chosenReason } from '../../platform/reasons';

const now = sql`now()`;
const ONE_PENDING_INDEX = 'pod_approval_requests_one_pending';

/** The receiver is not part of an approval request (spec §7), so the POD record of an approval says so. */
export const APPROVED_RECEIVER = { name: '-', relation: 'Lainnya', other: 'Tidak dicatat (POD melalui persetujuan)' } as const;

/**
 * "Pengajuan POD": a delivery order in 1103 may have one pending request,
 * sent from within POD_REQUEST_MAX_METERS of the customer, its position taken
 * at most POD_CAPTURE_MAX_AGE_MINUTES before it arrives (`receivedAt`). The
 * store's supervisors hear of it live (event `pod.requested`).
 */
export async function createPodRequest(db: Db, p: Principal, limits: PodLimits, body: PodRequestBody, receivedAt = new Date()): Promise<PodRequestDetail> {
  const times: CaptureTimes = { capturedAt: new Date(body.capturedAt), receivedAt };
  const outcome = await db.transaction(async (tx): Promise<{ id: number } | { shipmentNo: string; refusal: CaptureRefusal }> => {
    const order = await lockDeliverableOrder(tx, p, body.shipmentNo);
    if (await pendingRequestOf(tx, order.id)) throw new AppError('POD_REQUEST_DUPLICATE');
    const refusal = captureRefusal(times, limits);
    if (refusal) return { shipmentNo: order.shipmentNo, refusal };
    const reason = await resolveReason(tx, podRequestReasons, body.reasonId, 'body.reasonId');
    const customer = order.customerLat !== null && order.customerLng !== null ? { lat: order.customerLat, lng: order.customerLng } : null;
    const distanceM = customer ? distanceMeters(customer, { lat: body.lat, lng: body.long }) : null;
    if (distanceM !== null && !(distanceM <= limits.requestMaxM)) {
      throw new AppError('POD_REQUEST_LOCATION_INVALID', undefined, [
        { path: 'body.lat', message: FIELD_MESSAGES.podRequestTooFar(formatDistance(distanceM), formatDistance(limits.requestMaxM)) },
      ]);
    }
    let row: typeof podApprovalRequests.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(podApprovalRequests)
        .values({
          orderId: order.id,
          shipmentNo: order.shipmentNo,
          deliveryType: order.deliveryType,
          type: body.type,
          reasonId: reason.storedId,
          reasonText: body.reasonText ?? null,
          lat: body.lat,
          lng: body.long,
          accuracy: body.accuracy,
          distanceM: distanceM === null ? null : roundMeters(distanceM),
          capturedAt: times.capturedAt,
          requestedBy: p.userId,
          status: POD_APPROVAL_STATUS.PENDING,
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err, ONE_PENDING_INDEX)) throw new AppError('POD_REQUEST_DUPLICATE');
      throw err;
    }
    const shown = chosenReason(reason.storedId, reason.label, body.reasonText ?? null);
    await recordChange(
      tx,
      { actorUserId: p.userId, entity: 'pod_request', entityId: order.shipmentNo, action: 'request', toValue: POD_APPROVAL_STATUS.PENDING, reason: shown.display },
      {
        storeCode: order.storeCode,
        type: 'pod.requested',
        payload: {
          shipmentNo: order.shipmentNo,
          orderNo: order.orderNo,
          requestId: row!.id,
          deliveryType: order.deliveryType,
          type: body.type,
          requesterName: p.name,
          reason: shown.display,
          distanceM: row!.distanceM,
          capturedAt: times.capturedAt.toISOString(),
        },
      },
    );
    return { id: row!.id };
  });
  if ('refusal' in outcome) throw await refuseCapture(db, p, outcome.shipmentNo, outcome.refusal, times, limits);
  return loadRequestDetail(db, outcome.id);
}

/**
 * The order and its latest request for a decision, row-locked. Another
 * store's order, or one without requests, is "Pengajuan POD tidak ditemukan".
 */
async function lockForDecision(tx: Tx, p: Principal, shipmentNo: string) {
  const order = await lockPodOrder(tx, p, shipmentNo);
  const request = order ? await latestRequestOf(tx, order.id) : null;
  if (!order || !request) throw new AppError('POD_REQUEST_NOT_FOUND');
  return { order, request };
}

/** Compare-and-set pending → decided; a request decided already is the spec's "Approval POD Sudah Dilakukan.". */
async function decide(tx: Tx, requestId: number, set: Partial<typeof podApprovalRequests.$inferInsert>) {
  const [row] = await tx
    .update(podApprovalRequests)
    .set({ ...set, decidedAt: now })
    .where(and(eq(podApprovalRequests.id, requestId), eq(podApprovalRequests.status, POD_APPROVAL_STATUS.PENDING)))
    .returning();
  if (!row) throw new AppError('POD_ALREADY_DECIDED');
  return row;
}

/**
 * Approve, in one transaction: request pending → approved, order 1103 → 1104,
 * a POD record at the request's position (isValidate false), history, audit
 * and the events `pod.approved` and `order.completed`. Any failure leaves
 * both untouched and its message goes back to the caller.
 */
export async function approvePodRequest(db: Db, p: OrderViewer, shipmentNo: string): Promise<PodDecisionResult> {
  const { requestId, orderId } = await db.transaction(async (tx) => {
    const { order: locked, request } = await lockForDecision(tx, p, shipmentNo);
    const decided = await decide(tx, request.id, { status: POD_APPROVAL_STATUS.APPROVED, decidedBy: p.userId });
    if (await hasOpenReturn(tx, locked.id)) throw new AppError('POD_ORDER_IN_RETURN');
    if (isFinished(locked.statusId)) throw statusError(locked.statusId);
    const order = await changeOrderStatus(tx, p, locked.shipmentNo, 'confirm', {
      reason: `POD disetujui oleh ${p.name}${decided.distanceM === null ? '' : ` (${formatDistance(decided.distanceM)} dari titik pelanggan)`}`,
      payload: { pod: true, approved: true, requestId: decided.id, distanceM: decided.distanceM, approverName: p.name, capturedAt: decided.capturedAt?.toISOString() ?? null },
      apply: async (order) => {
        await tx.insert(podRecords).values({
          orderId: order.id,
          shipmentNo: order.shipmentNo,
          lat: decided.lat,
          long: decided.lng,
          accuracy: decided.accuracy,
          receiverName: APPROVED_RECEIVER.name,
          receiverRelation: APPROVED_RECEIVER.relation,
          receiverOther: APPROVED_RECEIVER.other,
          isValidate: false,
          plasticQty: 0,
          distanceM: decided.distanceM,
          userId: decided.requestedBy,
          // The position decided on is the request's: taken then, received when the request arrived.
          capturedAt: decided.capturedAt,
          receivedAt: decided.requestDate,
        });
        await recordChange(
          tx,
          { actorUserId: p.userId, entity: 'pod_request', entityId: order.shipmentNo, action: 'approve', fromValue: POD_APPROVAL_STATUS.PENDING, toValue: POD_APPROVAL_STATUS.APPROVED },
          { storeCode: order.storeCode, type: 'pod.approved', payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: decided.id, deciderName: p.name, distanceM: decided.distanceM } },
        );
      },
    });
    return { requestId: decided.id, orderId: order.id };
  });
  return { request: await loadRequestDetail(db, requestId), order: await loadOrderDetail(db, orderId, p) };
}

/** Reject with a reason: request pending → rejected, the order stays in 1103; the crew's phone hears `pod.rejected` with the reason. */
export async function rejectPodRequest(db: Db, p: OrderViewer, shipmentNo: string, body: PodRejectBody): Promise<PodDecisionResult> {
  const { requestId, orderId } = await db.transaction(async (tx) => {
    const { order, request } = await lockForDecision(tx, p, shipmentNo);
    const reason = await resolveReason(tx, podRejectReasons, body.rejectReasonId, 'body.rejectReasonId');
    const decided = await decide(tx, request.id, {
      status: POD_APPROVAL_STATUS.REJECTED,
      decidedBy: p.userId,
      rejectReasonId: reason.storedId,
      rejectReasonText: body.rejectReasonText ?? null,
    });
    const shown = chosenReason(reason.storedId, reason.label, body.rejectReasonText ?? null);
    await recordChange(
      tx,
      { actorUserId: p.userId, entity: 'pod_request', entityId: order.shipmentNo, action: 'reject', fromValue: POD_APPROVAL_STATUS.PENDING, toValue: POD_APPROVAL_STATUS.REJECTED, reason: shown.display },
      {
        storeCode: order.storeCode,
        type: 'pod.rejected',
        payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: decided.id, deciderName: p.name, requestedBy: decided.requestedBy, rejectReason: shown },
      },
    );
    return { requestId: decided.id, orderId: order.id };
  });
  return { request: await loadRequestDetail(db, requestId), order: await loadOrderDetail(db, orderId, p) };
}
