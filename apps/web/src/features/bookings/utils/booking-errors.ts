import { ERROR_MESSAGES } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { bookingsText } from '@/shared/i18n/bookings';
import { id } from '@/shared/i18n/id';
import { errorToModal } from '@/shared/modal/error-to-modal';
import type { CloseType, ModalInput } from '@/shared/modal/modal-types';

/** What a refused booking call says: the contract's sentence for the code, and the server's detail (how many, which store). */
export interface BookingRefusal {
  code: string;
  message: string;
  /** ERROR_DETAILS / field messages sent with it ("Stok T002 tinggal 1 …"). */
  details: string[];
}

/**
 * Maps a failed booking call to Indonesian by its code (never by the server's text): the
 * contract's message for a code it knows, the connection's own words for no reply.
 */
export function bookingRefusal(error: unknown): BookingRefusal {
  if (!isApiError(error)) return { code: 'UNKNOWN', message: id.errors.unexpected, details: [] };
  if (error.code === 'NETWORK') return { code: error.code, message: id.errors.network, details: [] };
  if (error.code === 'TIMEOUT') return { code: error.code, message: id.errors.timeout, details: [] };
  const known = (ERROR_MESSAGES as Record<string, string>)[error.code];
  const details = (error.details ?? []).map((d) => d.message).filter((m) => m && m !== known);
  return { code: error.code, message: known ?? error.message, details };
}

/** The refusal as one text: the code's sentence, then what the server added. */
export const refusalText = (error: unknown) => {
  const r = bookingRefusal(error);
  return [r.message, ...r.details].join('\n');
};

/**
 * The spec's error modal for a refused booking change, in the contract's words for its code. A
 * status another phone or store changed first is a warning ("Status booking berubah"); no reply or
 * a gateway page keeps the default modal's words.
 */
export function bookingErrorModal(error: unknown, actionsType: CloseType = 'close-modal', payload: Record<string, string> = {}): ModalInput {
  const base = errorToModal(error, actionsType, payload);
  if (!isApiError(error) || error.isClientSide) return base;
  if (error.code === 'BOOKING_STATUS_CHANGED') return { ...base, imageType: 'warning', title: bookingsText.detail.changedTitle, message: refusalText(error) };
  return { ...base, message: refusalText(error) };
}
