// Statuses of the work around orders: stock bookings, transfers, returns, stock movements, channel
// notices, POD approvals, cancel requests and tickets. Zod-free. Kept apart from statuses.ts (the
// order statuses), which the web's first load imports: these are read by the pages only.
/** Stock booking detail statuses; 1131 and 1134 have no taker yet. */
export const BOOKING_STATUS = {
  WAITING: 1131,
  TAKEN: 1132,
  DONE: 1133,
  REFUSED: 1134,
} as const;
export type BookingStatusId = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];
export const BOOKING_STATUS_IDS = Object.values(BOOKING_STATUS) as BookingStatusId[];
/** No store has taken the booking: storeTaken and stockTaken show "-", and the order cannot be packed (spec §4). */
export const BOOKING_STATUS_WITHOUT_TAKER: readonly number[] = [BOOKING_STATUS.WAITING, BOOKING_STATUS.REFUSED];

/**
 * Material transfer (MAT) statuses: new (sent, on the road), process (the receiver confirmed with the
 * PIN or QR and is counting), finish (received), cancel (cancelled by the sender while new).
 */
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

/**
 * The buckets of a store's stock: sellable, damaged (returns taken back, never sold), reserved
 * (taken for another store's booking: still on the shelf, no longer for sale) and in transit (sent
 * to another store by a material transfer and not yet received there: still the sender's, on the road).
 */
export const STOCK_CONDITION = { SELLABLE: 'sellable', DAMAGED: 'damaged', RESERVED: 'reserved', IN_TRANSIT: 'in_transit' } as const;
export type StockCondition = (typeof STOCK_CONDITION)[keyof typeof STOCK_CONDITION];
export const STOCK_CONDITIONS = Object.values(STOCK_CONDITION) as StockCondition[];
/** Where goods that come back with a return go (per return line). */
export const RETURN_STOCK_CONDITIONS = [STOCK_CONDITION.SELLABLE, STOCK_CONDITION.DAMAGED] as const;
export type ReturnStockCondition = (typeof RETURN_STOCK_CONDITIONS)[number];

/**
 * Why a store's stock moved: one ledger row per product per cause and object. A booking moves stock
 * three ways: taken (sellable → reserved at the serving store), released (reserved → sellable, the
 * booking cancelled) and received (reserved out of the serving store, sellable into the ordering store).
 */
export const STOCK_CAUSE = {
  OPENING: 'opening',
  PACK: 'pack',
  CANCEL: 'cancel',
  RETURN: 'return',
  BOOKING_TAKE: 'booking_take',
  BOOKING_RELEASE: 'booking_release',
  BOOKING_RECEIVE: 'booking_receive',
  /** A transfer sent: sellable → in transit at the sender. */
  TRANSFER_SEND: 'transfer_send',
  /** A new transfer cancelled: in transit → sellable at the sender. */
  TRANSFER_CANCEL: 'transfer_cancel',
  /** A transfer received: in transit out of the sender, the counted units into the receiver's sellable. */
  TRANSFER_RECEIVE: 'transfer_receive',
} as const;
export type StockCause = (typeof STOCK_CAUSE)[keyof typeof STOCK_CAUSE];
export const STOCK_CAUSES = Object.values(STOCK_CAUSE) as StockCause[];

/** An outbound notice to the order's sales channel: waiting (retried with backoff), sent, or given up on. */
export const CHANNEL_NOTICE_STATUS = { PENDING: 'pending', SENT: 'sent', FAILED: 'failed' } as const;
export type ChannelNoticeStatus = (typeof CHANNEL_NOTICE_STATUS)[keyof typeof CHANNEL_NOTICE_STATUS];
export const CHANNEL_NOTICE_STATUSES = Object.values(CHANNEL_NOTICE_STATUS) as ChannelNoticeStatus[];
/** What the channel is told. */
export const CHANNEL_NOTICE_KINDS = ['order.cancelled', 'return.approved', 'return.rejected', 'return.refunded', 'chat.message', 'chat.read'] as const;
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
export const TICKET_STATUS_LABEL: Record<TicketStatus, string> = {
  open: 'Terbuka',
  in_progress: 'Diproses',
  resolved: 'Selesai',
  closed: 'Ditutup',
};
