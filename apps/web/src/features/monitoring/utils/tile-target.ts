import {
  BOOKING_STATUS,
  ORDER_STATUS_ROUTE,
  ROLE,
  WAITING_RETURN_STATUS,
  hasRoleAtLeast,
  type MonitoringStatusId,
  type MonitoringTile,
  type RoleId,
} from '@gerai/contract';
import { paths } from '@/shared/config/paths';

/**
 * The list each monitoring tile opens in one store, with the filter the tile counts (issue 25: a tile and
 * the list it opens show the same set). The lists are the active store's, except the POD queue, which
 * covers every store of the caller and takes the store in its URL.
 */
export function tilePath(tile: MonitoringTile, storeCode: string): string {
  if (tile.startsWith('status-')) return ORDER_STATUS_ROUTE[Number(tile.slice('status-'.length)) as MonitoringStatusId];
  if (tile in WAITING_RETURN_STATUS) return paths.returList(WAITING_RETURN_STATUS[tile as keyof typeof WAITING_RETURN_STATUS]);
  switch (tile) {
    case 'podApprovals':
      return `${paths.listPengajuanPod}?storeCode=${encodeURIComponent(storeCode)}`;
    case 'cancelRequests':
      return paths.requestCancel();
    case 'bookings':
      return `${paths.bookingListProduct}?status=${BOOKING_STATUS.WAITING}`;
    case 'transfers':
      return paths.matInNew;
  }
  return paths.home;
}

/** Whether the list is read for the active store (so opening it for another store makes that one active first). */
export const tileNeedsActiveStore = (tile: MonitoringTile) => tile !== 'podApprovals';

/** Whether the caller may open the tile's list at all (the POD queue is the kepala toko's and above). */
export const canOpenTile = (tile: MonitoringTile, roleId: RoleId) => tile !== 'podApprovals' || hasRoleAtLeast(roleId, ROLE.STORE_CHIEF);
