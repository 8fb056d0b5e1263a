import type { TransferDetail, TransferFinishBody } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { transferChange } from './transfer-change';

/**
 * POST /api/transfers/:matNo/finish → `process` → `finish`: what arrived, every line once (a line
 * short names its reason). The sender's in-transit units leave it, the counted units enter my
 * store's sellable stock. 422 TRANSFER_LINES_MISMATCH, TRANSFER_RECEIVED_EXCEEDS,
 * TRANSFER_REASON_REQUIRED; 409 TRANSFER_STATUS_CHANGED.
 */
export function useFinishTransfer(matNo: string, idTbsms: string, options?: MutationCallbacks<TransferDetail, TransferFinishBody>) {
  return useApiMutation<TransferDetail, TransferFinishBody>({
    ...transferChange(matNo, idTbsms),
    ...options,
    action: { kind: 'transfer.finish', request: (body) => ({ method: 'POST', path: `/transfers/${encodeURIComponent(matNo)}/finish`, body: { ...body } }) },
  });
}
