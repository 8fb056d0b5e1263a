import type { RefusalEntry, RefusalTable } from '@/shared/api/refusal';
import { bookingsText } from '@/shared/i18n/bookings';

/** The spec's error modal, in the contract's words for the code and the server's particulars ("Stok T002 tinggal 1 …"). */
const modal: RefusalEntry = { show: 'modal', words: 'particulars' };
/** Said at the scanner or the refuse form, where the crew is working. */
const atForm: RefusalEntry = { show: 'form', words: 'particulars' };

/**
 * The stock booking screens' refusals. A status another phone or store changed first is a warning
 * ("Status booking berubah"); a receive scan that does not match is said at the scanner.
 */
export const BOOKING_REFUSALS: RefusalTable = {
  BOOKING_NOT_FOUND: modal,
  BOOKING_STATUS_CHANGED: { show: 'modal', words: 'particulars', imageType: 'warning', title: bookingsText.detail.changedTitle },
  BOOKING_ORDER_NOT_PICKING: modal,
  BOOKING_QTY_EXCEEDS: modal,
  BOOKING_OWN_STORE: modal,
  BOOKING_STORE_REFUSED: modal,
  BOOKING_STORE_STOCK_SHORT: modal,
  BOOKING_STOCK_SHORT: modal,
  BOOKING_NOT_ADDRESSED: modal,
  BOOKING_NOT_ORDERING: modal,
  BOOKING_BARCODE_MISMATCH: atForm,
  BOOKING_RECEIVE_QTY_MISMATCH: atForm,
  STORE_UNKNOWN: modal,
  NOT_FOUND: modal,
};

/** A code the table does not name (the platform's): the same modal, in the same words. */
export const BOOKING_OTHERWISE = modal;
