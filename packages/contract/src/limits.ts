// Limits and fixed values both sides need. Free of zod on purpose: the web
// shell imports them, and the schema modules build their rules from them.

/** Picked and out-of-stock quantities of one line are whole numbers in 0…QTY_MAX. */
export const QTY_MAX = 9999;
/** Paper bags per order. */
export const PAPER_BAG_MAX = 20;
/** Plastic bags a POD may record. */
export const POD_PLASTIC_MAX = 20;

/**
 * Proof-of-delivery limits as shipped. The server's values come from config
 * (POD_RADIUS_METERS, POD_MAX_ACCURACY_METERS, POD_REQUEST_MAX_METERS) and reach
 * the web through /api/app-config; these are only the defaults of that config.
 */
export const POD_DEFAULTS = {
  radiusM: 150,
  maxAccuracyM: 100,
  requestMaxM: 1000,
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

/** What a POD approval request is for; 'order' is the delivery of an order in 1103. */
export const POD_REQUEST_TYPES = ['order'] as const;
export type PodRequestType = (typeof POD_REQUEST_TYPES)[number];
