import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CANCEL_TEXT, type CancelRequest, type OrderDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { id, t } from '@/shared/i18n/id';
import { openModal } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { useApproveCancelRequest } from '../api/approve-cancel-request';
import type { OrderCacheLink } from '../api/cancel-change';
import { useRejectCancelRequest } from '../api/reject-cancel-request';
import { askToPutBack, Notice, useRefusal } from './cancel-refusal';

const text = cancellationsText;

/** Setujui (after the confirm modal) or Tolak with a note the crew member reads on the order. */
export function DecideCancel({
  request,
  order,
  link,
  onDone,
}: {
  request: CancelRequest;
  order: OrderDetail;
  link: OrderCacheLink;
  onDone: (to: string) => void;
}) {
  const noteId = useId();
  const { shipmentNo } = request;
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const { notice, setNotice, noticeRef, onError } = useRefusal();
  const rejectRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (rejecting) rejectRef.current?.scrollIntoView?.({ block: 'start' });
  }, [rejecting]);

  const queued = () => {
    signal('success');
    showToast(text.done.queued, 'info');
    onDone(paths.listCancel);
  };
  const approve = useApproveCancelRequest(shipmentNo, {
    link,
    onQueued: queued,
    onSuccess: (result) => {
      signal('success');
      showToast(t(text.decide.approved, { shipmentNo }), 'success');
      askToPutBack(result.order);
      onDone(paths.listCancel);
    },
    onError,
  });
  const reject = useRejectCancelRequest(shipmentNo, {
    link,
    onQueued: queued,
    onSuccess: () => {
      signal('success');
      setRejecting(false);
      showToast(t(text.decide.rejected, { shipmentNo }), 'info');
      onDone(paths.listCancel);
    },
    onError,
  });
  const busy = (approve.isPending && !approve.queued) || (reject.isPending && !reject.queued);

  const confirmApprove = () =>
    openModal({
      type: 'confirm-cancel',
      title: text.decide.approveTitle,
      message: t(text.decide.approveMessage, { shipmentNo: order.shipmentNo }),
      imageType: 'warning',
      buttonText: text.confirm.back,
      actionsType: 'close-modal',
      confirmText: text.decide.approveConfirm,
      onConfirm: () => {
        setNotice(null);
        approve.mutate({});
      },
    });

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = note.trim();
    // Past the limit the field says so itself; nothing is cut or sent.
    if (isTooLong(note, CANCEL_TEXT.noteMax)) return;
    if (trimmed.length < CANCEL_TEXT.reasonTextMin) {
      setNoteError(t(text.decide.rejectRequired, { min: CANCEL_TEXT.reasonTextMin }));
      return;
    }
    setNoteError(null);
    setNotice(null);
    reject.mutate({ note: trimmed });
  };

  return (
    <>
      <Notice message={notice} noticeRef={noticeRef} />
      {rejecting ? (
        <form
          ref={rejectRef}
          onSubmit={submitReject}
          noValidate
          className="flex flex-col gap-3 rounded-2xl border-2 border-red-200 bg-white p-3 shadow-sm"
          data-testid="cancel-reject-form"
          aria-label={text.decide.rejectTitle}
          style={{ scrollMarginTop: '4rem' }}
        >
          <h2 className="text-lg font-bold text-slate-900">{text.decide.rejectTitle}</h2>
          <TextAreaField
            id={noteId}
            label={text.decide.rejectLabel}
            error={noteError}
            className="min-h-24 rounded-xl py-2"
            max={CANCEL_TEXT.noteMax}
            placeholder={text.decide.rejectPlaceholder}
            value={note}
            onChange={(value) => {
              setNote(value);
              if (noteError) setNoteError(null);
            }}
            disabled={busy}
            testId="cancel-reject-note"
          />
          <div className="grid grid-cols-2 gap-2">
            <Button variant="ghost" onClick={() => setRejecting(false)} disabled={busy}>
              {id.common.cancel}
            </Button>
            <Button type="submit" variant="danger" loading={reject.isPending && !reject.queued} disabled={isTooLong(note, CANCEL_TEXT.noteMax)} data-testid="cancel-reject-submit">
              {text.decide.rejectSubmit}
            </Button>
          </div>
        </form>
      ) : (
        <ActionBar split>
          <Button variant="danger" onClick={() => setRejecting(true)} disabled={busy} data-testid="cancel-reject">
            {text.decide.reject}
          </Button>
          <Button onClick={confirmApprove} loading={approve.isPending && !approve.queued} disabled={busy} data-testid="cancel-approve">
            {text.decide.approve}
          </Button>
        </ActionBar>
      )}
    </>
  );
}


