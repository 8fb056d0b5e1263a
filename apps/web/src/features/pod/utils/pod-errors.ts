import { DEFAULT_ERROR_MODAL } from '@gerai/contract';
import { ApiError, isApiError } from '@/shared/api/api-error';
import { id, podText } from '@/shared/i18n/id';
import { formatCustomErrorMessage } from '@/shared/modal/error-prefix';
import { errorToModal } from '@/shared/modal/error-to-modal';
import type { CloseType, ModalImageType, ModalInput } from '@/shared/modal/modal-types';

/** The spec's POD error catalogue (§8): what a server message means for the crew. */
export type PodErrorKind = 'duplicate' | 'location-invalid' | 'in-return' | 'finished' | 'outside' | 'other' | 'default';

export interface PodErrorMeaning {
  kind: PodErrorKind;
  title: string;
  /** The meaning shown under the title (empty for "other": the server message is the title). */
  message: string;
  /** What closing the POD status modal does. */
  closeType: CloseType;
  imageType: ModalImageType;
}

const has = (text: string, ...needles: string[]) => needles.some((n) => text.includes(n));

/** Network failures, gateway pages and the generic 500 carry nothing worth showing as a title. */
function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.isNetwork || error.code === 'UNEXPECTED_RESPONSE' || error.code.startsWith('HTTP_')) return null;
  const message = error.message.trim();
  return message && message !== DEFAULT_ERROR_MODAL.message ? message : null;
}

/**
 * One pure mapping of the catalogue, matched on the server's message as the spec
 * quotes it (case-insensitive) and on Gerai's error codes for the same cases:
 *  - duplicate key / "Pengajuan POD sudah dilakukan" → this order already has a request;
 *  - "Lokasi pengajuan POD tidak sesuai" → request only near the orderer's location;
 *  - "order dalam proses retur/refund" / "Order sedang dalam pengajuan retur" → hold the goods;
 *  - "Order tidak ditemukan" / "Status pesanan ini sudah selesai" → already finished;
 *  - "koordinat lokasi POD tidak sesuai" (payload false; 500 in the legacy API, 422 here) → outside the area;
 *  - anything else: the server's message becomes the title.
 */
export function podErrorMeaning(error: unknown): PodErrorMeaning {
  const e = podText.errors;
  const code = isApiError(error) ? error.code : '';
  const text = (isApiError(error) ? error.message : error instanceof Error ? error.message : '').trim().toLowerCase();

  if (code === 'POD_REQUEST_DUPLICATE' || has(text, 'duplicate key', 'pengajuan pod sudah dilakukan')) {
    return { kind: 'duplicate', title: e.duplicateTitle, message: e.duplicate, closeType: 'close-modal', imageType: 'warning' };
  }
  if (code === 'POD_REQUEST_LOCATION_INVALID' || has(text, 'lokasi pengajuan pod tidak sesuai')) {
    return { kind: 'location-invalid', title: e.locationInvalidTitle, message: e.locationInvalid, closeType: 'resubmit', imageType: 'warning' };
  }
  if (code === 'POD_ORDER_IN_RETURN' || has(text, 'order dalam proses retur/refund', 'order sedang dalam pengajuan retur')) {
    return { kind: 'in-return', title: e.inReturnTitle, message: e.inReturn, closeType: 'go-to-list-proses', imageType: 'error' };
  }
  if (code === 'POD_ORDER_NOT_FOUND' || code === 'POD_ORDER_FINISHED' || has(text, 'order tidak ditemukan', 'status pesanan ini sudah selesai')) {
    return { kind: 'finished', title: e.finishedTitle, message: e.finished, closeType: 'reload', imageType: 'info' };
  }
  if (code === 'POD_OUTSIDE_AREA' || has(text, 'koordinat lokasi pod tidak sesuai')) {
    return { kind: 'outside', title: e.outsideTitle, message: e.outside, closeType: 'resubmit', imageType: 'warning' };
  }
  const message = serverMessage(error);
  if (message) return { kind: 'other', title: message, message: '', closeType: 'close-modal', imageType: 'error' };
  return { kind: 'default', title: DEFAULT_ERROR_MODAL.title, message: DEFAULT_ERROR_MODAL.message, closeType: 'close-modal', imageType: 'error' };
}

/** The meaning of an error code alone (why the server would refuse a request: `approval.blockedBy`). */
export function podCodeMeaning(code: string): PodErrorMeaning {
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
 * The spec's approval errors: "Approval POD Sudah Dilakukan." and a failed
 * approval update (the request or the order changed under the decision) go back
 * to the caller as a message shown inline; the rest open the approval error
 * modal, whose close type (err-pod-approval) returns to the queue.
 */
export function approvalErrorOutcome(error: unknown): ApprovalErrorOutcome {
  if (isApiError(error)) {
    const text = error.message.trim().toLowerCase();
    const alreadyDecided = error.code === 'POD_ALREADY_DECIDED' || text.includes('approval pod sudah dilakukan');
    const updateFailed =
      ['CONFLICT', 'ORDER_STATUS_CHANGED', 'POD_ORDER_FINISHED'].includes(error.code) || /gagal\s+(update|memperbarui|mengubah)\s+(data\s+)?approval/.test(text);
    if (alreadyDecided || updateFailed) return { kind: 'message', message: error.message.trim() };
    // A form the server refused (reason missing): under the form, not a modal.
    if (error.code === 'VALIDATION_FAILED') return { kind: 'message', message: error.details?.[0]?.message ?? error.message };
  }
  return { kind: 'modal', modal: { ...errorToModal(error, 'err-pod-approval'), type: 'pod-status' } };
}
