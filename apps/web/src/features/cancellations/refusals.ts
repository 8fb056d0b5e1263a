import type { RefusalEntry, RefusalTable } from '@/shared/api/refusal';

/** Said under the form, in the contract's words for the code, while the screen reads the order and its request again. */
const underForm: RefusalEntry = { show: 'form', words: 'code' };

/**
 * The cancellation screens' refusals (request, approve, reject): what stands in the way is said under
 * the form; a field the server refused (the reason, the note) in that field's own words; anything
 * else (no reply, the platform's refusals) opens the spec's error modal.
 */
export const CANCEL_REFUSALS: RefusalTable = {
  CANCEL_REQUEST_PENDING: underForm,
  CANCEL_NOT_ALLOWED: underForm,
  CANCEL_NEEDS_SUPERVISOR: underForm,
  CANCEL_ALREADY_DECIDED: underForm,
  CANCEL_REQUEST_NOT_FOUND: underForm,
  FORBIDDEN: underForm,
  ORDER_STATUS_CHANGED: underForm,
  CONFLICT: underForm,
  NOT_FOUND: underForm,
  STORE_REQUIRED: underForm,
  VALIDATION_FAILED: { show: 'form', words: 'field' },
};
