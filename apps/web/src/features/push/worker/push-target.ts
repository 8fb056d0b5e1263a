import type { PushTarget } from '@gerai/contract/push';
import { paths } from '@/shared/config/paths';

/**
 * The route of the app a notification's tap opens: the server sends the object's facts (PushTarget),
 * the app's own route table builds the path, so no URL is written twice. A chat opens its order's
 * detail with the chat open (`?chat=1`: the chat is that screen's modal); a ticket opens its detail on the side of the person told.
 */
export function pushTargetPath(open: PushTarget | null): string {
  if (!open) return paths.home;
  switch (open.screen) {
    case 'orders':
      return paths.order;
    case 'order':
      return paths.orderDetail(open.statusId, open.shipmentNo, open.deliveryType);
    case 'chat':
      return paths.orderChat(open.statusId, open.shipmentNo, open.deliveryType);
    case 'pod':
      return paths.pengajuanPodDetail(open.shipmentNo, open.deliveryType, open.type || undefined);
    case 'cancel':
      return paths.requestCancel(open.shipmentNo);
    case 'booking':
      return paths.bookingListStore;
    case 'transfer':
      return paths.detailMatIn(open.matNo);
    case 'ticket':
      // The help center's mode is its side (helpdesk/store): the way back leads to that side's list.
      return paths.reportedDetail({ mode: open.side === 'helpdesk' ? 'helpdesk' : 'store', id: open.ticketId });
    default:
      return paths.home;
  }
}
