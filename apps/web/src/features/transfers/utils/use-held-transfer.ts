import type { TransferDetail } from '@gerai/contract';
import { useHeldChange } from '@/shared/hooks/use-held-change';
import { transferMutationKey } from '../query-keys';

/** What the crew acts on: the status and whether the PIN is locked. */
export const transferSignature = (t: Pick<TransferDetail, 'matStatus' | 'locked'>) => `${t.matStatus}|${t.locked}`;

const HELD = { idOf: (t: TransferDetail) => t.matNo, signatureOf: transferSignature, mutationKey: transferMutationKey };

/**
 * The transfer as a detail screen has shown it (decision 82): a change made on another phone or by the
 * other store (confirmed, cancelled, locked, unlocked, finished) is held until the crew has seen it,
 * so a button pressed a moment later never acts on a transfer that is no longer what the screen
 * showed. `changedFrom` is the transfer shown before such a change.
 */
export function useHeldTransfer(detail: TransferDetail | undefined, keptHere = 0) {
  return useHeldChange(detail, HELD, keptHere);
}
