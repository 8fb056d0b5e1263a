/** Query keys of the orders area (all / lists / list / details / detail, plus count). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...orderKeys.lists(), params] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (shipmentNo: string) => [...orderKeys.details(), shipmentNo] as const,
  count: () => [...orderKeys.all, 'count'] as const,
};
