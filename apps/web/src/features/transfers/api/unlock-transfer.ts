import type { TransferDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { transferChange } from './transfer-change';

export type UnlockTransferInput = Record<string, never>;

/**
 * POST /api/transfers/:matNo/unlock → the wrong tries start again and the receiver may confirm.
 * Area supervisor and above of either store; not locked: 409 TRANSFER_NOT_LOCKED.
 */
export function useUnlockTransfer(matNo: string, idTbsms: string, options?: MutationCallbacks<TransferDetail, UnlockTransferInput>) {
  return useApiMutation<TransferDetail, UnlockTransferInput>({
    ...transferChange(matNo, idTbsms),
    ...options,
    action: { kind: 'transfer.unlock', request: () => ({ method: 'POST', path: `/transfers/${encodeURIComponent(matNo)}/unlock`, body: {} }) },
  });
}
