import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TransferDetail } from '@gerai/contract';
import { transferMutationKey } from '../query-keys';

/** What the crew acts on: the status and whether the PIN is locked. */
export const transferSignature = (t: Pick<TransferDetail, 'matStatus' | 'locked'>) => `${t.matStatus}|${t.locked}`;

interface Shown {
  matNo: string;
  signature: string;
  /** When the screen started showing it: this phone's changes after it are its own. */
  since: number;
  detail: TransferDetail;
}

/** Whether this phone asked for a change of the transfer since `since` (sent, kept in the outbox, or answered). */
export function changedHere(queryClient: QueryClient, matNo: string, since: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: transferMutationKey(matNo) })
    .some((m) => m.state.submittedAt >= since && m.state.status !== 'error');
}

/**
 * The transfer as a detail screen has shown it (decision 82). A change made on this phone moves it
 * on at once; one made on another phone or by the other store (confirmed, cancelled, locked,
 * unlocked, finished) is held until the crew has seen it, so a button pressed a moment later never
 * acts on a transfer that is no longer what the screen showed. `changedFrom` is the transfer shown
 * before such a change; `keptHere`: this phone's actions on it still in the outbox.
 */
export function useHeldTransfer(detail: TransferDetail | undefined, keptHere = 0) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(null);
  const matNo = detail?.matNo;
  const signature = detail ? transferSignature(detail) : undefined;

  const same = shown !== null && shown.matNo === matNo;
  const moved = same && signature !== undefined && shown.signature !== signature;
  // Decided while rendering, so a change of this phone's own never flashes the notice.
  const mine = moved && (keptHere > 0 || changedHere(queryClient, shown.matNo, shown.since));

  useEffect(() => {
    if (!detail || matNo === undefined || signature === undefined) return;
    if (!same || mine) setShown({ matNo, signature, since: Date.now(), detail });
    // The detail object changes with every read; only what the crew acts on counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matNo, signature, same, mine]);

  return {
    changedFrom: moved && !mine ? shown.detail : null,
    /** The crew has seen the change: the screen follows the transfer again. */
    acknowledge: () => {
      if (detail && signature !== undefined) setShown({ matNo: detail.matNo, signature, since: Date.now(), detail });
    },
  };
}
