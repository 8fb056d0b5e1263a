import type { OrderDetail } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { orderChange } from './order-change';

export interface PaperBagsVars {
  qty: number;
}

/** POST /api/orders/:shipmentNo/paper-bags {qty} — 0…PAPER_BAG_MAX; bags are charged, the total follows. */
export function useSetPaperBags(shipmentNo: string, options?: MutationCallbacks<OrderDetail, PaperBagsVars>) {
  return useApiMutation<OrderDetail, PaperBagsVars>({
    ...orderChange(shipmentNo),
    ...options,
    action: { kind: 'order.paperBags', request: ({ qty }) => ({ method: 'POST', path: `/orders/${encodeURIComponent(shipmentNo)}/paper-bags`, body: { qty } }) },
  });
}
