// Push notifications (issue 28): what a phone in a pocket is told, who is told, and the words the
// phone's system shows. Zod-free: the web (its service worker and /akun) reads these at run time,
// and the server composes every notification's title and body from them (the system shows them,
// not the web app's catalogue).
import { ROLE, type RoleId } from './roles';
import { ESCALATION_LEVEL, type EscalationLevel } from './monitoring';

/**
 * The kinds of push, each about one object a person must act on:
 * - `order.new`: a new order of the store (its crew and kepala toko).
 * - `order.escalated`: a new order nobody claimed in time, to whom its level reaches (escalationReaches).
 * - `pod.request`, `cancel.request`: a request waiting for the kepala toko or an area supervisor covering the store.
 * - `booking.request`: a stock booking asked of the store.
 * - `transfer.incoming`: a material transfer sent to the store.
 * - `chat.message`: a customer's message about an order the store holds.
 * - `ticket.reply`: a helpdesk reply to the store's ticket, or the store's comment to the helpdesk.
 */
export const PUSH_KINDS = [
  'order.new',
  'order.escalated',
  'pod.request',
  'cancel.request',
  'booking.request',
  'transfer.incoming',
  'chat.message',
  'ticket.reply',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const isPushKind = (value: string): value is PushKind => (PUSH_KINDS as readonly string[]).includes(value);

/** The crew of a store: its staff and its kepala toko (users.store_code). */
const CREW: readonly RoleId[] = [ROLE.STAFF, ROLE.STORE_CHIEF];

/**
 * Who gets each kind, by role, among the people of the event's store: staff and kepala toko by
 * their store (users.store_code), an area supervisor by the stores he covers (user_stores). The
 * helpdesk gets only the store's ticket comments (every store's); a super user gets none.
 * `order.escalated` is decided per level by escalationReaches; its list is every role any level reaches.
 */
export const PUSH_RECIPIENT_ROLES: Record<PushKind, readonly RoleId[]> = {
  'order.new': CREW,
  'order.escalated': [ROLE.STAFF, ROLE.STORE_CHIEF, ROLE.AREA_SUPERVISOR],
  'pod.request': [ROLE.STORE_CHIEF, ROLE.AREA_SUPERVISOR],
  'cancel.request': [ROLE.STORE_CHIEF, ROLE.AREA_SUPERVISOR],
  'booking.request': CREW,
  'transfer.incoming': CREW,
  'chat.message': CREW,
  'ticket.reply': [ROLE.STAFF, ROLE.STORE_CHIEF, ROLE.HELPDESK],
};

/** The kinds a person with `roleId` may get at all. */
export function pushKindsFor(roleId: RoleId): PushKind[] {
  return PUSH_KINDS.filter((k) => PUSH_RECIPIENT_ROLES[k].includes(roleId));
}

/** Kinds a staff member may not switch off: the crew on shift must hear new orders. */
const STAFF_ALWAYS: readonly PushKind[] = ['order.new'];

/** The kinds a person with `roleId` may switch off on a device: every kind he gets, less a staff member's new orders. */
export function pushMutableKindsFor(roleId: RoleId): PushKind[] {
  return pushKindsFor(roleId).filter((k) => !(roleId === ROLE.STAFF && STAFF_ALWAYS.includes(k)));
}

/** How a device receives pushes: Web Push (the browser's push service) or FCM (the native host's token). */
export const PUSH_TRANSPORTS = ['webpush', 'fcm'] as const;
export type PushTransport = (typeof PUSH_TRANSPORTS)[number];

export const PUSH_LIMITS = {
  /** Devices a person keeps at most; a new one replaces the one least recently seen. */
  devicesMax: 5,
  /** The phone's own id of itself (the web app makes one per install). */
  deviceIdMax: 64,
  /** A push service's endpoint URL. */
  endpointMax: 1024,
  /** An FCM registration token (they run to about 160–250 characters; the bound leaves room, within the API's longest text). */
  fcmTokenMax: 2000,
  /** Base64url of the subscription's P-256 public key (65 bytes, uncompressed) and auth secret (16 bytes). */
  p256dhBytes: 65,
  authBytes: 16,
} as const;

/** A device id: letters, digits, `-` and `_` (a UUID fits). */
export const PUSH_DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Base64url with optional padding. */
export const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+={0,2}$/;
/**
 * An FCM registration token: its characters, at least 20 of them (the length is in the pattern, so
 * a value drawn from the published pattern is long enough too).
 */
export const FCM_TOKEN_PATTERN = /^[A-Za-z0-9_:.-]{20,}$/;

/** Where an outbox row of a push is (push_messages.status). */
export const PUSH_MESSAGE_STATUS = {
  PENDING: 'pending',
  SENT: 'sent',
  /** No longer matters (the order was claimed, a newer count replaced it) before it went out. */
  EXPIRED: 'expired',
  /** Given up on after the last attempt. */
  FAILED: 'failed',
  /** The push service said the subscription is gone (404/410): the device was removed. */
  GONE: 'gone',
} as const;
export type PushMessageStatus = (typeof PUSH_MESSAGE_STATUS)[keyof typeof PUSH_MESSAGE_STATUS];
export const PUSH_MESSAGE_STATUSES = Object.values(PUSH_MESSAGE_STATUS) as PushMessageStatus[];

// --- tags: one notification per object and kind ------------------------------------------------

/**
 * The tag of a notification: the phone shows one notification per tag (a newer one replaces it),
 * and a withdrawal names it. New orders share one per store, so ten are one notification.
 */
export const pushTag = {
  orderNew: (storeCode: string) => `order.new:${storeCode}`,
  escalation: (shipmentNo: string) => `escalation:${shipmentNo}`,
  pod: (shipmentNo: string) => `pod:${shipmentNo}`,
  cancel: (shipmentNo: string) => `cancel:${shipmentNo}`,
  booking: (bookID: number) => `booking:${bookID}`,
  transfer: (matNo: string) => `transfer:${matNo}`,
  chat: (shipmentNo: string) => `chat:${shipmentNo}`,
  ticket: (ticketId: number) => `ticket:${ticketId}`,
} as const;

// --- what a notification opens ------------------------------------------------------------------

/**
 * The screen a tap opens, as data: the web builds the path with its own route table (paths.ts), so
 * no URL is written twice. `order`: the order's detail; `orders`: the new orders list.
 */
export type PushTarget =
  | { screen: 'orders' }
  | { screen: 'order'; shipmentNo: string; statusId: number; deliveryType: number }
  | { screen: 'pod'; shipmentNo: string; deliveryType: number; type: string }
  | { screen: 'cancel'; shipmentNo: string }
  | { screen: 'booking' }
  | { screen: 'transfer'; matNo: string }
  | { screen: 'chat'; shipmentNo: string; statusId: number; deliveryType: number }
  /** `side`: the help center's side the person told is on (the store's crew, or the helpdesk's queue). */
  | { screen: 'ticket'; ticketId: number; shipmentNo: string; side: 'store' | 'helpdesk' };

/**
 * What a device receives (decrypted Web Push body; FCM `data` with each field a string, `open` as
 * JSON). A withdrawal (`withdraw: true`) closes the notification of `tag` and shows nothing. An
 * update (`renotify: false`) replaces the notification of `tag` quietly (a new order count after a claim).
 */
export interface PushPayload {
  v: 1;
  kind: PushKind;
  tag: string;
  title: string;
  body: string;
  open: PushTarget | null;
  withdraw: boolean;
  /** Ring and vibrate again (a new announcement), or replace quietly (an update). */
  renotify: boolean;
  /** When the server queued it (ISO). */
  at: string;
}

/** Urgency (RFC 8030) of each kind: new orders and escalations wake the phone at once. */
export const PUSH_URGENCY: Record<PushKind, 'high' | 'normal'> = {
  'order.new': 'high',
  'order.escalated': 'high',
  'pod.request': 'high',
  'cancel.request': 'normal',
  'booking.request': 'normal',
  'transfer.incoming': 'normal',
  'chat.message': 'high',
  'ticket.reply': 'normal',
};

/** How long a push service keeps an undelivered push (TTL, seconds): past this it no longer matters. */
export const PUSH_TTL_SECONDS: Record<PushKind, number> = {
  'order.new': 30 * 60,
  'order.escalated': 30 * 60,
  'pod.request': 2 * 3600,
  'cancel.request': 6 * 3600,
  'booking.request': 6 * 3600,
  'transfer.incoming': 24 * 3600,
  'chat.message': 2 * 3600,
  'ticket.reply': 24 * 3600,
};

// --- the words the phone's system shows --------------------------------------------------------

/** The kinds' names on /akun (each a switch per device). */
export const PUSH_KIND_LABEL: Record<PushKind, string> = {
  'order.new': 'Pesanan baru',
  'order.escalated': 'Pesanan belum diambil (eskalasi)',
  'pod.request': 'Pengajuan POD',
  'cancel.request': 'Pengajuan pembatalan',
  'booking.request': 'Booking stok dari toko lain',
  'transfer.incoming': 'MAT masuk',
  'chat.message': 'Chat pelanggan',
  'ticket.reply': 'Balasan tiket bantuan',
};

const ESCALATION_TITLE: Record<EscalationLevel, string> = {
  [ESCALATION_LEVEL.STORE]: 'Pesanan belum diambil',
  [ESCALATION_LEVEL.STORE_CHIEF]: 'Eskalasi ke Kepala Toko',
  [ESCALATION_LEVEL.AREA_SUPERVISOR]: 'Eskalasi ke Area Supervisor',
};

/** The title and body of each notification, from the object's few facts. */
export const pushText = {
  orderNew: (count: number, storeCode: string) => ({
    title: 'Pesanan baru',
    body: count <= 1 ? `1 pesanan baru menunggu di toko ${storeCode}` : `${count} pesanan baru menunggu di toko ${storeCode}`,
  }),
  escalated: (level: EscalationLevel, orderNo: string, storeCode: string, ageMinutes: number) => ({
    title: ESCALATION_TITLE[level],
    body: `Pesanan ${orderNo} di toko ${storeCode} belum diambil selama ${ageMinutes} menit`,
  }),
  podRequest: (orderNo: string, storeCode: string, requesterName: string) => ({
    title: 'Pengajuan POD',
    body: `${requesterName} meminta persetujuan POD pesanan ${orderNo} (toko ${storeCode})`,
  }),
  cancelRequest: (orderNo: string, storeCode: string, requesterName: string) => ({
    title: 'Pengajuan pembatalan',
    body: `${requesterName} mengajukan pembatalan pesanan ${orderNo} (toko ${storeCode})`,
  }),
  bookingRequest: (bookingNo: string, orderingStore: string, qty: number) => ({
    title: 'Booking stok masuk',
    body: `Toko ${orderingStore} membooking ${qty} pcs (${bookingNo})`,
  }),
  transferIncoming: (matNo: string, senderStore: string, qty: number) => ({
    title: 'MAT masuk',
    body: `Toko ${senderStore} mengirim ${qty} pcs (MAT ${matNo})`,
  }),
  chatMessage: (shipmentNo: string, text: string) => ({
    title: `Chat pelanggan · ${shipmentNo}`,
    body: text,
  }),
  ticketReply: (ticketId: number, fromHelpdesk: boolean, actorName: string) => ({
    title: fromHelpdesk ? `Balasan Helpdesk · tiket #${ticketId}` : `Komentar toko · tiket #${ticketId}`,
    body: `${actorName} menulis komentar baru`,
  }),
} as const;

/** A chat body longer than this is cut (the system shows a line or two). */
export const PUSH_BODY_MAX = 140;

/** How the order's history says how many phones an escalation reached. */
export const pushReachText = (phones: number) => `dikirim ke ${phones} ponsel`;
