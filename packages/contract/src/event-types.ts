// The names of every live event (GET /api/events), by area. Zod-free: the web
// subscribes with them. Their payload schemas are the catalogue in events.ts,
// which must name exactly these types (the compiler checks both ways).

export const ORDER_EVENT_TYPES = [
  'order.created',
  'order.claimed',
  'order.scanned',
  'order.updated',
  'order.packed',
  'order.completed',
  'order.archived',
  'order.cancelled',
] as const;

export const POD_EVENT_TYPES = ['pod.requested', 'pod.approved', 'pod.rejected', 'pod.closed'] as const;

export const EVENT_TYPES = [...ORDER_EVENT_TYPES, ...POD_EVENT_TYPES] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export type PodEventType = (typeof POD_EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
