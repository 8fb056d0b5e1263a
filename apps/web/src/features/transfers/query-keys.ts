import type { MatStatus, TransferListSide } from '@gerai/contract';

/** What a list of transfers asks for: the side and status of its route, the search and the WIB days of sending. */
export interface TransferListParams {
  side: TransferListSide;
  status: MatStatus;
  /** matNo (part of it) or the other store's code or name; '' for all. */
  q: string;
  /** yyyy-mm-dd (WIB), or null. */
  startDate: string | null;
  endDate: string | null;
  size: number;
}

/** The kepala toko's and supervisor's watch lists on `/mat`. */
export type TransferWatchKind = 'discrepancies' | 'locked';

/**
 * Query keys of the transfers area. Every list sits under `lists()` and every detail under
 * `details()` (by matNo, and by idTbsms for the confirm screen), so one invalidation refreshes
 * them all when a transfer moves.
 */
export const transferKeys = {
  all: ['transfers'] as const,
  lists: () => [...transferKeys.all, 'list'] as const,
  list: (params: TransferListParams) => [...transferKeys.lists(), params] as const,
  stores: () => [...transferKeys.all, 'stores'] as const,
  storeList: (q: string) => [...transferKeys.stores(), { q }] as const,
  watches: () => [...transferKeys.all, 'watch'] as const,
  watch: (kind: TransferWatchKind, size: number) => [...transferKeys.watches(), kind, { size }] as const,
  details: () => [...transferKeys.all, 'detail'] as const,
  detail: (matNo: string) => [...transferKeys.details(), matNo] as const,
  byTbsms: (idTbsms: string) => [...transferKeys.details(), 'tbsms', idTbsms] as const,
  /** The active store's counts; keyed by the store so a store change never shows the old one's (`count()` matches all). */
  count: () => [...transferKeys.all, 'count'] as const,
};

/** Changes of one transfer (`isMutating`, and whether a change the detail shows was made on this phone). */
export const transferMutationKey = (matNo: string) => [...transferKeys.all, 'mutate', matNo] as const;
/** Sending a new transfer. */
export const transferCreateMutationKey = [...transferKeys.all, 'create'] as const;

/** The outbox scope of one transfer: its crew actions reach the server in the order they were made. */
export const transferScope = (matNo: string) => `transfer:${matNo}`;
