import type { AppId } from '@gerai/contract/channels';
import { DELIVERY_TYPE, type OrderStatusId } from '@gerai/contract/statuses';
import { paths } from '../config/paths';
import { CHANNEL_LABEL, ORDER_STATUS_LABEL } from '../i18n/id';

// How any screen names and opens an order: the orders area's screens, and the areas that point at
// an order (monitoring, its escalation alert), which may not import the orders area.

export type OrderMethod = 'pickup' | 'delivery';

/** The :method of the detail route, from deliveryType (0 pickup at the store, 1 delivered). */
export function orderMethod(deliveryType: number): OrderMethod {
  return deliveryType === DELIVERY_TYPE.DELIVERY ? 'delivery' : 'pickup';
}

export function orderDetailPath(order: { statusId: number; shipmentNo: string; deliveryType: number }, type?: string): string {
  return paths.orderDetail(order.statusId, order.shipmentNo, orderMethod(order.deliveryType), type);
}

/** The shipmentNo of an order detail or scan and go path (/order/detail[-scan-go]/:status/:shipmentNo/:method). */
export function orderScreenShipment(pathname: string): string | null {
  const match = /^\/order\/detail(?:-scan-go)?\/[^/]+\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export function channelLabel(appId: number, appName?: string): string {
  return CHANNEL_LABEL[appId as AppId] ?? appName ?? String(appId);
}

export function statusLabel(statusId: number): string {
  return ORDER_STATUS_LABEL[statusId as OrderStatusId] ?? String(statusId);
}
