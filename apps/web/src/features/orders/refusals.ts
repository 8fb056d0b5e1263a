import type { ApiErrorCode } from '@/shared/api/api-error';
import { codesOf, type RefusalEntry, type RefusalTable } from '@/shared/api/refusal';
import { ordersText } from '@/shared/i18n/orders';

/** An order refusal: the entry, and what it says about the order the phone shows. */
export type OrderRefusal = RefusalEntry & {
  /** The order on screen is out of date (another phone moved it, a line changed): its detail is read again. */
  stale?: true;
  /** Not a failure but a wait (a booking no store has taken yet): said in amber, the action held. */
  wait?: true;
  /** At the scanner: said with the code scanned, so the crew sees what was read. */
  withCode?: true;
};

/** The spec's error modal in its default words, closed in place. */
const modal: OrderRefusal = { show: 'modal', close: 'close-modal' };
/** Another phone moved the order first: a warning in the server's words (who has it, what it became), then the order as it is now. */
const movedElsewhere = (title: string): OrderRefusal => ({ show: 'modal', close: 'close-modal', title, imageType: 'warning', stale: true });

/**
 * The order detail's actions (claim, finish, reset) and the counter's handover (/order/confirm): the
 * spec's error modal, a race lost to another phone as a warning; the customer's code and the
 * receiver's name are said on their fields.
 */
export const ORDER_REFUSALS = {
  ORDER_ALREADY_CLAIMED: movedElsewhere(ordersText.claimedTitle),
  ORDER_STATUS_CHANGED: movedElsewhere(ordersText.changedElsewhere.changedTitle),
  CONFLICT: { ...modal, stale: true },
  NOT_FOUND: { ...modal, stale: true },
  FORBIDDEN: modal,
  CANCEL_NEEDS_SUPERVISOR: modal,
  DELIVERY_NEEDS_POD: modal,
  // A wrong code changes nothing: said under the code field, the crew may try again.
  PICKUP_CODE_INVALID: { show: 'field', field: 'pickupCode', words: 'server' },
  // The receiver's name the server refused: said on it in the screen's own words (pickup receiver rule).
  VALIDATION_FAILED: { show: 'field', field: 'receiverName', words: ordersText.confirm.receiverRequired },
} as const satisfies RefusalTable<OrderRefusal>;

/** A code ORDER_REFUSALS does not name (the platform's, no reply): the spec's default error modal. */
export const ORDER_OTHERWISE: OrderRefusal = modal;

/** Said where the crew is working: in the scanner's answer slot, or inside the open sheet (one modal at a time). */
const atWork: OrderRefusal = { show: 'form', words: 'server' };

/**
 * Refusals inside the picking screen (1102): a scan's answer in the scanner's slot, with the code
 * scanned (`withCode`); the line sheets (quantity, out of stock) and the paper bags under their stepper with the
 * server's limit; the Scan Packing sheet in the sheet. A scan over a complete line names that line
 * (the one the scanned code stands for; by `details[].productId` when the server names it). Every
 * product out of stock is an outcome, not a failure: it leads to the cancellation request. A booking
 * without a taker is a wait.
 */
export const PICKING_REFUSALS = {
  SCAN_NOT_IN_ORDER: { ...atWork, withCode: true },
  SCAN_OVER_QUANTITY: { show: 'line', words: 'server', withCode: true },
  QUANTITY_EXCEEDS_ORDER: { show: 'form', words: 'particulars', stale: true },
  OOS_EXCEEDS_REMAINING: { show: 'form', words: 'particulars', stale: true },
  PAPER_BAG_UNAVAILABLE: atWork,
  LINES_UNRESOLVED: { ...atWork, stale: true },
  BOOKING_PENDING: { show: 'form', words: ordersText.booking.pending, wait: true, stale: true },
  ALL_OUT_OF_STOCK: {
    show: 'modal',
    title: ordersText.scanPacking.allOosTitle,
    words: ordersText.scanPacking.allOosMessage,
    imageType: 'warning',
    close: 'go-to-request-cancel',
    button: ordersText.scanPacking.allOosButton,
  },
  ORDER_STATUS_CHANGED: { ...atWork, stale: true },
  ORDER_ALREADY_CLAIMED: { ...atWork, stale: true },
  CONFLICT: { ...atWork, stale: true },
  NOT_FOUND: { ...atWork, stale: true },
  FORBIDDEN: atWork,
  VALIDATION_FAILED: { show: 'form', words: 'particulars', withCode: true },
} as const satisfies RefusalTable<OrderRefusal>;

/** A code PICKING_REFUSALS does not name: said where the crew is working, in the server's words. */
export const PICKING_OTHERWISE: OrderRefusal = atWork;

/** Refusals after which the order shown is out of date, from both tables: the detail is read again. */
export const ORDER_STALE_CODES: readonly ApiErrorCode[] = codesOf<OrderRefusal>([ORDER_REFUSALS, PICKING_REFUSALS], (entry) => entry.stale === true);
