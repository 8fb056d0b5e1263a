import type { CancelRequestStatus } from '@gerai/contract';

/** What a list request asks for. */
export interface CancelListParams {
  status: CancelRequestStatus;
  size: number;
}

/** Query keys of the cancellations area (all / lists / list / details / detail, plus count and the reasons). */
export const cancelKeys = {
  all: ['cancellations'] as const,
  lists: () => [...cancelKeys.all, 'list'] as const,
  list: (params: CancelListParams) => [...cancelKeys.lists(), params] as const,
  details: () => [...cancelKeys.all, 'detail'] as const,
  /** An order's latest request (null: none). */
  detail: (shipmentNo: string) => [...cancelKeys.details(), shipmentNo] as const,
  /** All the caller's stores, or one (`count()` as a prefix matches both). */
  count: (storeCode?: string) => (storeCode ? ([...cancelKeys.all, 'count', storeCode] as const) : ([...cancelKeys.all, 'count'] as const)),
  reasons: () => [...cancelKeys.all, 'reasons'] as const,
};

/** Cancellation changes of one order (`isMutating` asks whether one is on its way). */
export const cancelMutationKey = (shipmentNo: string) => [...cancelKeys.all, 'mutate', shipmentNo] as const;
