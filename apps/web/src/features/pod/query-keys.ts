import type { PodApprovalStatus, PodRequestType } from '@gerai/contract';

/** What a queue request asks for: the status tab and the saved filters. */
export interface PodListParams {
  status: PodApprovalStatus;
  startDate: string | null;
  endDate: string | null;
  /** Part of a shipmentNo (the saved filter's query). */
  shipmentNo: string;
  size: number;
  /** One of the caller's stores (`?storeCode=`: home and monitoring open the queue of the store they count); absent: all of them. */
  storeCode?: string;
}

/** Query keys of the POD area (all / lists / list / details / detail, plus count, an order's requests and the reasons). */
export const podKeys = {
  all: ['pod'] as const,
  lists: () => [...podKeys.all, 'list'] as const,
  list: (params: PodListParams) => [...podKeys.lists(), params] as const,
  details: () => [...podKeys.all, 'detail'] as const,
  detail: (shipmentNo: string, deliveryType: string | number, type: string) => [...podKeys.details(), shipmentNo, String(deliveryType), type] as const,
  /** All the caller's stores, or one (`count()` as a prefix matches both). */
  count: (storeCode?: string) => (storeCode ? ([...podKeys.all, 'count', storeCode] as const) : ([...podKeys.all, 'count'] as const)),
  /** An order's requests, of one type or all (`orderRequests(shipmentNo)` as a prefix matches every type). */
  orderRequests: (shipmentNo: string, type?: PodRequestType) =>
    type ? ([...podKeys.all, 'order-requests', shipmentNo, type] as const) : ([...podKeys.all, 'order-requests', shipmentNo] as const),
  reasons: (kind: 'request' | 'reject') => [...podKeys.all, 'reasons', kind] as const,
};

/** POD changes of one order run one after another (mutation scope). */
export const podMutationKey = (shipmentNo: string) => [...podKeys.all, 'mutate', shipmentNo] as const;
