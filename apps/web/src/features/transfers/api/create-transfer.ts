import type { TransferCreateBody, TransferWithSecret } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { transferCreateMutationKey } from '../query-keys';
import { TRANSFER_TOUCHED, writeTransfer } from './transfer-change';

/** What the send screen sends. A press after a lost answer sends the same draft with `resend` and the key it was first sent with. */
export type CreateTransferInput = TransferCreateBody;

/**
 * POST /api/transfers → the new transfer (`new`) and its secret (the PIN and QR value, answered this
 * once; `null` on a replay). The units leave my store's sellable stock for its in-transit bucket.
 * Not queued: the screen needs the PIN at once, so it is sent while online only (decision 89).
 * Refusals: 422 TRANSFER_SAME_STORE, STORE_UNKNOWN, TRANSFER_PRODUCT_UNKNOWN; 409 TRANSFER_STOCK_SHORT.
 */
export function useCreateTransfer(options?: MutationCallbacks<TransferWithSecret, CreateTransferInput>) {
  return useApiMutation<TransferWithSecret, CreateTransferInput>({
    mutationKey: transferCreateMutationKey,
    write: (queryClient, data) => writeTransfer(queryClient, data.transfer),
    invalidate: TRANSFER_TOUCHED,
    // My stock was not what the screen thought: the product search reads it again.
    refetchOnError: { keys: [['stock']], codes: ['TRANSFER_STOCK_SHORT', 'TRANSFER_PRODUCT_UNKNOWN'] },
    ...options,
    mutationFn: ({ idempotencyKey, ...body }) => api.post<TransferWithSecret>('/transfers', body, { idempotencyKey }),
  });
}
