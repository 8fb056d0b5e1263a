import type { ReturnStatus } from '@gerai/contract';
import type { ReturnListParams } from '../query-keys';
import { parseReturnStatus } from './method';

/** The list's search in the URL. */
export const RETURN_LIST_QUERY_PARAM = 'q';

/** What a list of one status asks for, from its URL's search: the screen's and the first load's one reading. */
export function returnListParams(status: ReturnStatus, search: URLSearchParams): ReturnListParams {
  return { status, query: (search.get(RETURN_LIST_QUERY_PARAM) ?? '').trim(), size: 20 };
}

/** The status of a list's path (`/retur/list/approved`), or null for any other path or an unknown status. */
export function returnListRoute(pathname: string): ReturnStatus | null {
  const match = /^\/retur\/list\/([^/]+)\/?$/.exec(pathname);
  return match ? parseReturnStatus(decodeURIComponent(match[1]!)) : null;
}
