import { isApiError } from '@/shared/api/api-error';
import { refusalText } from '@/shared/api/refusal';
import { bookingsText } from '@/shared/i18n/bookings';
import { errorToModal } from '@/shared/modal/error-to-modal';
import type { CloseType, ModalInput } from '@/shared/modal/modal-types';

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
