import type { QueryClient } from '@tanstack/react-query';
import { MAT_STATUS, TRANSFER_EVENT_TYPES } from '@gerai/contract';
import { defineLive, patchFor, staleFor } from '@/shared/events/live-rule';
import { transferKeys, transferMutationKey } from './query-keys';
import { forgetCountDraft } from './utils/count-draft';
import { forgetSecret } from './utils/secret-store';

/** A new PIN this phone asked for in the last minute (its answer may come before or after the event). */
function reissuedHere(queryClient: QueryClient, matNo: string, now = Date.now()): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: transferMutationKey(matNo) })
    .some((m) => m.state.submittedAt >= now - 60_000 && m.state.status !== 'error');
}

/**
 * Transfers: every step is sent to both stores, so a transfer addressed to my store appears at once and
 * either side sees it confirmed, locked, unlocked or finished: its detail (by number and by the id its
 * QR carries), the lists, the counts and the watch lists are read again. A lock is stated by the cached
 * transfer, never by a screen's own state (decision 109), so an unlock made by the area supervisor brings
 * the PIN entry back on the receiving phone without a reload. What the phone keeps follows too: a
 * transfer out of `new` needs no PIN, a PIN issued on another phone replaces this phone's, and a
 * finished or cancelled transfer needs no count.
 */
export const transfersLive = defineLive({
  area: 'transfers',
  stale: staleFor(TRANSFER_EVENT_TYPES, (e) => [transferKeys.detail(e.data.matNo), transferKeys.byTbsms(e.data.idTbsms), transferKeys.lists(), transferKeys.count(), transferKeys.watches()]),
  patch: patchFor(TRANSFER_EVENT_TYPES, (event, { queryClient }) => {
    const { matNo, matStatus } = event.data;
    if (matStatus !== MAT_STATUS.NEW) forgetSecret(matNo);
    else if (event.type === 'transfer.reissued' && !reissuedHere(queryClient, matNo)) forgetSecret(matNo);
    if (matStatus === MAT_STATUS.FINISH || matStatus === MAT_STATUS.CANCEL) forgetCountDraft(matNo);
    // What the phone keeps beside the cache; the cache itself is read again.
    return false;
  }),
});
