import type { OrderStatusId } from '@gerai/contract';
import type { Tx } from '../../db/client';
import { orderStatusHistory } from '../../db/schema';

/**
 * A row of an order's history that is not a status change (an escalation): from and to are the
 * order's current status. Status changes write their own rows in `changeOrderStatus`; the caller
 * holds the order's row lock.
 */
export async function appendOrderHistory(
  tx: Tx,
  entry: { orderId: number; statusId: OrderStatusId; action: string; reason?: string | null; actorUserId?: number | null },
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: entry.orderId,
    fromStatus: entry.statusId,
    toStatus: entry.statusId,
    action: entry.action,
    reason: entry.reason ?? null,
    actorUserId: entry.actorUserId ?? null,
  });
}
