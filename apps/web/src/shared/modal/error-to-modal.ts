import { DEFAULT_ERROR_MODAL, ERROR_MESSAGES } from '@gerai/contract';
import { isApiError } from '../api/api-error';
import { formatCustomErrorMessage } from './error-prefix';
import { openModal } from './modal-store';
import type { CloseType, ModalInput } from './modal-types';

/** Errors that carry no message worth showing: the default modal says it better. */
function hasCustomMessage(error: unknown): error is { message: string } {
  if (!isApiError(error)) return false;
  if (error.isNetwork || error.code === 'UNEXPECTED_RESPONSE' || error.code.startsWith('HTTP_')) return false;
  const message = error.message.trim();
  return Boolean(message) && message !== DEFAULT_ERROR_MODAL.message && message !== ERROR_MESSAGES.INTERNAL;
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
  if (!hasCustomMessage(error)) return { ...base, message: DEFAULT_ERROR_MODAL.message };
  return { ...base, message: formatCustomErrorMessage(error.message, actionsType) };
}

/** errorToModal + open (no-op while another modal is shown). */
export function showErrorModal(error: unknown, actionsType: CloseType = 'close-modal', payload?: Record<string, string>): boolean {
  return openModal(errorToModal(error, actionsType, payload));
}
