import type { OrderProduct } from '@gerai/contract';
import { ORDER_STATUS, ORDER_STATUS_ROUTE, type OrderStatusId } from '@gerai/contract/statuses';
import { paths } from '@/shared/config/paths';
import { ORDER_STATUS_LABEL } from '@/shared/i18n/id';

export interface OrderTab {
  /** The status whose count the badge shows (history: 1105). */
  status: OrderStatusId;
  path: string;
  label: string;
}

/** The spec's order tabs, in order: Baru, Picking, Proses, Selesai, History Pesanan, Batal. */
export const ORDER_TABS: readonly OrderTab[] = [
  { status: ORDER_STATUS.NEW, path: paths.order, label: ORDER_STATUS_LABEL[1101] },
  { status: ORDER_STATUS.PACKING, path: paths.listPacking, label: ORDER_STATUS_LABEL[1102] },
  { status: ORDER_STATUS.IN_PROGRESS, path: paths.listProses, label: ORDER_STATUS_LABEL[1103] },
  { status: ORDER_STATUS.COMPLETED, path: paths.listDone, label: ORDER_STATUS_LABEL[1104] },
  { status: ORDER_STATUS.HISTORY, path: paths.history, label: ORDER_STATUS_LABEL[1105] },
  { status: ORDER_STATUS.CANCELLED, path: paths.listCancel, label: ORDER_STATUS_LABEL[1106] },
];

// Shared with the areas that open an order without importing this one (monitoring).
export { channelLabel, orderDetailPath, orderMethod, statusLabel, type OrderMethod } from '@/shared/utils/order-ref';

/** /history?jenis=batal shows History Batal (1107). */
export const HISTORY_KIND = 'jenis';
export const HISTORY_CANCELLED = 'batal';

/**
 * The list that shows a status, exactly: History Batal (1107) is History with its "History Batal"
 * side chosen, not History Pesanan (both live on /history).
 */
export function orderListPath(statusId: OrderStatusId): string {
  const path = ORDER_STATUS_ROUTE[statusId];
  return statusId === ORDER_STATUS.HISTORY_CANCELLED ? `${path}?${HISTORY_KIND}=${HISTORY_CANCELLED}` : path;
}

/** The list a status returns to (History Batal: History with that side chosen). */
export function statusListPath(statusId: number): string {
  return statusId in ORDER_STATUS_ROUTE ? orderListPath(statusId as OrderStatusId) : paths.order;
}

/** A line is resolved when picked + out of stock = ordered. */
export function lineResolved(line: Pick<OrderProduct, 'qty' | 'qtyPicked' | 'attrQtyOos'>): boolean {
  return line.qtyPicked + line.attrQtyOos === line.qty;
}
