import { z } from 'zod';
import type { EventType } from './event-types';
import { CHAT_MESSAGE_STATES, CHAT_SENDERS } from './chat';
import { ESCALATION_LEVELS } from './monitoring';
import { POD_REQUEST_TYPES } from './limits';
import { chatMessageSchema } from './schemas/chat';
import { CHANNEL_NOTICE_KINDS, CHANNEL_NOTICE_STATUSES, MAT_STATUSES, TICKET_STATUSES, type ReturnStatus } from './workflow-statuses';

// The event catalogue: every event type and the schema of its payload. The
// server can record only these (recordChange is typed by it, and a test parses
// every payload the database writes, SQL functions included); the web receives
// `EventData<T>`: the payload plus the store and time the stream adds.

const int = () => z.number().int();

/**
 * Fields of every status change of an order (the server's order lifecycle
 * writes them). `action` is the lifecycle action, one per event type, so the
 * lifecycle table cannot pair an action with another action's event.
 */
const statusChange = <A extends string>(action: A) => ({
  shipmentNo: z.string(),
  orderNo: z.string(),
  fromStatus: int(),
  statusId: int(),
  action: z.literal(action),
  actorName: z.string(),
});

/** Fields of every change within a status (picking edits, scans). */
const orderUpdate = <A extends readonly [string, ...string[]]>(actions: A) => ({
  shipmentNo: z.string(),
  statusId: int(),
  action: z.enum(actions),
  actorName: z.string(),
});

/** `type`: what the request is for (POD_REQUEST_TYPES); optional so events from before it was sent still parse. */
const podBase = { shipmentNo: z.string(), orderNo: z.string(), requestId: int(), type: z.enum(POD_REQUEST_TYPES).optional() };

const cancelBase = { shipmentNo: z.string(), orderNo: z.string(), requestId: int() };

/**
 * Fields of every step of a stock booking: its state after the step. Sent to the store that booked
 * (`orderingStore`) and the store it is addressed to (`servingStore`), each on its own stream.
 */
const bookingStep = <A extends string>(action: A) => ({
  action: z.literal(action),
  bookID: int(),
  bookDetID: int(),
  bookingNo: z.string(),
  shipmentNo: z.string(),
  productId: z.string(),
  qtyOos: int(),
  status: int(),
  orderingStore: z.string(),
  servingStore: z.string(),
  storeTaken: z.string().nullable(),
  stockTaken: int().nullable(),
  actorName: z.string(),
});

/**
 * Fields of every step of a material transfer: its state after the step. Sent to the sender and the
 * receiver, each on its own stream (an area supervisor of either hears it there). Never the PIN.
 */
const transferStep = <A extends string>(action: A) => ({
  action: z.literal(action),
  matNo: z.string(),
  idTbsms: z.string(),
  matStatus: z.enum(MAT_STATUSES),
  senderStore: z.string(),
  receiverStore: z.string(),
  locked: z.boolean(),
  actorName: z.string(),
});

/** Fields of every step of a return: the status it reached and who took the step. */
const returnStep = <S extends ReturnStatus>(status: S) => ({
  shipmentNo: z.string(),
  orderNo: z.string(),
  returnId: int(),
  status: z.literal(status),
  actorName: z.string(),
});

const chosenReason = z.object({ id: int(), label: z.string(), text: z.string().nullable(), display: z.string() }).strict();

/** Every ticket event: which ticket, its status after the change, who changed it. */
const ticketBase = { ticketId: int(), shipmentNo: z.string(), status: z.enum(TICKET_STATUSES), actorName: z.string() };

export const EVENT_CATALOGUE = {
  'order.created': z
    .object({ shipmentNo: z.string(), orderNo: z.string(), appId: int(), statusId: int(), deliveryType: int(), price: int() })
    .strict(),
  'order.claimed': z.object({ ...statusChange('claim'), pickerName: z.string() }).strict(),
  // Written by the SQL function order_scan_batch (migration 0003), not by TypeScript.
  'order.scanned': z
    .object({ ...orderUpdate(['scan']), lineId: int(), productID: z.string(), qtyPicked: int(), qty: int() })
    .strict(),
  'order.updated': z
    .object({
      ...orderUpdate(['set_quantity', 'set_out_of_stock', 'set_paper_bags', 'reset_picking']),
      lineId: int().optional(),
      productID: z.string().optional(),
      qtyPicked: int().optional(),
      attrQtyOos: int().optional(),
      paperBags: int().optional(),
      reset: z.literal(true).optional(),
    })
    .strict(),
  'order.packed': z.object(statusChange('pack')).strict(),
  'order.completed': z
    .object({
      ...statusChange('confirm'),
      /** Pickup handover: who received the goods. */
      receiverName: z.string().optional(),
      /** Delivery: completed by proof of delivery (scan and go, or an approved request). */
      pod: z.boolean().optional(),
      approved: z.boolean().optional(),
      requestId: int().optional(),
      approverName: z.string().optional(),
      distanceM: z.number().nullable().optional(),
      accuracy: z.number().optional(),
      receiverRelation: z.string().optional(),
      plasticQty: int().optional(),
      /** The phone's own view of scan and go; recorded, never trusted. */
      clientIsValidate: z.boolean().optional(),
      /** POD: when the phone took the position decided on (null: an approved request from before capture times were kept). */
      capturedAt: z.string().nullable().optional(),
    })
    .strict(),
  'order.archived': z.object(statusChange('archive')).strict(),
  'order.cancelled': z.object({ ...statusChange('cancel'), reason: z.string().nullable() }).strict(),
  'pod.requested': z
    .object({
      ...podBase,
      deliveryType: int(),
      type: z.enum(POD_REQUEST_TYPES),
      requesterName: z.string(),
      reason: z.string(),
      distanceM: z.number().nullable(),
      /** When the phone took the request's position; optional so events from before it was recorded still parse. */
      capturedAt: z.string().optional(),
    })
    .strict(),
  'pod.approved': z.object({ ...podBase, deciderName: z.string(), distanceM: z.number().nullable() }).strict(),
  'pod.rejected': z
    .object({ ...podBase, deciderName: z.string(), requestedBy: int().nullable(), rejectReason: chosenReason })
    .strict(),
  'pod.closed': z.object({ ...podBase, reason: z.string() }).strict(),
  'order.notice': z
    .object({ shipmentNo: z.string(), kind: z.enum(CHANNEL_NOTICE_KINDS), status: z.enum(CHANNEL_NOTICE_STATUSES), attempts: int() })
    .strict(),
  'cancel.requested': z
    .object({ ...cancelBase, statusId: int(), requesterName: z.string(), reason: z.string() })
    .strict(),
  'cancel.approved': z.object({ ...cancelBase, deciderName: z.string(), reason: z.string() }).strict(),
  'cancel.rejected': z.object({ ...cancelBase, deciderName: z.string(), note: z.string() }).strict(),
  'return.requested': z.object({ ...returnStep('requested'), reason: z.string() }).strict(),
  'return.approved': z.object(returnStep('approved')).strict(),
  'return.rejected': z.object({ ...returnStep('rejected'), note: z.string() }).strict(),
  'return.collected': z.object({ ...returnStep('collected'), distanceM: z.number().nullable() }).strict(),
  'return.received': z.object({ ...returnStep('received'), sellable: int(), damaged: int() }).strict(),
  'return.refunded': z.object(returnStep('refunded')).strict(),
  'booking.requested': z.object(bookingStep('requested')).strict(),
  'booking.taken': z.object(bookingStep('taken')).strict(),
  'booking.refused': z.object({ ...bookingStep('refused'), reason: z.string().nullable() }).strict(),
  'booking.reoffered': z.object(bookingStep('reoffered')).strict(),
  'booking.received': z.object(bookingStep('received')).strict(),
  'booking.cancelled': z.object(bookingStep('cancelled')).strict(),
  'transfer.sent': z.object({ ...transferStep('sent'), lineCount: int(), qtySent: int() }).strict(),
  'transfer.cancelled': z.object(transferStep('cancelled')).strict(),
  'transfer.confirmed': z.object({ ...transferStep('confirmed'), method: z.enum(['pin', 'qr']) }).strict(),
  /** `qtyShort`: units sent and not received (a discrepancy when above 0). */
  'transfer.finished': z.object({ ...transferStep('finished'), qtySent: int(), qtyReceived: int(), qtyShort: int() }).strict(),
  'transfer.locked': z.object(transferStep('locked')).strict(),
  'transfer.unlocked': z.object(transferStep('unlocked')).strict(),
  'transfer.reissued': z.object(transferStep('reissued')).strict(),
  'ticket.created': z.object({ ...ticketBase, problem: z.string(), attachmentCount: int() }).strict(),
  'ticket.commented': z.object({ ...ticketBase, commentId: int(), attachmentCount: int() }).strict(),
  'ticket.status_changed': z.object({ ...ticketBase, from: z.enum(TICKET_STATUSES) }).strict(),
  'ticket.attachments_added': z.object({ ...ticketBase, attachmentCount: int() }).strict(),
  'ticket.attachment_deleted': z.object({ ...ticketBase, attachmentId: int() }).strict(),
  'chat.room.created': z.object({ shipmentNo: z.string(), orderNo: z.string(), roomId: int(), openedBy: z.enum(CHAT_SENDERS) }).strict(),
  'chat.message.created': z.object({ shipmentNo: z.string(), roomId: int(), message: chatMessageSchema.strict() }).strict(),
  /** Messages of one sender that reached `state` (store: delivered, read or failed; customer: read by the crew). */
  'chat.message.state': z
    .object({ shipmentNo: z.string(), roomId: int(), sender: z.enum(CHAT_SENDERS), messageIds: z.array(int()), state: z.enum(CHAT_MESSAGE_STATES) })
    .strict(),
  // A new order nobody claimed within ESCALATION minutes of its arrival; escalationReaches() says whose phones ring.
  'order.escalated': z
    .object({
      shipmentNo: z.string(),
      orderNo: z.string(),
      appId: int(),
      deliveryType: int(),
      statusId: int(),
      level: z.union(ESCALATION_LEVELS.map((l) => z.literal(l))),
      ageMinutes: int(),
    })
    .strict(),
} satisfies { [K in EventType]: z.ZodType };

/** What a producer writes for an event of type T. */
export type EventPayload<T extends EventType> = z.input<(typeof EVENT_CATALOGUE)[T]>;

/** What a subscriber receives: the payload plus the event's store and time (added by the stream). */
export type EventData<T extends EventType> = z.output<(typeof EVENT_CATALOGUE)[T]> & { storeCode: string | null; at: string };

/** Parses a stored payload against the catalogue; throws for an unknown type or a payload that does not match. */
export function parseEventPayload<T extends EventType>(type: T, payload: unknown): EventPayload<T> {
  const schema = (EVENT_CATALOGUE as Record<string, z.ZodType>)[type];
  if (!schema) throw new Error(`unknown event type ${type}`);
  return schema.parse(payload) as EventPayload<T>;
}
