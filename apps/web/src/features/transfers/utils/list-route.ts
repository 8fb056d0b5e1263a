import { MAT_IN_ROUTE_STATUSES, MAT_OUT_ROUTE_STATUSES, MAT_ROUTE_STATUS, type MatRouteStatus, type TransferListSide } from '@gerai/contract/transfer-flow';
import type { TransferListParams } from '../query-keys';

/** The URL's filters of a transfer list (they go along to the sibling lists). */
export const TRANSFER_LIST_PARAM = { q: 'q', startDate: 'startDate', endDate: 'endDate' } as const;
const PAGE_SIZE = 20;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && ISO_DAY.test(value) ? value : null);

/** What a list of one side and status asks for, from its URL's filters: the screen's and the first load's one reading. */
export function transferListParams(side: TransferListSide, status: MatRouteStatus, search: URLSearchParams): TransferListParams {
  return {
    side,
    status: MAT_ROUTE_STATUS[status],
    q: (search.get(TRANSFER_LIST_PARAM.q) ?? '').trim(),
    startDate: day(search.get(TRANSFER_LIST_PARAM.startDate)),
    endDate: day(search.get(TRANSFER_LIST_PARAM.endDate)),
    size: PAGE_SIZE,
  };
}

/** The side and status of a list's path (`/mat-out-new` → out, new), or null for any other path. */
export function transferListRoute(pathname: string): { side: TransferListSide; status: MatRouteStatus } | null {
  const match = /^\/mat-(in|out)-([a-z]+)\/?$/.exec(pathname);
  if (!match) return null;
  const side = match[1] as TransferListSide;
  const status = match[2] as MatRouteStatus;
  return (side === 'in' ? MAT_IN_ROUTE_STATUSES : MAT_OUT_ROUTE_STATUSES).includes(status) ? { side, status } : null;
}
