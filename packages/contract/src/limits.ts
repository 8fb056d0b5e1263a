// Limits and fixed values both sides need. Free of zod on purpose: the web
// shell imports them, and the schema modules build their rules from them.

/**
 * PostgreSQL's integer (int4). Ids, quantities, prices and order totals are int4 columns,
 * so every integer the API accepts is bounded within it (a larger one would fail in the
 * database instead of answering 400).
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Longest text any field accepts; each field has its own, smaller bound. */
export const TEXT_MAX_LENGTH = 2000;

/**
 * A free text's length as the API's `text()` counts it against a field's `max`: trimmed, in UTF-16
 * units (zod's `.max`). The phone's counter counts the same way, so what it lets through is accepted.
 */
export const textLength = (value: string): number => value.trim().length;

/**
 * Calendar days the API accepts (yyyy-mm-dd, both inclusive), for dates and for the date
 * part of timestamps. Orders, filters and POD requests all fall well inside; a date outside
 * is a typo or a probe, and PostgreSQL or Date cannot represent all of them.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const;

/** Pages of a list: `page` 1…PAGE_MAX, `size` 1…PAGE_SIZE_MAX. */
export const PAGE_MAX = 100_000;
export const PAGE_SIZE_MAX = 100;

/**
 * Rupiah: a unit price a channel sends and the order total both live in int4 columns
 * (Rp 2.1 billion is far above any basket), so both are bounded by it.
 */
export const PRICE_MAX = INT4_MAX;
export const ORDER_TOTAL_MAX = INT4_MAX;

/** Picked and out-of-stock quantities of one line are whole numbers in 0…QTY_MAX. */
export const QTY_MAX = 9999;
/** Paper bags per order. */
export const PAPER_BAG_MAX = 20;
/** Plastic bags a POD may record. */
export const POD_PLASTIC_MAX = 20;

/**
 * Proof-of-delivery limits as shipped. The server's values come from config
 * (POD_RADIUS_METERS, POD_MAX_ACCURACY_METERS, POD_REQUEST_MAX_METERS,
 * POD_CAPTURE_MAX_AGE_MINUTES) and reach the web through /api/app-config; these
 * are only the defaults of that config.
 */
export const POD_DEFAULTS = {
  radiusM: 150,
  maxAccuracyM: 100,
  requestMaxM: 1000,
  /**
   * A position may reach the server at most this many minutes after it was taken (a POD made
   * offline waits in the phone's outbox); an older one no longer proves where the crew was.
   */
  captureMaxAgeMin: 120,
} as const;

/** Free texts of POD forms: minimum and maximum lengths. */
export const POD_TEXT = {
  receiverNameMin: 2,
  relationOtherMin: 2,
  nameMax: 100,
  reasonTextMin: 3,
  reasonTextMax: 500,
} as const;

/** Who took the goods; "Lainnya" (other) needs `receiverOther`. */
export const POD_RECEIVER_RELATIONS = ['Pemesan', 'Keluarga', 'Satpam', 'Rekan kerja', 'Lainnya'] as const;
export type PodReceiverRelation = (typeof POD_RECEIVER_RELATIONS)[number];
export const POD_RELATION_OTHER: PodReceiverRelation = 'Lainnya';

/** The option both reason lists get appended (spec §3, §9); choosing it needs a free text. */
export const POD_REASON_OTHER = { id: 0, label: 'Lainnya' } as const;

/**
 * What a POD approval request is for: 'order' is the delivery of an order in 1103, 'retur' the
 * collection of an approved delivery return's goods at the customer's address (the return POD).
 */
export const POD_REQUEST_TYPES = ['order', 'retur'] as const;
export type PodRequestType = (typeof POD_REQUEST_TYPES)[number];
export const POD_REQUEST_TYPE = { ORDER: 'order', RETURN: 'retur' } as const satisfies Record<string, PodRequestType>;

/** Free texts of cancellation and return forms. */
export const CANCEL_TEXT = { reasonTextMin: 3, reasonTextMax: 500, noteMax: 500 } as const;
export const RETURN_TEXT = { reasonTextMin: 3, reasonTextMax: 500, noteMax: 500 } as const;

/**
 * Return defaults: a completed order may be returned within RETURN_WINDOW_DAYS (config, default 7) of its
 * completion. Photos: at least `photosMin`, at most `photosMax`, each an image checked by its content.
 */
export const RETURN_DEFAULTS = { windowDays: 7 } as const;
export const RETURN_PHOTOS = { min: 1, max: 5 } as const;
/** Lines of one return (an order has one line per product). */
export const RETURN_LINES_MAX = 200;

/** Uploaded files (return photos, later ticket attachments): the byte limit and the types read from the content. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/**
 * Helpdesk ticket attachments (decision 94): photos and PDF, the type read from the content; at most
 * `maxFiles` per request and per ticket, each at most `maxBytes`. A ticket may be reopened by its
 * store within TICKET_REOPEN_DAYS (config, default `reopenDaysDefault`) of being resolved.
 */
export const TICKET_ATTACHMENT_TYPES = [...UPLOAD_IMAGE_TYPES, 'application/pdf'] as const;
export type TicketAttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];
export const TICKET_ATTACHMENTS = { maxFiles: 5, perTicketMax: 20, maxBytes: 5 * 1024 * 1024, fileNameMax: 120 } as const;
export const TICKET_TEXT = { descriptionMin: 5, descriptionMax: 2000, commentMax: 2000, staffNameMax: 100, searchMax: 60 } as const;
export const TICKET_REOPEN_DAYS_DEFAULT = 7;
/** The multipart field of a ticket request that carries its files (the other fields are text). */
export const TICKET_FILES_FIELD = 'attachments';
/** Attachment uploads get this long before the phone gives up (spec §9). */
export const TICKET_UPLOAD_TIMEOUT_MS = 60_000;

/**
 * Stock lookup and bookings (decision 88): how many nearby stores a lookup shows, how many stores a
 * booking proposes first, the shortest search, and the refusal note.
 */
export const STOCK_LOOKUP = { nearbyStores: 10, searchMin: 2 } as const;
/** Chat (decision 90): a message's text, a page of messages, a channel's own message id. */
export const CHAT_LIMITS = { bodyMax: 1000, pageSize: 50, pageSizeMax: 100, channelMessageIdMax: 64 } as const;
export const BOOKING_LIMITS = { proposalStores: 5, nearbyStores: 50, refuseReasonMax: 200 } as const;

/**
 * Material transfers: lines per transfer, the PIN's digits and the wrong tries before it locks, the
 * length of a note, and the least a store search needs.
 */
export const TRANSFER_LIMITS = { linesMax: 50, pinDigits: 6, pinMaxTries: 5, noteMax: 200, storeSearchMin: 2 } as const;
