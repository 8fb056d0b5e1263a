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
  /** An outbound notice to the order's channel was sent, retried or given up on. */
  'order.notice',
] as const;

export const POD_EVENT_TYPES = ['pod.requested', 'pod.approved', 'pod.rejected', 'pod.closed'] as const;

export const CANCEL_EVENT_TYPES = ['cancel.requested', 'cancel.approved', 'cancel.rejected'] as const;

export const RETURN_EVENT_TYPES = ['return.requested', 'return.approved', 'return.rejected', 'return.collected', 'return.received', 'return.refunded'] as const;

/** A stock booking changed; each is sent to both stores (the one that booked and the one addressed). */
export const BOOKING_EVENT_TYPES = ['booking.requested', 'booking.taken', 'booking.refused', 'booking.reoffered', 'booking.received', 'booking.cancelled'] as const;

/** A material transfer changed; each is sent to both stores (the sender and the receiver). */
export const TRANSFER_EVENT_TYPES = ['transfer.sent', 'transfer.cancelled', 'transfer.confirmed', 'transfer.finished', 'transfer.locked', 'transfer.unlocked', 'transfer.reissued'] as const;

/**
 * The events after which stock may have moved (decisions 87–89): a pack takes the picked units off the
 * books, a packed order's cancellation and a received return put them back, a booking moves units
 * between stores' buckets, a transfer sends, returns or receives them. The server's stock reply cache
 * and the stock screens refresh on them.
 */
export const STOCK_MOVING_EVENT_TYPES = [
  'order.packed',
  'order.cancelled',
  'return.received',
  ...BOOKING_EVENT_TYPES,
  'transfer.sent',
  'transfer.cancelled',
  'transfer.finished',
] as const;

/** A helpdesk ticket changed; written on the ticket's store stream (the helpdesk hears every store). */
export const HELPDESK_EVENT_TYPES = ['ticket.created', 'ticket.commented', 'ticket.status_changed', 'ticket.attachments_added', 'ticket.attachment_deleted'] as const;
/** Chat with the customer of a shipment: a room opened, a message either way, messages delivered or read. */
export const CHAT_EVENT_TYPES = ['chat.room.created', 'chat.message.created', 'chat.message.state'] as const;

/** A new order nobody claimed in time was escalated (ESCALATION_LEVEL): the phones of that level ring again. */
export const MONITORING_EVENT_TYPES = ['order.escalated'] as const;

export const EVENT_TYPES = [...ORDER_EVENT_TYPES, ...POD_EVENT_TYPES, ...CANCEL_EVENT_TYPES, ...RETURN_EVENT_TYPES, ...BOOKING_EVENT_TYPES, ...TRANSFER_EVENT_TYPES, ...HELPDESK_EVENT_TYPES, ...CHAT_EVENT_TYPES, ...MONITORING_EVENT_TYPES] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export type PodEventType = (typeof POD_EVENT_TYPES)[number];
export type CancelEventType = (typeof CANCEL_EVENT_TYPES)[number];
export type ReturnEventType = (typeof RETURN_EVENT_TYPES)[number];
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];
export type TransferEventType = (typeof TRANSFER_EVENT_TYPES)[number];
export type HelpdeskEventType = (typeof HELPDESK_EVENT_TYPES)[number];
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
export type MonitoringEventType = (typeof MONITORING_EVENT_TYPES)[number];

/**
 * The events after which a store's monitoring figures may differ: an order arrived, moved or was
 * escalated; work waiting on someone was asked for or decided. Scans, picking edits, notices, chat and
 * tickets change none. The server's monitoring reply cache and the monitoring page refresh on them.
 */
export const MONITORING_CHANGING_EVENT_TYPES = [
  'order.created',
  'order.claimed',
  'order.packed',
  'order.completed',
  'order.archived',
  'order.cancelled',
  ...MONITORING_EVENT_TYPES,
  ...POD_EVENT_TYPES,
  ...CANCEL_EVENT_TYPES,
  ...RETURN_EVENT_TYPES,
  ...BOOKING_EVENT_TYPES,
  'transfer.sent',
  'transfer.cancelled',
  'transfer.confirmed',
  'transfer.finished',
] as const satisfies readonly EventType[];

/**
 * Header of every API read: the newest event the answering server had heard when the read began. A phone
 * whose stream opens after its first reads resumes from the lowest it was sent, so what happened between
 * those reads and the stream (a new order) still reaches it.
 */
export const EVENT_CURSOR_HEADER = 'x-event-cursor';
