import type { InfiniteData } from '@tanstack/react-query';
import type { PodMyRequests, PodRequestList, PodRequestSummary } from '@gerai/contract';
import { defineLive, patchFor, staleFor } from '@/shared/events/live-rule';
import { POD_LIVE_TYPES, type PodLiveEvent } from './live-events';
import { podKeys } from './query-keys';

/** A decided request as a summary shows it (null: the event decides nothing). */
function decidedBy(event: PodLiveEvent): { id: number; patch: Partial<PodRequestSummary> } | null {
  if (event.type === 'pod.approved') return { id: event.data.requestId, patch: { status: 'approved', decidedByName: event.data.deciderName, rejectReason: null } };
  if (event.type === 'pod.rejected') return { id: event.data.requestId, patch: { status: 'rejected', decidedByName: event.data.deciderName, rejectReason: event.data.rejectReason } };
  if (event.type === 'pod.closed') {
    const { reason } = event.data;
    return { id: event.data.requestId, patch: { status: 'rejected', decidedByName: null, rejectReason: { id: 0, label: reason, text: reason, display: reason } } };
  }
  return null;
}

/**
 * POD: a request or its decision (and the completion it leads to) changes the queue, its badge, the
 * order's requests and the request's detail. A decision is also written into the cached requests at
 * once (the order's, the queue's), so the saved copy says it even when no screen reads it again.
 */
export const podLive = defineLive({
  area: 'pod',
  stale: staleFor(POD_LIVE_TYPES, (e) => [podKeys.count(), podKeys.lists(), podKeys.orderRequests(e.data.shipmentNo), [...podKeys.details(), e.data.shipmentNo]]),
  patch: patchFor(POD_LIVE_TYPES, (event, { queryClient }) => {
    const decided = decidedBy(event);
    if (!decided) return false;
    const patch = (r: PodRequestSummary) => (r.id === decided.id ? { ...r, ...decided.patch } : r);
    queryClient.setQueriesData<PodMyRequests>({ queryKey: podKeys.orderRequests(event.data.shipmentNo) }, (old) => (old ? { ...old, items: old.items.map(patch) } : old));
    queryClient.setQueriesData<InfiniteData<PodRequestList>>({ queryKey: podKeys.lists() }, (old) =>
      old?.pages ? { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map(patch) })) } : old,
    );
    return true;
  }),
});
