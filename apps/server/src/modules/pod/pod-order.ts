import { and, desc, eq } from 'drizzle-orm';
import { DELIVERY_TYPE, ORDER_STATUS, POD_APPROVAL_STATUS } from '@gerai/contract';
import type { Tx } from '../../db/client';
import { podApprovalRequests } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { lockOrderRow, statusChangedError, type OrderRecord } from '../orders';
import { hasOpenReturn } from '../returns';

/** The whole order row: POD needs the customer's coordinates. */
export type PodOrderRow = OrderRecord;

const FINISHED: readonly number[] = [ORDER_STATUS.COMPLETED, ORDER_STATUS.HISTORY];

/**
 * The order a POD call is about, row-locked for the caller's transaction so
 * the checks below and the change that follows see one state. Missing, in
 * another store, or (when given) with another orderNo → null.
 */
export async function lockPodOrder(tx: Tx, p: Principal, shipmentNo: string, orderNo?: string): Promise<PodOrderRow | null> {
  const row = await lockOrderRow(tx, p, shipmentNo);
  if (!row || (orderNo !== undefined && row.orderNo !== orderNo)) return null;
  return row;
}

/** Whether the order's goods are in a return not yet complete (RETURN_OPEN_STATUSES): the returns area decides. */
export { hasOpenReturn };

export const isFinished = (statusId: number) => FINISHED.includes(statusId);

/** The spec's "Status pesanan ini sudah selesai" or the generic status message for any other status than 1103. */
export function statusError(statusId: number): AppError {
  return isFinished(statusId) ? new AppError('POD_ORDER_FINISHED') : statusChangedError(statusId);
}

/**
 * A delivery order in 1103 of a visible store, with no open return: the only
 * order scan and go or an approval request may touch. Checks in the order of
 * the spec's catalogue: not found, in return, finished, other status, pickup.
 */
export async function lockDeliverableOrder(tx: Tx, p: Principal, shipmentNo: string, orderNo?: string): Promise<PodOrderRow> {
  const order = await lockPodOrder(tx, p, shipmentNo, orderNo);
  if (!order) throw new AppError('POD_ORDER_NOT_FOUND');
  if (await hasOpenReturn(tx, order.id)) throw new AppError('POD_ORDER_IN_RETURN');
  if (order.statusId !== ORDER_STATUS.IN_PROGRESS) throw statusError(order.statusId);
  if (order.deliveryType !== DELIVERY_TYPE.DELIVERY) throw new AppError('POD_NOT_DELIVERY');
  return order;
}

export async function pendingRequestOf(tx: Tx, orderId: number) {
  const [row] = await tx
    .select()
    .from(podApprovalRequests)
    .where(and(eq(podApprovalRequests.orderId, orderId), eq(podApprovalRequests.status, POD_APPROVAL_STATUS.PENDING)))
    .limit(1);
  return row ?? null;
}

export async function latestRequestOf(tx: Tx, orderId: number) {
  const [row] = await tx
    .select()
    .from(podApprovalRequests)
    .where(eq(podApprovalRequests.orderId, orderId))
    .orderBy(desc(podApprovalRequests.requestDate), desc(podApprovalRequests.id))
    .limit(1);
  return row ?? null;
}

