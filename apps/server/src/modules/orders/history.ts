import { ESCALATION_REASON, type OrderStatusId } from '@gerai/contract';
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

/** An escalation history row's level, from its reason (ESCALATION_REASON), as SQL on `h.reason`. */
const ESCALATION_LEVEL_BY_REASON = `case h.reason ${Object.entries(ESCALATION_REASON)
  .map(([level, reason]) => `when '${reason.replace(/'/g, "''")}' then '${level}'`)
  .join(' ')} end`;

/**
 * The order detail's `pushedTo` of a history row `h` of order `o`: for an escalation, the phones its
 * push notifications reached (push_messages sent, ref = its level); null for any other row.
 */
export const ESCALATION_PUSHED_TO_SQL = `case when h.action = 'escalate' then (select count(*) from push_messages pm
  where pm.order_id = o.id and pm.kind = 'order.escalated' and pm.status = 'sent' and pm.ref = ${ESCALATION_LEVEL_BY_REASON})::int end`;
