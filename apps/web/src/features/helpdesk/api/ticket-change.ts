import type { QueryKey } from '@tanstack/react-query';
import type { ApiError } from '@/shared/api/api-error';
import { sayRefusal, type SaidRefusal } from '@/shared/api/refusal';
import type { MutationPlan, MutationCallbacks } from '@/shared/api/use-api-mutation';
import { fieldsText } from '@/shared/i18n/fields';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { serverMessageOf } from '@/shared/modal/error-to-modal';
import { openModal } from '@/shared/modal/modal-store';
import { isTransient } from '@/shared/outbox/outbox';
import { HELPDESK_OTHERWISE, HELPDESK_REFUSALS, type TicketRefusal } from '../refusals';

const text = helpdeskText.failure;

export interface TicketChangeOptions<TData, TVars> extends Pick<MutationCallbacks<TData, TVars>, 'onSuccess'> {
  /** Where "Ke Pusat Bantuan" leads after SHIPMENT_HAS_ACTIVE_TICKET (close type go-help-center). */
  helpCenter?: (vars: TVars) => Record<string, string>;
  /** Opens the screen's file picker: the server refused a file for good, so only another file helps. */
  chooseOtherFile?: () => void;
}

/**
 * A ticket write's plan (spec §8): sent at once, never kept for later: a ticket is a conversation with
 * a person and its files stay on the screen that picked them. What it touched is read again after it
 * went through and after a refusal (what is shown may be stale). A failure that may pass later (no
 * connection, a timeout, the server busy) opens the resubmit modal, whose "Kirim ulang" sends the same
 * request with the same Idempotency-Key; a refusal says what HELPDESK_REFUSALS says.
 */
export function ticketChange<TData, TVars>(touched: readonly QueryKey[], options: TicketChangeOptions<TData, TVars> = {}): MutationPlan<TData, TVars> & MutationCallbacks<TData, TVars> {
  return {
    invalidate: touched,
    refetchOnError: { keys: touched, codes: 'refused' },
    networkMode: 'always',
    // The resubmit modal is the retry: the crew decides, with the same key.
    retry: false,
    onSuccess: options.onSuccess,
    onError: (error: ApiError, vars: TVars, resend: () => void) => {
      const message = serverMessageOf(error) ?? text.message;
      if (isTransient(error)) {
        openModal({ type: 'error', imageType: 'error', title: text.title, message, buttonText: text.close, actionsType: 'resubmit', confirmText: text.resubmit, onConfirm: resend });
        return;
      }
      // The table's modal (its title, picture, button, close type) in the server's words; another file offered for a refused one.
      const said = sayRefusal(HELPDESK_REFUSALS, error, HELPDESK_OTHERWISE) as SaidRefusal & Pick<TicketRefusal, 'otherFile'>;
      const choose = said.otherFile ? options.chooseOtherFile : undefined;
      const payload = said.close === 'go-help-center' ? (options.helpCenter?.(vars) ?? {}) : {};
      openModal({
        type: 'error',
        imageType: said.imageType ?? 'error',
        title: said.title ?? text.title,
        message,
        buttonText: said.button ?? text.close,
        actionsType: said.close ?? 'resubmit',
        payload,
        ...(choose ? { confirmText: fieldsText.files.chooseOther, onConfirm: choose } : {}),
      });
    },
  };
}
