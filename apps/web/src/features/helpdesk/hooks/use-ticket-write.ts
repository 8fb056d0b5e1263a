import { useCallback, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/api-error';
import { newIdempotencyKey } from '@/shared/api/client';
import { isFileRefusal } from '@/shared/api/upload';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { serverMessageOf } from '@/shared/modal/error-to-modal';
import { openModal } from '@/shared/modal/modal-store';
import { isTransient } from '@/shared/outbox/outbox';
import type { SendOptions } from '../api/send-options';
import { fieldsText } from '@/shared/i18n/fields';

const text = helpdeskText.failure;

export interface TicketWriteOptions<TVars, TData> {
  onSuccess?: (data: TData, vars: TVars) => void;
  /** Queries refreshed after the write went through (and after a refusal: what is shown may be stale). */
  invalidate: (vars: TVars) => readonly QueryKey[];
  /** Where "Ke Pusat Bantuan" leads after SHIPMENT_HAS_ACTIVE_TICKET (close type go-help-center). */
  helpCenter?: (vars: TVars) => Record<string, string>;
  /** Opens the screen's file picker: the server refused a file for good, so only another file helps. */
  chooseOtherFile?: () => void;
}

/**
 * A ticket write (spec §8): sent at once, never kept for later: a ticket is a conversation with a
 * person and its files stay on the screen that picked them. A failure that may pass later (no
 * connection, a timeout, the server busy) opens the resubmit modal, whose "Kirim ulang" sends the
 * same request with the same Idempotency-Key (the server applies it once however often it arrives);
 * "Tutup" keeps the form as it is. A refusal that can never pass offers no "Kirim ulang": a refused
 * file offers "Pilih file lain", any other only "Tutup". A second ticket for a shipment
 * opens the spec's message with close type go-help-center. `progress` is the upload's share, 0…1.
 */
export function useTicketWrite<TVars, TData>(send: (vars: TVars, options: SendOptions) => Promise<TData>, options: TicketWriteOptions<TVars, TData>) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const run = useCallback(
    async (vars: TVars, idempotencyKey: string): Promise<void> => {
      setPending(true);
      setProgress(null);
      const refresh = () => latest.current.invalidate(vars).forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
      try {
        const data = await send(vars, { idempotencyKey, onProgress: setProgress });
        refresh();
        latest.current.onSuccess?.(data, vars);
      } catch (error) {
        if (isApiError(error) && error.status >= 400 && error.status < 500) refresh();
        const message = serverMessageOf(error) ?? text.message;
        if (isApiError(error) && error.code === 'SHIPMENT_HAS_ACTIVE_TICKET') {
          openModal({ type: 'error', imageType: 'warning', title: text.activeTicketTitle, message, buttonText: text.toHelpCenter, actionsType: 'go-help-center', payload: latest.current.helpCenter?.(vars) ?? {} });
        } else if (isFileRefusal(error) || (isApiError(error) && error.code === 'TICKET_ATTACHMENTS_TOO_MANY')) {
          // The same files would be refused again: no "Kirim ulang"; the form stays, another file is offered.
          const choose = latest.current.chooseOtherFile;
          openModal({ type: 'error', imageType: 'warning', title: text.fileRefusedTitle, message, buttonText: text.close, actionsType: 'resubmit', ...(choose ? { confirmText: fieldsText.files.chooseOther, onConfirm: choose } : {}) });
        } else if (!isTransient(error)) {
          // A refusal the same request cannot pass (a closed ticket, a field): said, the form kept, no "Kirim ulang".
          openModal({ type: 'error', imageType: 'error', title: text.title, message, buttonText: text.close, actionsType: 'resubmit' });
        } else {
          openModal({
            type: 'error',
            imageType: 'error',
            title: text.title,
            message,
            buttonText: text.close,
            actionsType: 'resubmit',
            confirmText: text.resubmit,
            onConfirm: () => void run(vars, idempotencyKey),
          });
        }
      } finally {
        setPending(false);
        setProgress(null);
      }
    },
    [queryClient, send],
  );

  /** One user action: a fresh key, kept by its resubmits. */
  const mutate = useCallback((vars: TVars) => void run(vars, newIdempotencyKey()), [run]);
  return { mutate, pending, progress };
}
