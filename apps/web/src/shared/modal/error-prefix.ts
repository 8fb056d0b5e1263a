import type { CloseType } from './modal-types';

/**
 * Close types whose custom messages are shown as they are (spec §8): logout,
 * request-cancel, help center, ticket reload, resubmit, detail reload, retur,
 * list, err-pod-approval. Every other custom message gets "Error:" in front.
 */
export const CLOSE_TYPES_WITHOUT_ERROR_PREFIX: ReadonlySet<CloseType> = new Set<CloseType>([
  'logout',
  'go-to-request-cancel',
  'go-help-center',
  'reload-ticket',
  'resubmit',
  'reload-detail-ticket',
  'close-modal-retur',
  'go-to-retur-list',
  'go-to-list-proses',
  'err-pod-approval',
]);

export const ERROR_PREFIX = 'Error:';

/** Applies the spec's "Error:" prefix rule to a custom modal message. */
export function formatCustomErrorMessage(message: string, closeType: CloseType): string {
  const text = message.trim();
  if (CLOSE_TYPES_WITHOUT_ERROR_PREFIX.has(closeType)) return text;
  if (text.startsWith(ERROR_PREFIX)) return text;
  return `${ERROR_PREFIX} ${text}`;
}
