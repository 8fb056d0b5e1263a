import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TransferDetail } from '@gerai/contract';
import type { ApiErrorCode } from '@/shared/api/api-error';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { transferKeys, transferMutationKey, transferScope } from '../query-keys';

/**
 * What else a transfer change moves, read again by the area's key prefix (features do not import
 * each other): sending, cancelling and finishing move units between my store's stock buckets.
 */
const STOCK: QueryKey = ['stock'];

/** Refusals that say the transfer shown is out of date: its detail, the lists and the counts are read again. */
const STALE_CODES: readonly ApiErrorCode[] = [
  'TRANSFER_STATUS_CHANGED',
  'TRANSFER_NOT_FOUND',
  'TRANSFER_LOCKED',
  'TRANSFER_NOT_LOCKED',
  'TRANSFER_PIN_WRONG',
  'TRANSFER_NOT_SENDER',
  'TRANSFER_NOT_RECEIVER',
  'TRANSFER_LINES_MISMATCH',
  'FORBIDDEN',
];

/** Every change answers with the transfer as it is now: both of its detail entries (by matNo, by idTbsms) show it at once. */
export async function writeTransfer(queryClient: QueryClient, detail: TransferDetail): Promise<void> {
  await Promise.all([
    replaceCached<TransferDetail>(queryClient, transferKeys.detail(detail.matNo), () => detail),
    replaceCached<TransferDetail>(queryClient, transferKeys.byTbsms(detail.idTbsms), () => detail),
  ]);
}

/**
 * A refusal that says the transfer is locked (423 TRANSFER_LOCKED: this try was the fifth wrong one, or
 * another phone's was): its entries show it locked at once, until the read the refusal started brings
 * the server's word — and with it, later, the unlock a supervisor makes anywhere (its event).
 */
export function writeLocked(queryClient: QueryClient, detail: Pick<TransferDetail, 'matNo' | 'idTbsms'>): void {
  const locked = (old: TransferDetail | undefined) => (old ? { ...old, locked: true, pinTriesLeft: 0, actions: old.actions.filter((a) => a !== 'confirm' && a !== 'reissue') } : old);
  queryClient.setQueryData<TransferDetail>(transferKeys.detail(detail.matNo), locked);
  queryClient.setQueryData<TransferDetail>(transferKeys.byTbsms(detail.idTbsms), locked);
}

/** What a change touched: the lists, the counts, the watch lists and my store's stock. */
export const TRANSFER_TOUCHED: readonly QueryKey[] = [transferKeys.lists(), transferKeys.count(), transferKeys.watches(), STOCK];

/**
 * How a change of one transfer meets the cache: its crew actions reach the server in order (one
 * outbox scope per transfer), the reply is the detail (`pick` finds it in replies that carry more),
 * and the lists, counts, watch lists and stock are read again. A refusal that says the screen is
 * out of date reads the transfer again.
 */
export function transferChange<T = TransferDetail>(
  matNo: string,
  idTbsms: string,
  pick: (data: T) => TransferDetail = (data) => data as unknown as TransferDetail,
): MutationPlan<T, object> {
  return {
    mutationKey: transferMutationKey(matNo),
    scope: transferScope(matNo),
    subject: matNo,
    write: (queryClient, data) => writeTransfer(queryClient, pick(data)),
    invalidate: TRANSFER_TOUCHED,
    refetchOnError: { keys: [transferKeys.detail(matNo), transferKeys.byTbsms(idTbsms), transferKeys.lists(), transferKeys.count()], codes: STALE_CODES },
  };
}
