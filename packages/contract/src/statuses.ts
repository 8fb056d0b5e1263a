/** Order status ids as the channels and the spec know them. */
export const ORDER_STATUS = {
  NEW: 1101,
  PACKING: 1102,
  IN_PROGRESS: 1103,
  COMPLETED: 1104,
  HISTORY: 1105,
  CANCELLED: 1106,
  HISTORY_CANCELLED: 1107,
} as const;

export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_IDS = Object.values(ORDER_STATUS) as OrderStatusId[];

export function isOrderStatusId(value: number): value is OrderStatusId {
  return (ORDER_STATUS_IDS as number[]).includes(value);
}

/** Indonesian tab label per status, in the order the tabs are shown. */
export const ORDER_STATUS_LABEL: Record<OrderStatusId, string> = {
  1101: 'Baru',
  1102: 'Picking',
  1103: 'Proses',
  1104: 'Selesai',
  1105: 'History Pesanan',
  1106: 'Batal',
  1107: 'History Batal',
};

/** The action button each status offers (spec section 4). */
export const ORDER_STATUS_ACTION: Partial<Record<OrderStatusId, string>> = {
  1101: 'Packing',
  1102: 'Scan Packing',
  1103: 'Konfirmasi',
  1104: 'Selesai',
};

/** The list route each status returns to. */
export const ORDER_STATUS_ROUTE: Record<OrderStatusId, string> = {
  1101: '/order',
  1102: '/list-packing',
  1103: '/list-proses',
  1104: '/list-done',
  1105: '/history',
  1106: '/list-cancel',
  1107: '/history',
};

export const DELIVERY_TYPE = { PICKUP: 0, DELIVERY: 1 } as const;
export type DeliveryType = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];
export const DELIVERY_TYPE_LABEL: Record<DeliveryType, string> = {
  0: 'Ambil di toko',
  1: 'Diantar ke alamat',
};

/** Stock booking detail statuses; 1131 and 1134 have no taker yet. */
export const BOOKING_STATUS = {
  WAITING: 1131,
  TAKEN: 1132,
  DONE: 1133,
  REFUSED: 1134,
} as const;
export type BookingStatusId = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];
export const BOOKING_STATUS_WITHOUT_TAKER: readonly number[] = [BOOKING_STATUS.WAITING, BOOKING_STATUS.REFUSED];

export const MAT_STATUS = { NEW: 'new', PROCESS: 'process', FINISH: 'finish', CANCEL: 'cancel' } as const;
export type MatStatus = (typeof MAT_STATUS)[keyof typeof MAT_STATUS];
export const MAT_STATUSES = Object.values(MAT_STATUS) as MatStatus[];

/**
 * A return's own machine (docs/decisions.md 87): requested → approved → (delivery orders: collected at the
 * customer's address, the return POD) → received at the store → refunded; requested → rejected.
 */
export const RETURN_STATUS = {
  REQUESTED: 'requested',
  APPROVED: 'approved',
  COLLECTED: 'collected',
  RECEIVED: 'received',
  REFUNDED: 'refunded',
  REJECTED: 'rejected',
} as const;
export type ReturnStatus = (typeof RETURN_STATUS)[keyof typeof RETURN_STATUS];
export const RETURN_STATUSES = Object.values(RETURN_STATUS) as ReturnStatus[];
/** A return not yet complete: the order's goods must not be handed over ("Order sedang dalam pengajuan retur"). */
export const RETURN_OPEN_STATUSES: readonly ReturnStatus[] = [RETURN_STATUS.REQUESTED, RETURN_STATUS.APPROVED, RETURN_STATUS.COLLECTED, RETURN_STATUS.RECEIVED];
export const RETURN_STATUS_LABEL: Record<ReturnStatus, string> = {
  requested: 'Diajukan',
  approved: 'Disetujui',
  collected: 'Diambil dari pelanggan',
  received: 'Diterima di toko',
  refunded: 'Dana dikembalikan',
  rejected: 'Ditolak',
};

/** Where goods that come back go: the sellable stock or the damaged stock (per return line). */
export const STOCK_CONDITION = { SELLABLE: 'sellable', DAMAGED: 'damaged' } as const;
export type StockCondition = (typeof STOCK_CONDITION)[keyof typeof STOCK_CONDITION];
export const STOCK_CONDITIONS = Object.values(STOCK_CONDITION) as StockCondition[];

/** Why a store's stock moved: one ledger row per product per cause. */
export const STOCK_CAUSE = { OPENING: 'opening', PACK: 'pack', CANCEL: 'cancel', RETURN: 'return' } as const;
export type StockCause = (typeof STOCK_CAUSE)[keyof typeof STOCK_CAUSE];
export const STOCK_CAUSES = Object.values(STOCK_CAUSE) as StockCause[];

/** An outbound notice to the order's sales channel: waiting (retried with backoff), sent, or given up on. */
export const CHANNEL_NOTICE_STATUS = { PENDING: 'pending', SENT: 'sent', FAILED: 'failed' } as const;
export type ChannelNoticeStatus = (typeof CHANNEL_NOTICE_STATUS)[keyof typeof CHANNEL_NOTICE_STATUS];
export const CHANNEL_NOTICE_STATUSES = Object.values(CHANNEL_NOTICE_STATUS) as ChannelNoticeStatus[];
/** What the channel is told. */
export const CHANNEL_NOTICE_KINDS = ['order.cancelled', 'return.approved', 'return.rejected', 'return.refunded'] as const;
export type ChannelNoticeKind = (typeof CHANNEL_NOTICE_KINDS)[number];

export const POD_APPROVAL_STATUS = { PENDING: 'pending', APPROVED: 'approved', REJECTED: 'rejected' } as const;
export type PodApprovalStatus = (typeof POD_APPROVAL_STATUS)[keyof typeof POD_APPROVAL_STATUS];
export const POD_APPROVAL_STATUSES = Object.values(POD_APPROVAL_STATUS) as PodApprovalStatus[];

export const CANCEL_REQUEST_STATUS = { PENDING: 'pending', APPROVED: 'approved', REJECTED: 'rejected' } as const;
export type CancelRequestStatus = (typeof CANCEL_REQUEST_STATUS)[keyof typeof CANCEL_REQUEST_STATUS];
export const CANCEL_REQUEST_STATUSES = Object.values(CANCEL_REQUEST_STATUS) as CancelRequestStatus[];
export const CANCEL_REQUEST_STATUS_LABEL: Record<CancelRequestStatus, string> = {
  pending: 'Menunggu persetujuan',
  approved: 'Disetujui',
  rejected: 'Ditolak',
};

export const TICKET_STATUS = { OPEN: 'open', IN_PROGRESS: 'in_progress', RESOLVED: 'resolved', CLOSED: 'closed' } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_STATUSES = Object.values(TICKET_STATUS) as TicketStatus[];
/** A shipment may have at most one ticket in these statuses. */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = [TICKET_STATUS.OPEN, TICKET_STATUS.IN_PROGRESS];
