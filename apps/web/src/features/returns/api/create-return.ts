import type { ReturnDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { returnChange } from './return-change';

/** What the request screen sends: lines and quantities, a reason, the ids of the photos uploaded first. */
export interface CreateReturnInput {
  shipmentNo: string;
  reasonId: number;
  /** Required with "Lainnya" (id 0). */
  reasonText?: string;
  lines: { lineId: number; qty: number }[];
  photoIds: string[];
}

/**
 * POST /api/returns (JSON) → 201 the return (requested). Refusals: 422 RETURN_QTY_EXCEEDS (more
 * than delivered minus earlier returns), 422 RETURN_WINDOW_CLOSED, 409 RETURN_ALREADY_OPEN,
 * 409 RETURN_ORDER_NOT_COMPLETED, 422 RETURN_PHOTO_UNKNOWN (a photo not uploaded by this store or
 * already attached). The form keeps its input on a refusal, so only what the quantities are
 * checked against is read again.
 */
export function useCreateReturn(shipmentNo: string, options?: MutationCallbacks<ReturnDetail, CreateReturnInput>) {
  return useApiMutation<ReturnDetail, CreateReturnInput>({
    ...returnChange(shipmentNo, { staleCodes: ['RETURN_QTY_EXCEEDS'] }),
    ...options,
    action: { kind: 'return.request', request: (body) => ({ method: 'POST', path: '/returns', body: { ...body } }) },
  });
}
