import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAT_STATUS, TRANSFER_EVENT_TYPES, type TransferEventType } from '@gerai/contract';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { transferKeys, transferMutationKey } from './query-keys';
import { forgetCountDraft } from './utils/count-draft';
import { forgetSecret } from './utils/secret-store';

export type TransferLiveEvent = StreamEvent<TransferEventType>;

/** A new PIN this phone asked for in the last minute (its answer may come before or after the event). */
function reissuedHere(queryClient: QueryClient, matNo: string, now = Date.now()): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: transferMutationKey(matNo) })
    .some((m) => m.state.submittedAt >= now - 60_000 && m.state.status !== 'error');
}

/**
 * Applies one transfer event to this phone: every step is sent to both stores, so a transfer
 * addressed to my store appears at once and either side sees it confirmed, locked, unlocked or
 * finished. The transfer's detail (by number and by the id its QR carries), the lists, the counts,
 * the watch lists and my store's stock are marked stale: those on screen are read again now, the
 * others when next shown, and the mark reaches the copy the phone keeps (query-persistence saves
 * every cache change), so a reload offline never shows the step undone as fresh. What the phone
 * keeps follows too: a transfer out of `new` needs no PIN, a PIN issued on another phone replaces
 * this phone's, and a finished or cancelled transfer needs no count.
 */
export function applyTransferEvent(queryClient: QueryClient, event: TransferLiveEvent): void {
  const { matNo, idTbsms, matStatus } = event.data;
  if (matStatus !== MAT_STATUS.NEW) forgetSecret(matNo);
  else if (event.type === 'transfer.reissued' && !reissuedHere(queryClient, matNo)) forgetSecret(matNo);
  if (matStatus === MAT_STATUS.FINISH || matStatus === MAT_STATUS.CANCEL) forgetCountDraft(matNo);
  void queryClient.invalidateQueries({ queryKey: transferKeys.detail(matNo) });
  void queryClient.invalidateQueries({ queryKey: transferKeys.byTbsms(idTbsms) });
  void queryClient.invalidateQueries({ queryKey: transferKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: transferKeys.count() });
  void queryClient.invalidateQueries({ queryKey: transferKeys.watches() });
  void queryClient.invalidateQueries({ queryKey: ['stock'] });
}

/**
 * The transfers' side of the session's one SSE connection, used once by the signed-in shell
 * (`components/transfer-live-updates.tsx`) whatever screen is open: a step taken on another phone or
 * by the other store reaches this phone's open screen and its kept copy, not only while a MAT screen
 * is shown. Screens read the cache; none subscribes again.
 */
export function useTransferLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEvents(TRANSFER_EVENT_TYPES, (event) => applyTransferEvent(queryClient, event));
}
