import { DEFAULT_ERROR_MODAL } from '@gerai/contract';
import { isApiError } from '../api/api-error';
import { formatCustomErrorMessage } from './error-prefix';
import { openModal } from './modal-store';
import type { CloseType, ModalInput } from './modal-types';

/**
 * The server's message when it is worth showing, else null: no reply (network),
 * a gateway page, a reply that was not the envelope, and an internal error
 * carry nothing the default modal does not say better. Decided by code.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.isClientSide || error.code === 'INTERNAL') return null;
  return error.message.trim() || null;
}

/**
 * Maps a failed call to the spec's error modal: the default title/message/button
 * when there is nothing specific to say, otherwise the server's Indonesian message
 * under the "Error:" prefix rule.
 */
export function errorToModal(error: unknown, actionsType: CloseType = 'close-modal', payload: Record<string, string> = {}): ModalInput {
  const base = {
    type: 'error' as const,
    imageType: 'error' as const,
    title: DEFAULT_ERROR_MODAL.title,
    buttonText: DEFAULT_ERROR_MODAL.buttonText,
    actionsType,
    payload,
  };
  const message = serverMessageOf(error);
  if (!message) return { ...base, message: DEFAULT_ERROR_MODAL.message };
  return { ...base, message: formatCustomErrorMessage(message, actionsType) };
}

/** errorToModal + open (no-op while another modal is shown). */
export function showErrorModal(error: unknown, actionsType: CloseType = 'close-modal', payload?: Record<string, string>): boolean {
  return openModal(errorToModal(error, actionsType, payload));
}
