import { useId, useState } from 'react';
import { BOOKING_LIMITS } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { ConfirmFooter } from '@/shared/modal/confirm-footer';
import { ModalFrame } from '@/shared/modal/modal-frame';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';

const text = bookingsText.detail;

/**
 * Refusing a booking, with an optional reason for the ordering store. The modal system's frame and
 * sheet (focus kept in, Escape closes, the top strip left to toasts); its own state, because the
 * reason is typed into it, and a refusal of the step is said in it, above its button, with the reason kept.
 */
export function RefuseDialog({
  orderingStore,
  onConfirm,
  onClose,
  sending,
  error = null,
}: {
  orderingStore: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  sending: boolean;
  /** The last refusal of the refusal, said right above its button; the reason typed stays. */
  error?: string | null;
}) {
  const uid = useId();
  const [reason, setReason] = useState('');
  const tooLong = isTooLong(reason, BOOKING_LIMITS.refuseReasonMax);
  const titleId = `${uid}-title`;
  return (
    <ModalFrame labelledBy={titleId} describedBy={`${uid}-desc`} dismissible={!sending} onDismiss={onClose}>
      <ModalSheet
        titleId={titleId}
        title={text.refuseTitle}
        onClose={sending ? undefined : onClose}
        footer={<ConfirmFooter onCancel={onClose} onConfirm={() => onConfirm(reason.trim())} confirmText={text.refuseConfirm} loading={sending} disabled={tooLong} testId="refuse-confirm" />}
      >
        <div className="flex flex-col gap-3" data-testid="refuse-dialog">
          <p id={`${uid}-desc`} className="text-sm text-slate-700">
            {t(text.refuseMessage, { store: orderingStore })}
          </p>
          <TextAreaField
            id={`${uid}-reason`}
            label={text.refuseReasonLabel}
            max={BOOKING_LIMITS.refuseReasonMax}
            value={reason}
            placeholder={text.refuseReasonPlaceholder}
            onChange={setReason}
            disabled={sending}
            data-autofocus
            testId="refuse-reason"
          />
          {error ? (
            <p role="alert" className="rounded-xl bg-red-50 p-2 text-sm font-medium whitespace-pre-line text-red-800" data-testid="refuse-error">
              {error}
            </p>
          ) : null}
        </div>
      </ModalSheet>
    </ModalFrame>
  );
}
