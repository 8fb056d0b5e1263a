import type { TransferWithSecret } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { transferChange } from './transfer-change';

export type ReissueTransferInput = Record<string, never>;

/**
 * POST /api/transfers/:matNo/reissue → a new PIN (the old one stops working, the wrong tries start
 * again) and its secret, answered this once (`null` on a replay). Sender side, `new` and not locked
 * (423 TRANSFER_LOCKED). Not queued: the screen shows the PIN at once.
 */
export function useReissueTransferPin(matNo: string, idTbsms: string, options?: MutationCallbacks<TransferWithSecret, ReissueTransferInput>) {
  return useApiMutation<TransferWithSecret, ReissueTransferInput>({
    ...transferChange<TransferWithSecret>(matNo, idTbsms, (data) => data.transfer),
    ...options,
    mutationFn: ({ idempotencyKey }) => api.post<TransferWithSecret>(`/transfers/${encodeURIComponent(matNo)}/reissue`, {}, { idempotencyKey }),
  });
}
