import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { useIdempotentMutation, type WithIdempotencyKey } from '@/shared/api/use-idempotent-mutation';
import { orderKeys, orderMutationKey, orderMutationScope } from '../query-keys';
import { newerOrder } from './get-order';

export interface OrderMutationOptions<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: ApiError, vars: TVars) => void;
}

/** How a reply updates the cached detail; by default the reply is the new detail. */
export type DetailUpdate<TData> = (old: OrderDetail | undefined, data: TData) => OrderDetail | undefined;

const replaceDetail: DetailUpdate<OrderDetail> = (old, data) => newerOrder(old, data);

/** Error codes after which what the screen shows is out of date. */
const STALE_CODES = new Set(['ORDER_STATUS_CHANGED', 'ORDER_ALREADY_CLAIMED', 'CONFLICT', 'LINES_UNRESOLVED', 'QUANTITY_EXCEEDS_ORDER', 'OOS_EXCEEDS_REMAINING', 'NOT_FOUND']);

/**
 * Every order change: an Idempotency-Key per user action (retries of a network
 * failure reuse it, so the server applies it once), changes of one order run one
 * after another (mutation scope), and the reply updates the cached detail at
 * once (`updateDetail`; by default the reply is the detail); counts and lists are refreshed.
 */
export function useOrderMutation<TVars extends object, TData = OrderDetail>(
  shipmentNo: string,
  mutationFn: (vars: WithIdempotencyKey<TVars>) => Promise<TData>,
  options: OrderMutationOptions<TData, TVars> = {},
  updateDetail: DetailUpdate<TData> = replaceDetail as unknown as DetailUpdate<TData>,
) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<TData, TVars>({
    mutationKey: orderMutationKey(shipmentNo),
    scope: orderMutationScope(shipmentNo),
    mutationFn,
    onSuccess: async (data, vars) => {
      const key = orderKeys.detail(shipmentNo);
      // A read started before this change must not land after it.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<OrderDetail>(key, (old) => updateDetail(old, data));
      void queryClient.invalidateQueries({ queryKey: orderKeys.count() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      options.onSuccess?.(data, vars);
    },
    onError: (error, vars) => {
      if (STALE_CODES.has(error.code)) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(shipmentNo) });
      options.onError?.(error, vars);
    },
  });
}
