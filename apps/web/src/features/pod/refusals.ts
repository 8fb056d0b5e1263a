import { DEFAULT_ERROR_MODAL } from '@gerai/contract';
import { ApiError, isApiError, type ApiErrorCode } from '@/shared/api/api-error';
import type { RefusalEntry, RefusalTable } from '@/shared/api/refusal';
import { id } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { formatCustomErrorMessage } from '@/shared/modal/error-prefix';
import { serverMessageOf } from '@/shared/modal/error-to-modal';
import type { CloseType, ModalImageType, ModalInput } from '@/shared/modal/modal-types';

/** The spec's POD error catalogue (§8): what a refusal means for the crew. */
export type PodErrorKind = 'duplicate' | 'location-invalid' | 'in-return' | 'finished' | 'outside' | 'capture-too-old' | 'capture-in-future' | 'other' | 'default';
type Catalogued = Exclude<PodErrorKind, 'other' | 'default'>;

/** A catalogue row: the table's modal (title, meaning, close type, picture) and the case it is. */
type PodEntry = RefusalEntry & { show: 'modal'; kind: Catalogued; title: string; words: string; close: CloseType; imageType: ModalImageType };

const e = podText.errors;

/**
 * The POD status modal's catalogue, by the server's code. The spec quotes the legacy server's
 * messages; Gerai's server sends a code for each case (the one-pending index's duplicate key
 * included), and only the code counts:
 *  - "Pengajuan POD sudah dilakukan" / duplicate key → this order already has a request;
 *  - "Lokasi pengajuan POD tidak sesuai" → request only near the orderer's location;
 *  - "Order sedang dalam pengajuan retur" (retur/refund) → hold the goods;
 *  - "Order tidak ditemukan" / "Status pesanan ini sudah selesai" → already finished;
 *  - "koordinat lokasi POD tidak sesuai" → outside the orderer's area;
 *  - not in the spec: a POD made offline reached the server too late (or the phone's clock is ahead).
 * Any other refusal's own message becomes the title; no reply keeps the default modal.
 */
export const POD_REFUSALS = {
  POD_REQUEST_DUPLICATE: { show: 'modal', kind: 'duplicate', title: e.duplicateTitle, words: e.duplicate, close: 'close-modal', imageType: 'warning' },
  POD_REQUEST_LOCATION_INVALID: { show: 'modal', kind: 'location-invalid', title: e.locationInvalidTitle, words: e.locationInvalid, close: 'resubmit', imageType: 'warning' },
  POD_ORDER_IN_RETURN: { show: 'modal', kind: 'in-return', title: e.inReturnTitle, words: e.inReturn, close: 'go-to-list-proses', imageType: 'error' },
  POD_ORDER_NOT_FOUND: { show: 'modal', kind: 'finished', title: e.finishedTitle, words: e.finished, close: 'reload', imageType: 'info' },
  POD_ORDER_FINISHED: { show: 'modal', kind: 'finished', title: e.finishedTitle, words: e.finished, close: 'reload', imageType: 'info' },
  POD_OUTSIDE_AREA: { show: 'modal', kind: 'outside', title: e.outsideTitle, words: e.outside, close: 'resubmit', imageType: 'warning' },
  POD_CAPTURE_TOO_OLD: { show: 'modal', kind: 'capture-too-old', title: e.captureTooOldTitle, words: e.captureTooOld, close: 'resubmit', imageType: 'warning' },
  POD_CAPTURE_IN_FUTURE: { show: 'modal', kind: 'capture-in-future', title: e.captureInFutureTitle, words: e.captureInFuture, close: 'resubmit', imageType: 'warning' },
  // Refusals the catalogue does not name: their own message is the modal's title.
  POD_ACCURACY_TOO_LOW: { show: 'modal', words: 'server' },
  POD_CUSTOMER_LOCATION_MISSING: { show: 'modal', words: 'server' },
  POD_NOT_DELIVERY: { show: 'modal', words: 'server' },
  POD_REQUEST_NOT_FOUND: { show: 'modal', words: 'server' },
  POD_ALREADY_DECIDED: { show: 'modal', words: 'server' },
  VALIDATION_FAILED: { show: 'field', words: 'field' },
} as const satisfies RefusalTable<PodEntry | RefusalEntry>;

/**
 * The approval screen's refusals (`/pod-request/...`): "Approval POD Sudah Dilakukan." and a failed
 * update (decided already, the order's status moved under it) are said inline with the server's
 * message; a form the server refused under the form; the rest open the approval error modal, whose
 * close type (err-pod-approval) returns to the queue.
 */
export const POD_APPROVAL_REFUSALS: RefusalTable = {
  POD_ALREADY_DECIDED: { show: 'form', words: 'server' },
  CONFLICT: { show: 'form', words: 'server' },
  ORDER_STATUS_CHANGED: { show: 'form', words: 'server' },
  POD_ORDER_FINISHED: { show: 'form', words: 'server' },
  VALIDATION_FAILED: { show: 'form', words: 'field' },
  POD_REQUEST_NOT_FOUND: { show: 'modal', close: 'err-pod-approval' },
};

export interface PodErrorMeaning {
  kind: PodErrorKind;
  title: string;
  /** The meaning shown under the title (empty for "other": the server message is the title). */
  message: string;
  /** What closing the POD status modal does. */
  closeType: CloseType;
  imageType: ModalImageType;
}

const catalogued = (error: unknown): PodEntry | undefined => {
  const entry = isApiError(error) && !error.isClientSide ? (POD_REFUSALS as RefusalTable)[error.code as keyof RefusalTable] : undefined;
  return entry && 'kind' in entry ? (entry as PodEntry) : undefined;
};

/**
 * True when the server refused the position for its capture time: the fix the crew holds
 * proves nothing any more, and the way on is to take the location again at the customer's place.
 */
export function needsNewLocation(error: unknown): boolean {
  const kind = catalogued(error)?.kind;
  return kind === 'capture-too-old' || kind === 'capture-in-future';
}

/** A refusal read through the catalogue; any other refusal's message becomes the title. */
export function podErrorMeaning(error: unknown): PodErrorMeaning {
  const entry = catalogued(error);
  if (entry) return { kind: entry.kind, title: entry.title, message: entry.words, closeType: entry.close, imageType: entry.imageType };
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
