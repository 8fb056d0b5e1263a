import { useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { useIdempotentMutation, type WithIdempotencyKey } from '@/shared/api/use-idempotent-mutation';
import { podKeys, podMutationKey, podMutationScope } from '../query-keys';

export interface PodMutationOptions<TData, TVars> {
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: ApiError, vars: TVars) => void;
}

/**
 * Every POD change: an Idempotency-Key per user action (retries of a network
 * failure reuse it), the changes of one order one after another, and the
 * queue, its badge and the order's requests refreshed afterwards.
 */
export function usePodMutation<TVars extends object, TData>(
  shipmentNo: string,
  mutationFn: (vars: WithIdempotencyKey<TVars>) => Promise<TData>,
  options: PodMutationOptions<TData, TVars> = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: podKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: podKeys.count() });
    void queryClient.invalidateQueries({ queryKey: podKeys.orderRequests(shipmentNo) });
  };
  return useIdempotentMutation<TData, TVars>({
    mutationKey: podMutationKey(shipmentNo),
    scope: podMutationScope(shipmentNo),
    mutationFn,
    onSuccess: (data, vars) => {
      refresh();
      options.onSuccess?.(data, vars);
    },
    onError: (error, vars) => {
      refresh();
      options.onError?.(error, vars);
    },
  });
}
