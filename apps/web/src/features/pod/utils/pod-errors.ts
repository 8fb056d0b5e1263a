import { DEFAULT_ERROR_MODAL } from '@gerai/contract';
import { ApiError, hasErrorCode, isApiError, type ApiErrorCode } from '@/shared/api/api-error';
import { id } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { formatCustomErrorMessage } from '@/shared/modal/error-prefix';
import { errorToModal, serverMessageOf } from '@/shared/modal/error-to-modal';
import type { CloseType, ModalImageType, ModalInput } from '@/shared/modal/modal-types';

/** The spec's POD error catalogue (§8): what a refusal means for the crew. */
export type PodErrorKind = 'duplicate' | 'location-invalid' | 'in-return' | 'finished' | 'outside' | 'capture-too-old' | 'capture-in-future' | 'other' | 'default';

export interface PodErrorMeaning {
  kind: PodErrorKind;
  title: string;
  /** The meaning shown under the title (empty for "other": the server message is the title). */
  message: string;
  /** What closing the POD status modal does. */
  closeType: CloseType;
  imageType: ModalImageType;
}

type Catalogued = Exclude<PodErrorKind, 'other' | 'default'>;

const e = podText.errors;

/** The catalogue's meanings, each shown for the server's code of that case. */
const MEANINGS: Record<Catalogued, Omit<PodErrorMeaning, 'kind'>> = {
  duplicate: { title: e.duplicateTitle, message: e.duplicate, closeType: 'close-modal', imageType: 'warning' },
  'location-invalid': { title: e.locationInvalidTitle, message: e.locationInvalid, closeType: 'resubmit', imageType: 'warning' },
  'in-return': { title: e.inReturnTitle, message: e.inReturn, closeType: 'go-to-list-proses', imageType: 'error' },
  finished: { title: e.finishedTitle, message: e.finished, closeType: 'reload', imageType: 'info' },
  outside: { title: e.outsideTitle, message: e.outside, closeType: 'resubmit', imageType: 'warning' },
  // Not in the spec: a POD made offline reached the server too late (or the phone's clock is ahead).
  'capture-too-old': { title: e.captureTooOldTitle, message: e.captureTooOld, closeType: 'resubmit', imageType: 'warning' },
  'capture-in-future': { title: e.captureInFutureTitle, message: e.captureInFuture, closeType: 'resubmit', imageType: 'warning' },
};

/**
 * The spec quotes the legacy server's messages; Gerai's server sends a code for
 * each case (the one-pending index's duplicate key included), and only the code counts:
 *  - "Pengajuan POD sudah dilakukan" / duplicate key → this order already has a request;
 *  - "Lokasi pengajuan POD tidak sesuai" → request only near the orderer's location;
 *  - "Order sedang dalam pengajuan retur" (retur/refund) → hold the goods;
 *  - "Order tidak ditemukan" / "Status pesanan ini sudah selesai" → already finished;
 *  - "koordinat lokasi POD tidak sesuai" → outside the orderer's area.
 */
const KIND_BY_CODE: Partial<Record<ApiErrorCode, Catalogued>> = {
  POD_REQUEST_DUPLICATE: 'duplicate',
  POD_REQUEST_LOCATION_INVALID: 'location-invalid',
  POD_ORDER_IN_RETURN: 'in-return',
  POD_ORDER_NOT_FOUND: 'finished',
  POD_ORDER_FINISHED: 'finished',
  POD_OUTSIDE_AREA: 'outside',
  POD_CAPTURE_TOO_OLD: 'capture-too-old',
  POD_CAPTURE_IN_FUTURE: 'capture-in-future',
};

/**
 * True when the server refused the position for its capture time: the fix the crew holds
 * proves nothing any more, and the way on is to take the location again at the customer's place.
 */
export function needsNewLocation(error: unknown): boolean {
  const kind = isApiError(error) ? KIND_BY_CODE[error.code] : undefined;
  return kind === 'capture-too-old' || kind === 'capture-in-future';
}

/** One pure mapping of the catalogue by error code; any other refusal's message becomes the title. */
export function podErrorMeaning(error: unknown): PodErrorMeaning {
  const kind = isApiError(error) ? KIND_BY_CODE[error.code] : undefined;
  if (kind) return { kind, ...MEANINGS[kind] };
  const message = serverMessageOf(error);
  if (message) return { kind: 'other', title: message, message: '', closeType: 'close-modal', imageType: 'error' };
  return { kind: 'default', title: DEFAULT_ERROR_MODAL.title, message: DEFAULT_ERROR_MODAL.message, closeType: 'close-modal', imageType: 'error' };
}

/** The meaning of an error code alone (why the server would refuse a request: `approval.blockedBy`). */
export function podCodeMeaning(code: ApiErrorCode): PodErrorMeaning {
  return podErrorMeaning(new ApiError({ status: 409, code, message: '' }));
}

/** The "POD status" modal for a failed scan and go or POD request (the spec's "Error:" prefix rule applied). */
export function podErrorModal(error: unknown, extra: string | null = null): ModalInput {
  const meaning = podErrorMeaning(error);
  const parts = [meaning.message, extra].filter((p): p is string => Boolean(p && p.trim()));
  const message = parts.length && meaning.kind !== 'default' ? formatCustomErrorMessage(parts.join('\n'), meaning.closeType) : parts.join('\n');
  return {
    type: 'pod-status',
    title: meaning.title,
    message,
    imageType: meaning.imageType,
    buttonText: meaning.kind === 'default' ? DEFAULT_ERROR_MODAL.buttonText : id.common.close,
    actionsType: meaning.closeType,
  };
}

export type ApprovalErrorOutcome = { kind: 'message'; message: string } | { kind: 'modal'; modal: ModalInput };

/**
 * A decision that could not be applied: decided already, or the order's status
 * moved under it (finished, another status). A return opened meanwhile is not an
 * update failure: it opens the approval error modal, which leads back to the queue.
 */
const APPROVAL_MESSAGE_CODES: readonly ApiErrorCode[] = ['POD_ALREADY_DECIDED', 'CONFLICT', 'ORDER_STATUS_CHANGED', 'POD_ORDER_FINISHED'];

/**
 * The spec's approval errors: "Approval POD Sudah Dilakukan." and a failed
 * approval update go back to the caller as a message shown inline; the rest
 * open the approval error modal, whose close type (err-pod-approval) returns to the queue.
 */
export function approvalErrorOutcome(error: unknown): ApprovalErrorOutcome {
  if (hasErrorCode(error, ...APPROVAL_MESSAGE_CODES)) return { kind: 'message', message: error.message.trim() };
  // A form the server refused (reason missing): under the form, not a modal.
  if (hasErrorCode(error, 'VALIDATION_FAILED')) return { kind: 'message', message: error.details?.[0]?.message ?? error.message };
  return { kind: 'modal', modal: { ...errorToModal(error, 'err-pod-approval'), type: 'pod-status' } };
}
