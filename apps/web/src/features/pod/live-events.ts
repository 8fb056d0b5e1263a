import { POD_EVENT_TYPES, type PodEventType } from '@gerai/contract';
import type { StreamEvent } from '@/shared/events/event-stream';

/** What the POD screens listen to: the contract's POD events and the completion they lead to (approval, or scan and go closing a request). */
export const POD_LIVE_TYPES = [...POD_EVENT_TYPES, 'order.completed'] as const;
export type PodLiveEvent = StreamEvent<PodEventType | 'order.completed'>;
