import { and, eq, sql } from 'drizzle-orm';
import { distanceMeters, FIELD_MESSAGES, formatDistance, POD_APPROVAL_STATUS, POD_REQUEST_TYPE, type PodDecisionResult, type PodRejectBody, type PodRequestBody, type PodRequestDetail, type PodRequestType, roundMeters } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { podApprovalRequests, podRecords, podRejectReasons, podRequestReasons } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { changeOrderStatus, loadOrderDetail, type OrderViewer } from '../orders';
import { collectByApproval, lockReturnForPodRequest, type ReturnForPodRequest } from '../returns';
import { captureRefusal, refuseCapture, type CaptureRefusal, type CaptureTimes } from './capture';
import type { PodLimits } from './decide';
import { hasOpenReturn, isFinished, latestRequestOf, lockDeliverableOrder, lockPodOrder, pendingRequestOf, statusError, type PodOrderRow } from './pod-order';
import { loadRequestDetail, resolveReason } from './queries';
import { chosenReason } from '../../platform/reasons';

const now = sql`now()`;
const ONE_PENDING_INDEX = 'pod_approval_requests_one_pending';

/** The receiver is not part of an approval request (spec §7), so the POD record of an approval says so. */
export const APPROVED_RECEIVER = { name: '-', relation: 'Lainnya', other: 'Tidak dicatat (POD melalui persetujuan)' } as const;

/** What a request is made for, locked for the request's transaction: the order (type 'order') or its return ('retur'), the same facts either way. */
type RequestTarget = Omit<ReturnForPodRequest, 'returnId'>;

async function lockRequestTarget(tx: Tx, p: Principal, type: PodRequestType, shipmentNo: string): Promise<RequestTarget> {
  if (type === POD_REQUEST_TYPE.RETURN) {
    // The returns area decides (RETURN_FLOW): an approved delivery return not yet collected.
    const ret = await lockReturnForPodRequest(tx, p, shipmentNo);
    return { orderId: ret.orderId, shipmentNo: ret.shipmentNo, orderNo: ret.orderNo, storeCode: ret.storeCode, deliveryType: ret.deliveryType, customer: ret.customer };
  }
  const order = await lockDeliverableOrder(tx, p, shipmentNo);
  const customer = order.customerLat !== null && order.customerLng !== null ? { lat: order.customerLat, lng: order.customerLng } : null;
  return { orderId: order.id, shipmentNo: order.shipmentNo, orderNo: order.orderNo, storeCode: order.storeCode, deliveryType: order.deliveryType, customer };
}

/**
 * "Pengajuan POD": a proof at the customer's address that the position rule refused, sent to the
 * kepala toko instead. `type` 'order': a delivery order in 1103; 'retur': an approved delivery
 * return whose goods are being collected (the return POD). One pending request per order, sent
 * from within POD_REQUEST_MAX_METERS of the customer, its position taken at most
 * POD_CAPTURE_MAX_AGE_MINUTES before it arrives (`receivedAt`). The store's supervisors hear of it
 * live (event `pod.requested`, with its type).
 */
export async function createPodRequest(db: Db, p: Principal, limits: PodLimits, body: PodRequestBody, receivedAt = new Date()): Promise<PodRequestDetail> {
  const times: CaptureTimes = { capturedAt: new Date(body.capturedAt), receivedAt };
  const outcome = await db.transaction(async (tx): Promise<{ id: number } | { shipmentNo: string; refusal: CaptureRefusal }> => {
    const target = await lockRequestTarget(tx, p, body.type, body.shipmentNo);
    if (await pendingRequestOf(tx, target.orderId)) throw new AppError('POD_REQUEST_DUPLICATE');
    const refusal = captureRefusal(times, limits);
    if (refusal) return { shipmentNo: target.shipmentNo, refusal };
    const reason = await resolveReason(tx, podRequestReasons, body.reasonId, 'body.reasonId');
    const distanceM = target.customer ? distanceMeters(target.customer, { lat: body.lat, lng: body.long }) : null;
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
          orderId: target.orderId,
          shipmentNo: target.shipmentNo,
          deliveryType: target.deliveryType,
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
      { actorUserId: p.userId, entity: 'pod_request', entityId: target.shipmentNo, action: 'request', toValue: POD_APPROVAL_STATUS.PENDING, reason: shown.display },
      {
        storeCode: target.storeCode,
        type: 'pod.requested',
        payload: {
          shipmentNo: target.shipmentNo,
          orderNo: target.orderNo,
          requestId: row!.id,
          deliveryType: target.deliveryType,
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
async function lockForDecision(tx: Tx, p: Principal, shipmentNo: string, type: PodRequestType | undefined) {
  const order = await lockPodOrder(tx, p, shipmentNo);
  const request = order ? await latestRequestOf(tx, order.id) : null;
  // A decider who saw another type's request (a stale screen) never decides this one.
  if (!order || !request || (type !== undefined && request.type !== type)) throw new AppError('POD_REQUEST_NOT_FOUND');
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

/** The audit row and the `pod.approved` event of an approval, whatever the request was made for. */
async function recordApproval(tx: Tx, p: OrderViewer, order: Pick<PodOrderRow, 'shipmentNo' | 'orderNo' | 'storeCode'>, decided: Awaited<ReturnType<typeof decide>>, type: PodRequestType): Promise<void> {
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: 'pod_request', entityId: order.shipmentNo, action: 'approve', fromValue: POD_APPROVAL_STATUS.PENDING, toValue: POD_APPROVAL_STATUS.APPROVED },
    {
      storeCode: order.storeCode,
      type: 'pod.approved',
      payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: decided.id, type, deciderName: p.name, distanceM: decided.distanceM },
    },
  );
}

/**
 * Approve, in one transaction: request pending → approved, order 1103 → 1104,
 * a POD record at the request's position (isValidate false), history, audit
 * and the events `pod.approved` and `order.completed`. Any failure leaves
 * both untouched and its message goes back to the caller.
 */
export async function approvePodRequest(db: Db, p: OrderViewer, shipmentNo: string, type?: PodRequestType): Promise<PodDecisionResult> {
  const { requestId, orderId } = await db.transaction(async (tx) => {
    const { order: locked, request } = await lockForDecision(tx, p, shipmentNo, type);
    if (request.type === POD_REQUEST_TYPE.RETURN) return approveReturnRequest(tx, p, locked, request.id);
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
        await recordApproval(tx, p, order, decided, POD_REQUEST_TYPE.ORDER);
      },
    });
    return { requestId: decided.id, orderId: order.id };
  });
  return { request: await loadRequestDetail(db, requestId), order: await loadOrderDetail(db, orderId, p) };
}

/**
 * Approve a return POD request: the return's collect step (RETURN_FLOW, approved → collected) at
 * the request's position, taken by the returns area in this transaction; the request is decided
 * once the return is locked and the step allowed, so a return that moved on refuses the approval
 * (its message to the caller) and nothing changes. Events `pod.approved` (type 'retur') and
 * `return.collected`. The order itself does not move.
 */
async function approveReturnRequest(tx: Tx, p: OrderViewer, order: PodOrderRow, requestId: number) {
  await collectByApproval(tx, p, order.shipmentNo, async () => {
    const decided = await decide(tx, requestId, { status: POD_APPROVAL_STATUS.APPROVED, decidedBy: p.userId });
    await recordApproval(tx, p, order, decided, POD_REQUEST_TYPE.RETURN);
    return {
      lat: decided.lat,
      lng: decided.lng,
      accuracy: decided.accuracy,
      distanceM: decided.distanceM,
      capturedAt: decided.capturedAt,
      collectedBy: decided.requestedBy,
      receiver: APPROVED_RECEIVER,
      note: `POD retur disetujui oleh ${p.name}${decided.distanceM === null ? '' : ` (${formatDistance(decided.distanceM)} dari titik pelanggan)`}`,
    };
  });
  return { requestId, orderId: order.id };
}

/** Reject with a reason: request pending → rejected, the order stays in 1103 (a return stays approved); the crew's phone hears `pod.rejected` with the reason. */
export async function rejectPodRequest(db: Db, p: OrderViewer, shipmentNo: string, body: PodRejectBody): Promise<PodDecisionResult> {
  const { requestId, orderId } = await db.transaction(async (tx) => {
    const { order, request } = await lockForDecision(tx, p, shipmentNo, body.type);
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
        payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: decided.id, type: request.type as PodRequestType, deciderName: p.name, requestedBy: decided.requestedBy, rejectReason: shown },
      },
    );
    return { requestId: decided.id, orderId: order.id };
  });
  return { request: await loadRequestDetail(db, requestId), order: await loadOrderDetail(db, orderId, p) };
}
