import { ERROR_MESSAGES } from '@gerai/contract';
import { hasErrorCode, type ApiErrorCode } from '@/shared/api/api-error';
import { errorToModal } from '@/shared/modal/error-to-modal';
import type { ModalInput } from '@/shared/modal/modal-types';

export type CancelErrorOutcome = { kind: 'message'; message: string } | { kind: 'modal'; modal: ModalInput };

/**
 * Refusals that say what stands in the way; shown under the form, in the contract's words for
 * the code (never the reply's text), while the screen reads the order and its request again.
 */
const MESSAGE_CODES = [
  'CANCEL_REQUEST_PENDING',
  'CANCEL_NOT_ALLOWED',
  'CANCEL_NEEDS_SUPERVISOR',
  'CANCEL_ALREADY_DECIDED',
  'CANCEL_REQUEST_NOT_FOUND',
  'FORBIDDEN',
  'ORDER_STATUS_CHANGED',
  'CONFLICT',
  'NOT_FOUND',
  'STORE_REQUIRED',
] as const satisfies readonly ApiErrorCode[];

/** What a refused cancellation, approval or rejection shows: a message by code, else the spec's error modal. */
export function cancelErrorOutcome(error: unknown): CancelErrorOutcome {
  if (hasErrorCode(error, ...MESSAGE_CODES)) return { kind: 'message', message: ERROR_MESSAGES[error.code as (typeof MESSAGE_CODES)[number]] };
  // A field the server refused (the reason, the note): its own words, under the form.
  if (hasErrorCode(error, 'VALIDATION_FAILED')) return { kind: 'message', message: error.details?.[0]?.message ?? ERROR_MESSAGES.VALIDATION_FAILED };
  return { kind: 'modal', modal: errorToModal(error, 'close-modal') };
}
