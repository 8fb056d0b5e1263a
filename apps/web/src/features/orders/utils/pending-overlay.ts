import { availableActions, cancelMinRole, ORDER_STATUS, progressOf, type OrderAction, type OrderDetail, type OrderProduct, type OrderStatusId } from '@gerai/contract';
import type { OutboxAction } from '@/shared/outbox/outbox';
import { lineForCode } from './order-detail';

/** An order as the crew left it on this phone. */
export interface PendingOrder {
  order: OrderDetail;
  /** Lines changed by actions the server does not have yet. */
  pendingLines: ReadonlySet<number>;
  /** Actions on this order still on the phone (not refused). */
  pending: number;
  /** Actions on this order the server refused: nothing after them is sent until the crew decides. */
  refused: readonly OutboxAction[];
}

const num = (v: unknown) => Number(v);

const CANCEL_ACTIONS: readonly OrderAction[] = ['requestCancel', 'cancel'];

/**
 * The cancel action of an order moved on this phone to `statusId`, from the server's last
 * answer (the phone does not know the caller's role, only what the server offered): who could
 * cancel it directly still can when the new status asks no higher role, else they may ask;
 * who could ask still asks. None where none was offered (a request already pending) or the
 * new status cannot be cancelled.
 */
function carriedCancel(order: OrderDetail, statusId: OrderStatusId): OrderAction | null {
  const offered = order.actions.find((a) => CANCEL_ACTIONS.includes(a));
  const now = cancelMinRole(statusId, order.deliveryType);
  if (!offered || now === null) return null;
  const before = cancelMinRole(order.statusId, order.deliveryType);
  return offered === 'cancel' && before !== null && now <= before ? 'cancel' : 'requestCancel';
}

/**
 * The order in `statusId` with the actions of that status; what depends on more than the
 * status (cancel, return) is carried over from the server's last answer. A return stays
 * offered from Selesai to its History (the window runs from completion either way); it is
 * never added here: only the server knows the window and what is left to return.
 */
function withStatus(order: OrderDetail, statusId: OrderStatusId): OrderDetail {
  const actions = availableActions(statusId, order.deliveryType);
  const cancel = carriedCancel(order, statusId);
  if (cancel) actions.push(cancel);
  if (order.actions.includes('requestReturn') && statusId === ORDER_STATUS.HISTORY) actions.push('requestReturn');
  return { ...order, statusId, actions };
}

/** A cancellation (request) kept on the phone: no second one is offered meanwhile. */
function withoutCancel(order: OrderDetail): OrderDetail {
  return { ...order, actions: order.actions.filter((a) => !CANCEL_ACTIONS.includes(a)) };
}

function withLines(order: OrderDetail, change: (line: OrderProduct) => OrderProduct): OrderDetail {
  const products = order.products.map(change);
  return { ...order, products, progress: progressOf(products) };
}

/**
 * The server's copy of an order with the crew's actions that wait on this phone applied
 * on top, in the order they were made — what the crew did, shown at once, offline too.
 * Only actions no screen is waiting on (kept offline, or from before a reload) are
 * applied: an answered action is in the server's copy already. The server's answer on
 * sync is final; a scan it would refuse is never added (not in the order, or over the
 * ordered quantity: checked here against the cached lines).
 */
export function applyPending(order: OrderDetail, actions: readonly OutboxAction[]): PendingOrder {
  let o = order;
  const pendingLines = new Set<number>();
  const refused: OutboxAction[] = [];
  let pending = 0;
  for (const a of actions) {
    if (a.subject !== order.shipmentNo) continue;
    if (a.state === 'refused') {
      refused.push(a);
      continue;
    }
    if (!a.waiting) continue;
    pending += 1;
    const m = a.meta ?? {};
    switch (a.kind) {
      case 'order.claim':
        if (o.statusId === ORDER_STATUS.NEW) o = withStatus(o, ORDER_STATUS.PACKING);
        break;
      case 'order.scan': {
        const line = lineForCode(o.products, String(m.barcode ?? ''));
        if (!line || line.qtyPicked + line.attrQtyOos >= line.qty) break;
        o = withLines(o, (l) => (l.lineId === line.lineId ? { ...l, qtyPicked: l.qtyPicked + 1 } : l));
        pendingLines.add(line.lineId);
        break;
      }
      case 'order.quantity':
        o = withLines(o, (l) => (l.lineId === num(m.lineId) ? { ...l, qtyPicked: num(m.qty) } : l));
        pendingLines.add(num(m.lineId));
        break;
      case 'order.outOfStock':
        o = withLines(o, (l) => (l.lineId === num(m.lineId) ? { ...l, attrQtyOos: num(m.qtyOos) } : l));
        pendingLines.add(num(m.lineId));
        break;
      case 'order.reset':
        o = withLines(o, (l) => ({ ...l, qtyPicked: 0, attrQtyOos: 0 }));
        for (const l of o.products) pendingLines.add(l.lineId);
        break;
      case 'order.pack':
        if (o.statusId === ORDER_STATUS.PACKING) o = withStatus(o, ORDER_STATUS.IN_PROGRESS);
        break;
      case 'order.handover':
      case 'pod.scanGo':
        if (o.statusId === ORDER_STATUS.IN_PROGRESS) o = withStatus(o, ORDER_STATUS.COMPLETED);
        break;
      case 'order.finish':
        if (o.statusId === ORDER_STATUS.COMPLETED) o = withStatus(o, ORDER_STATUS.HISTORY);
        break;
      case 'cancel.request':
      case 'cancel.cancel':
        // The status follows the server's answer (a decider may still refuse); until then, no second request.
        o = withoutCancel(o);
        break;
      default:
        // Paper bags, POD requests, decisions: shown as waiting, their effect follows the server's answer.
        break;
    }
  }
  return { order: o, pendingLines, pending, refused };
}

/** Why a scan would be refused, checked against the order as the phone has it (offline). */
export function localScanRefusal(order: OrderDetail, barcode: string): 'SCAN_NOT_IN_ORDER' | 'SCAN_OVER_QUANTITY' | null {
  const line = lineForCode(order.products, barcode);
  if (!line) return 'SCAN_NOT_IN_ORDER';
  return line.qtyPicked + line.attrQtyOos >= line.qty ? 'SCAN_OVER_QUANTITY' : null;
}
