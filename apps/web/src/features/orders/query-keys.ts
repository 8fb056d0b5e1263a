/** What a list request asks for: status id(s) and the saved filters. */
export interface OrderListParams {
  /** One status or a comma list (history: "1105"). */
  status: string;
  startDate: string | null;
  endDate: string | null;
  query: string;
  appId: number | null;
  size: number;
}

/** Query keys of the orders area (all / lists / list / details / detail, plus count). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (shipmentNo: string) => [...orderKeys.details(), shipmentNo] as const,
  count: () => [...orderKeys.all, 'count'] as const,
};

/** Changes of one order (`isMutating` asks whether one is on its way). */
export const orderMutationKey = (shipmentNo: string) => [...orderKeys.all, 'mutate', shipmentNo] as const;
