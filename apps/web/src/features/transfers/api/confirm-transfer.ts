import type { TransferDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { transferChange } from './transfer-change';

/** The PIN typed, or the QR scanned (its whole value). */
export type ConfirmTransferInput = { pin: string; qr?: never } | { qr: string; pin?: never };

/**
 * POST /api/transfers/by-tbsms/:idTbsms/confirm → `new` → `process` (the goods are here, to be
 * counted). Not queued: the crew waits for the verdict. 422 TRANSFER_PIN_WRONG (the tries left in
 * its details), 423 TRANSFER_LOCKED (5 wrong), 422 TRANSFER_QR_INVALID (another transfer's or not a
 * MAT QR; no try counted), 409 TRANSFER_STATUS_CHANGED, 403 TRANSFER_NOT_RECEIVER.
 */
export function useConfirmTransfer(matNo: string, idTbsms: string, options?: MutationCallbacks<TransferDetail, ConfirmTransferInput>) {
  return useApiMutation<TransferDetail, ConfirmTransferInput>({
    ...transferChange(matNo, idTbsms),
    ...options,
    mutationFn: ({ idempotencyKey, ...body }) => api.post<TransferDetail>(`/transfers/by-tbsms/${encodeURIComponent(idTbsms)}/confirm`, body, { idempotencyKey }),
  });
}
