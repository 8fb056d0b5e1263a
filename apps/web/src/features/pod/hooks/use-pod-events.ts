import { useEffect, useRef } from 'react';
import { startEventStream, type StreamEvent } from '@/shared/events/event-stream';

/** POD events of GET /api/events (server: modules/pod) and the completion they lead to. */
export const POD_EVENT_TYPES = ['pod.requested', 'pod.approved', 'pod.rejected', 'pod.closed', 'order.completed'] as const;

/** Listens to POD events on the session's one SSE connection while mounted. */
export function usePodEvents(onEvent: (event: StreamEvent) => void, enabled = true): void {
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  }, [onEvent]);
  useEffect(() => {
    if (!enabled) return;
    return startEventStream({ types: POD_EVENT_TYPES, onEvent: (e) => ref.current(e) });
  }, [enabled]);
}

export function eventShipmentNo(event: StreamEvent): string | null {
  return typeof event.data.shipmentNo === 'string' ? event.data.shipmentNo : null;
}
