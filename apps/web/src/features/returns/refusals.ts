import type { RefusalEntry, RefusalTable } from '@/shared/api/refusal';
import { returnsText } from '@/shared/i18n/returns';

/** Said on the form, with the server's particulars, the form kept (the request and the return POD screens). */
const onForm: RefusalEntry = { show: 'form', words: 'particulars' };
/** The return detail's error modal, with the particulars; closing it reads the returns again (close-modal-retur). */
const modal: RefusalEntry = { show: 'modal', words: 'particulars', close: 'close-modal-retur' };

/**
 * The return screens' refusals. The request form and the return POD say what stands in the way on
 * the form (walk closer, take the position again, or ask the kepala toko); the detail's steps open
 * the modal: a return that is gone leads to its list, one another phone moved on is a warning.
 */
export const RETURN_REFUSALS: RefusalTable = {
  RETURN_ORDER_NOT_COMPLETED: onForm,
  RETURN_WINDOW_CLOSED: onForm,
  RETURN_ALREADY_OPEN: onForm,
  RETURN_QTY_EXCEEDS: onForm,
  RETURN_LINE_UNKNOWN: onForm,
  RETURN_PHOTO_UNKNOWN: onForm,
  POD_OUTSIDE_AREA: onForm,
  POD_ACCURACY_TOO_LOW: onForm,
  POD_CAPTURE_TOO_OLD: onForm,
  POD_CAPTURE_IN_FUTURE: onForm,
  POD_CUSTOMER_LOCATION_MISSING: onForm,
  VALIDATION_FAILED: onForm,
  RETURN_NOT_FOUND: { show: 'modal', words: 'particulars', close: 'go-to-retur-list' },
  RETURN_STATUS_CHANGED: { show: 'modal', words: 'particulars', close: 'close-modal-retur', imageType: 'warning', title: returnsText.detail.changedTitle },
  RETURN_POD_PICKUP_ORDER: modal,
  RETURN_RECEIVED_EXCEEDS: modal,
  FORBIDDEN: modal,
  NOT_FOUND: modal,
};

/** A code the table does not name, on the detail: the same modal. */
export const RETURN_OTHERWISE = modal;
