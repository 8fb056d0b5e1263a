import { and, eq, sql } from 'drizzle-orm';
import { POD_APPROVAL_STATUS, type PodRequestType } from '@gerai/contract';
import type { Tx } from '../../db/client';
import { podApprovalRequests } from '../../db/schema';
import { recordChange } from '../../platform/audit';

/** Why a pending request was closed when scan and go completed its order. */
export const AUTO_CLOSE_TEXT = 'Ditutup otomatis: pesanan sudah diselesaikan dengan scan and go di lokasi pelanggan.';
/** Why a pending return POD request was closed when the crew collected the goods within the radius. */
export const RETURN_AUTO_CLOSE_TEXT = 'Ditutup otomatis: barang retur sudah diambil di lokasi pelanggan.';

/** The order a closed request belongs to, as its event names it. */
export interface PendingRequestOrder {
  id: number;
  shipmentNo: string;
  orderNo: string;
  storeCode: string;
}

/**
 * A proof made at the customer's address (scan and go, the return POD within the radius) no longer
 * needs the order's pending approval request: it is closed as rejected by the system (decidedBy
 * null, the reason `text`), event `pod.closed`, so it leaves the supervisors' queue and badge.
 * Runs in the proof's transaction.
 */
export async function closePendingRequests(tx: Tx, actorUserId: number, order: PendingRequestOrder, text: string): Promise<void> {
  const closed = await tx
    .update(podApprovalRequests)
    .set({
      status: POD_APPROVAL_STATUS.REJECTED,
      decidedBy: null,
      decidedAt: sql`now()`,
      rejectReasonId: null,
      rejectReasonText: text,
    })
    .where(and(eq(podApprovalRequests.orderId, order.id), eq(podApprovalRequests.status, POD_APPROVAL_STATUS.PENDING)))
    .returning({ id: podApprovalRequests.id, type: podApprovalRequests.type });
  for (const r of closed) {
    await recordChange(
      tx,
      { actorUserId, entity: 'pod_request', entityId: order.shipmentNo, action: 'auto_close', fromValue: 'pending', toValue: 'rejected', reason: text },
      { storeCode: order.storeCode, type: 'pod.closed', payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, requestId: r.id, type: r.type as PodRequestType, reason: text } },
    );
  }
}
