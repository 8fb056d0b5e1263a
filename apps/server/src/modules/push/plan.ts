import {
  escalationReaches,
  ORDER_STATUS,
  PUSH_BODY_MAX,
  PUSH_RECIPIENT_ROLES,
  pushTag,
  pushText,
  ROLE,
  type EventType,
  type PushKind,
  type PushTarget,
  type RoleId,
} from '@gerai/contract';
import type { DomainEvent } from '../../platform/audit';

// Who gets what per event: a pure table from a change's event to the pushes it announces or
// withdraws. The outbox (outbox.ts) turns a step into rows for the devices of the people it names,
// read from current membership in the change's own transaction.

/** The people a push goes to: a role's people of one store (or every helpdesk member). */
export interface Audience {
  /** The store whose people are meant: staff and kepala toko by users.store_code, area supervisors by user_stores. */
  storeCode: string | null;
  roles: readonly RoleId[];
  /** Every helpdesk member (a store's ticket comment), whatever the store. */
  helpdesk?: boolean;
}

export interface Announce {
  do: 'announce';
  kind: PushKind;
  tag: string;
  audience: Audience;
  /** The words, or (new orders) the store whose waiting count makes them. */
  text: { title: string; body: string } | { orderNewCount: string };
  open: PushTarget | null;
  /** The order it is about (an escalation's reach is shown on the order's history). */
  shipmentNo?: string;
  /** Which step of the object (an escalation's level). */
  ref?: string;
}

export interface Withdraw {
  do: 'withdraw';
  kind: PushKind;
  tag: string;
}

/** New orders left after one was claimed or cancelled: a quiet update of the count, or a withdrawal at none. */
export interface Recount {
  do: 'recount';
  storeCode: string;
}

export type PushStep = Announce | Withdraw | Recount;

/** The event types that may lead to a push: the dispatcher is kicked after a commit that wrote one. */
export const PUSHING_EVENT_TYPES = [
  'order.created',
  'order.claimed',
  'order.cancelled',
  'order.escalated',
  'pod.requested',
  'pod.approved',
  'pod.rejected',
  'pod.closed',
  'cancel.requested',
  'cancel.approved',
  'cancel.rejected',
  'booking.requested',
  'booking.reoffered',
  'booking.taken',
  'booking.refused',
  'booking.cancelled',
  'transfer.sent',
  'transfer.finished',
  'transfer.cancelled',
  'chat.message.created',
  'chat.message.state',
  'ticket.commented',
] as const satisfies readonly EventType[];

const pushing = new Set<string>(PUSHING_EVENT_TYPES);
export const mayPush = (type: string): boolean => pushing.has(type);

const cut = (text: string) => (text.length > PUSH_BODY_MAX ? `${text.slice(0, PUSH_BODY_MAX - 1)}…` : text);

/** The roles that get an escalation of `level`, among those that get escalations at all. */
const escalationRoles = (level: Parameters<typeof escalationReaches>[0]) =>
  PUSH_RECIPIENT_ROLES['order.escalated'].filter((r) => escalationReaches(level, r));

/** Facts of an event the table cannot read from its payload: the order a chat is about, who commented on a ticket. */
export interface PlanFacts {
  order?: { statusId: number; deliveryType: number } | null;
  actorRoleId?: RoleId | null;
}

/** What facts `event` needs read before it is planned (none for most). */
export function factsNeeded(event: DomainEvent<EventType>): 'order' | 'actor' | null {
  if (event.type === 'chat.message.created') return 'order';
  if (event.type === 'ticket.commented') return 'actor';
  return null;
}

/** The pushes an event calls for. */
export function planFor(event: DomainEvent<EventType>, facts: PlanFacts = {}): PushStep[] {
  const store = event.storeCode;
  const e = event as { [T in EventType]: DomainEvent<T> }[EventType];
  switch (e.type) {
    case 'order.created':
      if (!store) return [];
      return [
        {
          do: 'announce',
          kind: 'order.new',
          tag: pushTag.orderNew(store),
          audience: { storeCode: store, roles: PUSH_RECIPIENT_ROLES['order.new'] },
          text: { orderNewCount: store },
          open: { screen: 'orders' },
        },
      ];
    case 'order.claimed':
    case 'order.cancelled': {
      const steps: PushStep[] = [{ do: 'withdraw', kind: 'order.escalated', tag: pushTag.escalation(e.payload.shipmentNo) }];
      if (store && e.payload.fromStatus === ORDER_STATUS.NEW) steps.push({ do: 'recount', storeCode: store });
      return steps;
    }
    case 'order.escalated': {
      const p = e.payload;
      if (!store) return [];
      return [
        {
          do: 'announce',
          kind: 'order.escalated',
          tag: pushTag.escalation(p.shipmentNo),
          audience: { storeCode: store, roles: escalationRoles(p.level) },
          text: pushText.escalated(p.level, p.orderNo, store, p.ageMinutes),
          open: { screen: 'order', shipmentNo: p.shipmentNo, statusId: p.statusId, deliveryType: p.deliveryType },
          shipmentNo: p.shipmentNo,
          ref: String(p.level),
        },
      ];
    }
    case 'pod.requested': {
      const p = e.payload;
      if (!store) return [];
      return [
        {
          do: 'announce',
          kind: 'pod.request',
          tag: pushTag.pod(p.shipmentNo),
          audience: { storeCode: store, roles: PUSH_RECIPIENT_ROLES['pod.request'] },
          text: pushText.podRequest(p.orderNo, store, p.requesterName),
          open: { screen: 'pod', shipmentNo: p.shipmentNo, deliveryType: p.deliveryType, type: p.type },
        },
      ];
    }
    case 'pod.approved':
    case 'pod.rejected':
    case 'pod.closed':
      return [{ do: 'withdraw', kind: 'pod.request', tag: pushTag.pod(e.payload.shipmentNo) }];
    case 'cancel.requested': {
      const p = e.payload;
      if (!store) return [];
      return [
        {
          do: 'announce',
          kind: 'cancel.request',
          tag: pushTag.cancel(p.shipmentNo),
          audience: { storeCode: store, roles: PUSH_RECIPIENT_ROLES['cancel.request'] },
          text: pushText.cancelRequest(p.orderNo, store, p.requesterName),
          open: { screen: 'cancel', shipmentNo: p.shipmentNo },
        },
      ];
    }
    case 'cancel.approved':
    case 'cancel.rejected':
      return [{ do: 'withdraw', kind: 'cancel.request', tag: pushTag.cancel(e.payload.shipmentNo) }];
    case 'booking.requested':
    case 'booking.reoffered': {
      const p = e.payload;
      const announce: Announce = {
        do: 'announce',
        kind: 'booking.request',
        tag: pushTag.booking(p.bookID),
        // The store asked: a booking is written on both stores' streams, but only the serving store acts.
        audience: { storeCode: p.servingStore, roles: PUSH_RECIPIENT_ROLES['booking.request'] },
        text: pushText.bookingRequest(p.bookingNo, p.orderingStore, p.qtyOos),
        open: { screen: 'booking' },
      };
      // Offered to another store: the one asked before no longer needs to act.
      return e.type === 'booking.reoffered' ? [{ do: 'withdraw', kind: 'booking.request', tag: announce.tag }, announce] : [announce];
    }
    case 'booking.taken':
    case 'booking.refused':
    case 'booking.cancelled':
      return [{ do: 'withdraw', kind: 'booking.request', tag: pushTag.booking(e.payload.bookID) }];
    case 'transfer.sent': {
      const p = e.payload;
      return [
        {
          do: 'announce',
          kind: 'transfer.incoming',
          tag: pushTag.transfer(p.matNo),
          audience: { storeCode: p.receiverStore, roles: PUSH_RECIPIENT_ROLES['transfer.incoming'] },
          text: pushText.transferIncoming(p.matNo, p.senderStore, p.qtySent),
          open: { screen: 'transfer', matNo: p.matNo },
        },
      ];
    }
    case 'transfer.finished':
    case 'transfer.cancelled':
      return [{ do: 'withdraw', kind: 'transfer.incoming', tag: pushTag.transfer(e.payload.matNo) }];
    case 'chat.message.created': {
      const { shipmentNo, message } = e.payload;
      // Only the customer's messages: the crew's own are on their screens already.
      if (!store || message.sender !== 'customer' || !facts.order) return [];
      return [
        {
          do: 'announce',
          kind: 'chat.message',
          tag: pushTag.chat(shipmentNo),
          audience: { storeCode: store, roles: PUSH_RECIPIENT_ROLES['chat.message'] },
          text: pushText.chatMessage(shipmentNo, cut(message.body ?? (message.photo ? 'Mengirim foto' : ''))),
          open: { screen: 'chat', shipmentNo, statusId: facts.order.statusId, deliveryType: facts.order.deliveryType },
        },
      ];
    }
    case 'chat.message.state':
      // The crew read the customer's messages: the chat's notification goes from every phone.
      return e.payload.sender === 'customer' && e.payload.state === 'read' ? [{ do: 'withdraw', kind: 'chat.message', tag: pushTag.chat(e.payload.shipmentNo) }] : [];
    case 'ticket.commented': {
      const p = e.payload;
      const fromHelpdesk = facts.actorRoleId === ROLE.HELPDESK || facts.actorRoleId === ROLE.SUPER_USER;
      return [
        {
          do: 'announce',
          kind: 'ticket.reply',
          tag: pushTag.ticket(p.ticketId),
          // The helpdesk's reply reaches the ticket's store; the store's comment reaches the helpdesk.
          audience: fromHelpdesk ? { storeCode: store, roles: [ROLE.STAFF, ROLE.STORE_CHIEF] } : { storeCode: null, roles: [ROLE.HELPDESK], helpdesk: true },
          text: pushText.ticketReply(p.ticketId, fromHelpdesk, p.actorName),
          open: { screen: 'ticket', ticketId: p.ticketId, shipmentNo: p.shipmentNo, side: fromHelpdesk ? 'store' : 'helpdesk' },
        },
      ];
    }
    default:
      return [];
  }
}
