import type { TransferDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { transferChange } from './transfer-change';

export type CancelTransferInput = Record<string, never>;

/**
 * POST /api/transfers/:matNo/cancel → `new` → `cancel`: the in-transit units return to my store's
 * sellable stock. Sender side; confirmed meanwhile: 409 TRANSFER_STATUS_CHANGED.
 */
export function useCancelTransfer(matNo: string, idTbsms: string, options?: MutationCallbacks<TransferDetail, CancelTransferInput>) {
  return useApiMutation<TransferDetail, CancelTransferInput>({
    ...transferChange(matNo, idTbsms),
    ...options,
    action: { kind: 'transfer.cancel', request: () => ({ method: 'POST', path: `/transfers/${encodeURIComponent(matNo)}/cancel`, body: {} }) },
  });
}
