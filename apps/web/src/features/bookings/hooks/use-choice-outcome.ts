import type { ApiError } from '@/shared/api/api-error';
import { refusalModalOf } from '@/shared/api/refusal';
import { signal } from '@/shared/feedback/feedback';
import { bookingsText } from '@/shared/i18n/bookings';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { BOOKING_OTHERWISE, BOOKING_REFUSALS } from '../refusals';

/**
 * What a store choice does when its booking (a new one, or a re-offer) is kept offline, said and then
 * back to where the crew came from, or refused, said in the refusal's modal: the same for both choices.
 */
export function useChoiceOutcome(goBack: () => void) {
  const openModal = useModalStore((s) => s.openModal);
  return {
    onQueued: () => {
      showToast(bookingsText.detail.queued, 'info');
      goBack();
    },
    onError: (error: ApiError) => {
      signal('error');
      openModal(refusalModalOf(BOOKING_REFUSALS, error, BOOKING_OTHERWISE));
    },
  };
}
