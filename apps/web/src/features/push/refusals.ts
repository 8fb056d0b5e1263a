import type { RefusalEntry, RefusalTable } from '@/shared/api/refusal';

/** Said in a toast on /akun, in the contract's words: the switch goes back to where the server has it. */
const toast: RefusalEntry = { show: 'toast', words: 'code' };

/**
 * The notification settings' refusals (a kind switched on /akun). A kind that may not be muted, or a
 * device the server no longer has (signed out elsewhere, replaced by a newer one), is said and the
 * settings are read again; the subscription itself is made without a screen (its outcome is the
 * section's state).
 */
export const PUSH_REFUSALS: RefusalTable = {
  PUSH_KIND_NOT_MUTABLE: toast,
  PUSH_DEVICE_NOT_FOUND: toast,
  VALIDATION_FAILED: toast,
};

/** A code the table does not name (the platform's, no reply): a toast in the same words. */
export const PUSH_OTHERWISE: RefusalEntry = toast;
