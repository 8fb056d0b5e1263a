import type { InfiniteData } from '@tanstack/react-query';
import { RETURN_EVENT_TYPES, type ReturnDetail, type ReturnList } from '@gerai/contract';
import { defineLive, patchFor, staleFor } from '@/shared/events/live-rule';
import { returnKeys } from './query-keys';

/**
 * Returns: a return's step changes its detail, the lists and the counts. The new status is written
 * into the cached copy at once — in the lists, and in a detail no screen shows (its actions cleared:
 * they belonged to the old status, and the read brings the new ones); a detail on screen is read
 * again, and its page says who moved it.
 */
export const returnsLive = defineLive({
  area: 'returns',
  stale: staleFor(RETURN_EVENT_TYPES, (e) => [returnKeys.detail(e.data.shipmentNo), returnKeys.lists(), returnKeys.count()]),
  patch: patchFor(RETURN_EVENT_TYPES, (e, { queryClient }) => {
    const { shipmentNo, status } = e.data;
    const detailKey = returnKeys.detail(shipmentNo);
    const shown = (queryClient.getQueryCache().find({ queryKey: detailKey })?.getObserversCount() ?? 0) > 0;
    if (!shown) queryClient.setQueryData<ReturnDetail>(detailKey, (old) => (old && old.status !== status ? { ...old, status, actions: [] } : old));
    queryClient.setQueriesData<InfiniteData<ReturnList>>({ queryKey: returnKeys.lists() }, (old) =>
      old?.pages ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map((r) => (r.shipmentNo === shipmentNo ? { ...r, status } : r)) })) } : old,
    );
    return true;
  }),
});
