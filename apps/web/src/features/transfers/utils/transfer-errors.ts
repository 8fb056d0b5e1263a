import { hasErrorCode, isApiError } from '@/shared/api/api-error';
import { transfersText } from '@/shared/i18n/transfers';
import { errorToModal } from '@/shared/modal/error-to-modal';
import type { CloseType, ModalInput } from '@/shared/modal/modal-types';
import { refusalLines } from './transfer-view';

/**
 * The spec's error modal for a refused transfer change, in the server's particular words (its
 * details) or the contract's for its code. A status another phone or store changed first is a
 * warning ("Status MAT berubah"); no reply or a gateway page keeps the default modal's words.
 */
export function transferErrorModal(error: unknown, actionsType: CloseType = 'close-modal'): ModalInput {
  const base = errorToModal(error, actionsType);
  if (!isApiError(error) || error.isClientSide) return base;
  const message = refusalLines(error).join('\n');
  if (hasErrorCode(error, 'TRANSFER_STATUS_CHANGED')) return { ...base, imageType: 'warning', title: transfersText.detail.statusChangedTitle, message };
  return { ...base, message };
}
