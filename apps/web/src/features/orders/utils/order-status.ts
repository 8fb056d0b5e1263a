import type { AppId, OrderProduct } from '@gerai/contract';
import { DELIVERY_TYPE, ORDER_STATUS, ORDER_STATUS_ROUTE, type OrderStatusId } from '@gerai/contract/statuses';
import { paths } from '@/shared/config/paths';
import { CHANNEL_LABEL, ORDER_STATUS_LABEL } from '@/shared/i18n/id';

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

export type OrderMethod = 'pickup' | 'delivery';

/** The :method of the detail route, from deliveryType (0 pickup at the store, 1 delivered). */
export function orderMethod(deliveryType: number): OrderMethod {
  return deliveryType === DELIVERY_TYPE.DELIVERY ? 'delivery' : 'pickup';
}

export function orderDetailPath(order: { statusId: number; shipmentNo: string; deliveryType: number }, type?: string): string {
  return paths.orderDetail(order.statusId, order.shipmentNo, orderMethod(order.deliveryType), type);
}

/** The list a status returns to. */
export function statusListPath(statusId: number): string {
  return ORDER_STATUS_ROUTE[statusId as OrderStatusId] ?? paths.order;
}

export function channelLabel(appId: number, appName?: string): string {
  return CHANNEL_LABEL[appId as AppId] ?? appName ?? String(appId);
}

export function statusLabel(statusId: number): string {
  return ORDER_STATUS_LABEL[statusId as OrderStatusId] ?? String(statusId);
}

/** A line is resolved when picked + out of stock = ordered. */
export function lineResolved(line: Pick<OrderProduct, 'qty' | 'qtyPicked' | 'attrQtyOos'>): boolean {
  return line.qtyPicked + line.attrQtyOos === line.qty;
}
