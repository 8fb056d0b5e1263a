import { CANCEL_EVENT_TYPES } from '@gerai/contract';
import { defineLive, staleFor } from '@/shared/events/live-rule';
import { cancelKeys } from './query-keys';

/** What the cancellation screens follow: the contract's cancel events and the cancellation itself (a direct one has no request event of its own). */
const CANCEL_LIVE_TYPES = [...CANCEL_EVENT_TYPES, 'order.cancelled'] as const;

/** Cancellations: a request asked for or decided (or an order cancelled) changes the queue, its count and the order's request. */
export const cancellationsLive = defineLive({
  area: 'cancellations',
  stale: staleFor(CANCEL_LIVE_TYPES, (e) => [cancelKeys.count(), cancelKeys.lists(), cancelKeys.detail(e.data.shipmentNo)]),
});
