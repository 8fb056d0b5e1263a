import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { RETURN_EVENT_TYPES } from '@gerai/contract/event-types';
import type { ReturnDetail, ReturnList } from '@gerai/contract';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { returnKeys } from '../query-keys';

type ReturnEvent = StreamEvent<(typeof RETURN_EVENT_TYPES)[number]>;

/**
 * A return's step taken on another phone, written into this phone's cached copy at once: the
 * return's status in its detail (its actions are cleared: they belonged to the old status, and the
 * refetch brings the new ones) and in the lists; the counts and lists are read again when shown.
 * A detail on screen is left to its page, which says who moved it.
 */
export function applyReturnEvent(queryClient: QueryClient, event: ReturnEvent): void {
  const { shipmentNo, status } = event.data;
  const detailKey = returnKeys.detail(shipmentNo);
  const shown = (queryClient.getQueryCache().find({ queryKey: detailKey })?.getObserversCount() ?? 0) > 0;
  if (!shown) {
    queryClient.setQueryData<ReturnDetail>(detailKey, (old) => (old && old.status !== status ? { ...old, status, actions: [] } : old));
    void queryClient.invalidateQueries({ queryKey: detailKey });
  }
  queryClient.setQueriesData<InfiniteData<ReturnList>>({ queryKey: returnKeys.lists() }, (old) =>
    old?.pages ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map((r) => (r.shipmentNo === shipmentNo ? { ...r, status } : r)) })) } : old,
  );
  void queryClient.invalidateQueries({ queryKey: returnKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: returnKeys.count() });
}

/** The live side of returns, mounted once in the signed-in shell: every phone's saved copy follows a return's steps. */
export default function ReturnLiveUpdates() {
  const queryClient = useQueryClient();
  useEvents(RETURN_EVENT_TYPES, (event) => applyReturnEvent(queryClient, event));
  return null;
}
