import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { TICKET_STATUS, TICKET_STATUS_LABEL, TICKET_TEXT, type TicketAttachment, type TicketDetail, type TicketList, type TicketStatus } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { t } from '@/shared/i18n/id';
import { openModal } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { Button } from '@/shared/ui/button';
import { Card, CardSkeleton, Field } from '@/shared/ui/card';
import { PageHeader } from '@/shared/ui/page-header';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatDateTime } from '@/shared/utils/format';
import { useAddAttachments } from '../api/add-attachments';
import { useAddComment } from '../api/add-comment';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useTicket } from '../api/get-ticket';
import { useUpdateTicket } from '../api/update-ticket';
import { AttachmentList } from '../components/attachment-list';
import { FilePicker, UploadProgress } from '../components/file-picker';
import { TicketStatusChip } from '../components/ticket-status-chip';
import { helpdeskKeys } from '../query-keys';

const text = helpdeskText.detail;

/** /reported-detail/:mode/…/:id — the ticket, its conversation and files; reply, add or delete files, move its status. Live. */
export default function ReportedDetailPage({ mode, id }: { mode: string; id: number }) {
  // A reply, a file or a status change from the other side: the shell's live subscriber reads it again (`../live.ts`).
  const ticket = useTicket(id);

  const back = mode === 'helpdesk' ? paths.helpCenter({ mode }) : paths.helpCenter();
  return (
    <>
      <PageHeader title={t(text.ticketNo, { id })} backTo={back} />
      <div className="flex flex-col gap-3 p-3 pb-6">
        {ticket.isPending ? (
          <CardSkeleton rows={['h-5 w-1/2', 'h-4 w-full', 'h-4 w-3/4']} />
        ) : ticket.isError ? (
          isApiError(ticket.error) && ticket.error.status === 404 ? (
            <EmptyState icon="alert" title={text.notFound} />
          ) : (
            <ErrorState title={text.loadError} onRetry={() => void ticket.refetch()} retrying={ticket.isFetching} />
          )
        ) : (
          <TicketView ticket={ticket.data} />
        )}
      </div>
    </>
  );
}

function TicketView({ ticket }: { ticket: TicketDetail }) {
  const queryClient = useQueryClient();
  const status = useUpdateTicket(ticket.id, {
    onSuccess: (summary) => {
      // Spec §5: the list entry takes the returned status (the lists are not read again for it).
      queryClient.setQueriesData<InfiniteData<TicketList>>({ queryKey: helpdeskKeys.lists() }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === summary.id ? summary : item)) })) } : data,
      );
      showToast(t(text.statusChanged, { label: TICKET_STATUS_LABEL[summary.status] }), 'success');
    },
  });
  const remove = useDeleteAttachment(ticket.id, { onSuccess: () => showToast(text.deleted, 'success') });
  const [extra, setExtra] = useState<File[]>([]);
  const extraInput = useRef<HTMLInputElement>(null);
  const attach = useAddAttachments(ticket.id, {
    chooseOtherFile: () => extraInput.current?.click(),
    onSuccess: () => {
      setExtra([]);
      showToast(text.filesAdded, 'success');
    },
  });
  const onDelete = (file: TicketAttachment) =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.deleteConfirmTitle,
      message: t(text.deleteConfirm, { name: file.fileName }),
      buttonText: helpdeskText.failure.close,
      actionsType: 'close-modal',
      confirmText: text.deleteYes,
      onConfirm: () => remove.mutate({ ticketId: ticket.id, attachmentId: file.id }),
    });
  const moveLabel = (to: TicketStatus) => (ticket.status === TICKET_STATUS.RESOLVED && to === TICKET_STATUS.IN_PROGRESS ? helpdeskText.reopen : helpdeskText.move[to]!);

  return (
    <>
      <Card testId="ticket-header">
        <div className="flex items-center gap-2">
          <h2 className="flex-1 font-semibold text-slate-900">{ticket.problem?.label ?? t(text.ticketNo, { id: ticket.id })}</h2>
          <TicketStatusChip status={ticket.status} />
        </div>
        <p className="text-sm whitespace-pre-line text-slate-700">{ticket.description}</p>
        <dl className="grid grid-cols-2 gap-2">
          <Field label={text.shipmentNo}>{ticket.shipmentNo}</Field>
          <Field label={text.orderNo}>{ticket.orderNo ?? '-'}</Field>
          <Field label={text.store}>
            {ticket.storeCode} · {ticket.storeName}
          </Field>
          <Field label={text.staff}>{ticket.staffName}</Field>
          <Field label={text.createdAt}>{formatDateTime(ticket.createdAt)}</Field>
        </dl>
        {ticket.reopenUntil ? <p className="text-xs text-slate-500">{t(text.reopenUntil, { date: formatDateTime(ticket.reopenUntil) })}</p> : null}
        {ticket.moves.length ? (
          <div className="grid grid-cols-2 gap-2" data-testid="ticket-moves">
            {ticket.moves.map((to) => (
              <Button key={to} variant={to === TICKET_STATUS.CLOSED ? 'secondary' : 'primary'} loading={status.isPending} onClick={() => status.mutate({ ticketId: ticket.id, status: to })} data-testid={`ticket-move-${to}`}>
                {moveLabel(to)}
              </Button>
            ))}
          </div>
        ) : null}
      </Card>
      <Card title={text.attachments} testId="ticket-files-card">
        {ticket.attachments.length ? <AttachmentList files={ticket.attachments} onDelete={onDelete} disabled={remove.isPending} /> : <p className="text-sm text-slate-600">{text.noAttachments}</p>}
        {ticket.canComment ? (
          <>
            <FilePicker files={extra} onChange={setExtra} disabled={attach.isPending} label={text.addFiles} inputRef={extraInput} />
            {extra.length ? (
              <Button variant="secondary" loading={attach.isPending} onClick={() => attach.mutate({ ticketId: ticket.id, files: extra })} data-testid="ticket-add-files">
                {text.addFiles}
              </Button>
            ) : null}
            <UploadProgress progress={attach.progress} />
          </>
        ) : null}
      </Card>
      <Card title={text.conversation} testId="ticket-conversation">
        {ticket.conversations.length === 0 ? (
          <p className="text-sm text-slate-600">{text.noComments}</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-live="polite">
            {ticket.conversations.map((c) => (
              <li key={c.id} className={cn('flex flex-col gap-1 rounded-2xl p-3', c.fromHelpdesk ? 'mr-6 bg-sky-50' : 'ml-6 bg-slate-100')} data-testid={`ticket-comment-${c.id}`} data-from={c.fromHelpdesk ? 'helpdesk' : 'store'}>
                <div className="flex items-baseline gap-2 text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">{c.userName ?? '-'}</span>
                  {c.fromHelpdesk ? <span className="rounded-full bg-sky-200 px-1.5 text-sky-900">{text.helpdesk}</span> : null}
                  <span className="flex-1" />
                  <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                </div>
                <p className="text-sm whitespace-pre-line text-slate-900">{c.body}</p>
                <AttachmentList files={c.attachments} onDelete={onDelete} disabled={remove.isPending} />
              </li>
            ))}
          </ol>
        )}
        {ticket.canComment ? <ReplyForm ticketId={ticket.id} /> : <p className="text-sm text-slate-600" data-testid="ticket-closed-note">{text.closedNote}</p>}
      </Card>
    </>
  );
}

/** The reply box: text and optional files (multipart with progress), cleared once sent. */
function ReplyForm({ ticketId }: { ticketId: number }) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const tooLong = isTooLong(body, TICKET_TEXT.commentMax);
  const write = useAddComment(ticketId, {
    chooseOtherFile: () => fileInput.current?.click(),
    onSuccess: () => {
      setBody('');
      setFiles([]);
      showToast(text.sent, 'success');
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim() || tooLong) return;
    write.mutate({ ticketId, body: body.trim(), files });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-slate-100 pt-2" data-testid="ticket-reply-form">
      <TextAreaField
        label={text.reply}
        value={body}
        onChange={setBody}
        max={TICKET_TEXT.commentMax}
        placeholder={text.replyPlaceholder}
        className="min-h-20 rounded-xl py-2"
        testId="ticket-reply"
      />
      <FilePicker files={files} onChange={setFiles} disabled={write.isPending} label={text.attach} inputRef={fileInput} />
      <UploadProgress progress={write.progress} />
      <Button type="submit" loading={write.isPending} disabled={!body.trim() || tooLong} data-testid="ticket-reply-send">
        {text.send}
      </Button>
    </form>
  );
}
