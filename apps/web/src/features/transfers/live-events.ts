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
 * Keeps the MAT screens current while they are shown (on the session's one SSE connection): every
 * step is sent to both stores, so a transfer addressed to my store appears at once and the sender
 * sees it confirmed, locked or finished. Lists, counts, watch lists, the transfer's detail and my
 * store's stock are read again. What the phone keeps follows too: a transfer out of `new` needs no
 * PIN, a PIN issued on another phone replaces this phone's, and a finished or cancelled transfer
 * needs no count. `onEvent` lets a screen say what happened.
 */
export function useTransferLiveRefresh({ enabled = true, onEvent }: { enabled?: boolean; onEvent?: (event: TransferLiveEvent) => void } = {}): void {
  const queryClient = useQueryClient();
  useEvents(
    TRANSFER_EVENT_TYPES,
    (event) => {
      const { matNo, idTbsms, matStatus } = event.data;
      if (matStatus !== MAT_STATUS.NEW) forgetSecret(matNo);
      else if (event.type === 'transfer.reissued' && !reissuedHere(queryClient, matNo)) forgetSecret(matNo);
      if (matStatus === MAT_STATUS.FINISH || matStatus === MAT_STATUS.CANCEL) forgetCountDraft(matNo);
      void queryClient.invalidateQueries({ queryKey: transferKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: transferKeys.count() });
      void queryClient.invalidateQueries({ queryKey: transferKeys.watches() });
      void queryClient.invalidateQueries({ queryKey: transferKeys.detail(matNo) });
      void queryClient.invalidateQueries({ queryKey: transferKeys.byTbsms(idTbsms) });
      void queryClient.invalidateQueries({ queryKey: ['stock'] });
      onEvent?.(event);
    },
    { enabled },
  );
}
