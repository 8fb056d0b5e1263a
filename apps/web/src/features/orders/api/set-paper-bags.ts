import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface PaperBagsVars {
  qty: number;
}

/** POST /api/orders/:shipmentNo/paper-bags {qty} — 0…PAPER_BAG_MAX; bags are charged, the total follows. */
export function setPaperBags(shipmentNo: string, { qty, idempotencyKey }: PaperBagsVars & { idempotencyKey: string }): Promise<OrderDetail> {
  return api.post<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}/paper-bags`, { qty }, { idempotencyKey });
}

export function useSetPaperBags(shipmentNo: string, options?: MutationCallbacks<OrderDetail, PaperBagsVars>) {
  return useApiMutation<OrderDetail, PaperBagsVars>({ ...orderChange(shipmentNo), ...options, mutationFn: (vars) => setPaperBags(shipmentNo, vars) });
}
