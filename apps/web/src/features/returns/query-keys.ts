import type { ReturnStatus } from '@gerai/contract';

/** What a list request asks for: the status tab and the search text. */
export interface ReturnListParams {
  status: ReturnStatus;
  /** Part of a shipmentNo, orderNo or customer name; '' for all. */
  query: string;
  size: number;
}

/**
 * Query keys of the returns area (all / lists / list / details / detail, plus the counts, what an
 * order may return and the reasons). Every key starts with 'returns': the spec's close type
 * close-modal-retur refetches them all.
 */
export const returnKeys = {
  all: ['returns'] as const,
  lists: () => [...returnKeys.all, 'list'] as const,
  list: (params: ReturnListParams) => [...returnKeys.lists(), params] as const,
  details: () => [...returnKeys.all, 'detail'] as const,
  detail: (shipmentNo: string) => [...returnKeys.details(), shipmentNo] as const,
  /** The active store, or one named (`count()` as a prefix matches both). */
  count: (storeCode?: string) => (storeCode ? ([...returnKeys.all, 'count', storeCode] as const) : ([...returnKeys.all, 'count'] as const)),
  returnable: (shipmentNo: string) => [...returnKeys.all, 'returnable', shipmentNo] as const,
  reasons: () => [...returnKeys.all, 'reasons'] as const,
};

/** Return changes of one order run one after another (mutation scope). */
export const returnMutationKey = (shipmentNo: string) => [...returnKeys.all, 'mutate', shipmentNo] as const;
