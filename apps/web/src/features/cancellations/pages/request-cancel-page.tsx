import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CANCEL_TEXT, ORDER_STATUS, ROLE_LABEL, cancelMinRole, isCancellable, type CancelRequest, type CancelResult, type OrderDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { isApiError } from '@/shared/api/api-error';
import { refusalModal, sayRefusal } from '@/shared/api/refusal';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { ORDER_STATUS_LABEL, id, t } from '@/shared/i18n/id';
import { openModal } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { Icon } from '@/shared/ui/icons';
import { PageHeader, useLeave } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { ReasonPicker } from '@/shared/ui/reason-picker';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { checkReasonChoice, type ReasonChoice, type ReasonChoiceErrors } from '@/shared/utils/reason-choice';
import { useApproveCancelRequest } from '../api/approve-cancel-request';
import type { OrderCacheLink } from '../api/cancel-change';
import { useCreateCancelRequest } from '../api/create-cancel-request';
import { useCancelReasons } from '../api/get-cancel-reasons';
import { useCancelRequest } from '../api/get-cancel-request';
import { useRejectCancelRequest } from '../api/reject-cancel-request';
import { CancelOrderCard } from '../components/cancel-order-card';
import { CancelledState, CancelRequestState } from '../components/cancel-request-state';
import { cancelKeys } from '../query-keys';
import { CANCEL_REFUSALS } from '../refusals';

const text = cancellationsText;

export type OrderLoadState = 'loading' | 'ready' | 'not-found' | 'error';

export interface RequestCancelPageProps {
  shipmentNo: string;
  /** The order as the orders area has it (this phone's waiting actions applied). */
  order: OrderDetail | undefined;
  orderState: OrderLoadState;
  retrying: boolean;
  onRetry: () => void;
  /** Reads the order again (pull to refresh). */
  onRefreshOrder: () => Promise<unknown>;
  /** The order's cache: a reply's order is written into it. */
  link: OrderCacheLink;
  /** The order's detail screen. */
  detailPath: (order: Pick<OrderDetail, 'statusId' | 'shipmentNo' | 'deliveryType'>) => string;
}

const CANCELLED: readonly number[] = [ORDER_STATUS.CANCELLED, ORDER_STATUS.HISTORY_CANCELLED];

/** Picked goods go back on the shelf: said once the order is cancelled (decision 87). */
function askToPutBack(order: OrderDetail) {
  if (order.progress.picked <= 0) return;
  openModal({
    type: 'info',
    imageType: 'info',
    title: text.done.putBackTitle,
    message: t(text.done.putBackMessage, { shipmentNo: order.shipmentNo }),
    buttonText: text.done.putBackButton,
    actionsType: 'close-modal',
  });
}

/**
 * /request-cancel?shipmentNo= — one order's cancellation. Without a pending request: the reason
 * (from the API's list, "Lainnya" with a text) and the spec's confirm-cancel modal, then the
 * request (staff) or the cancellation itself (who may decide it). With one: its state, and for
 * who may decide it, Setujui / Tolak (a rejection says why).
 */
export function RequestCancelPage({ shipmentNo, order, orderState, retrying, onRetry, onRefreshOrder, link, detailPath }: RequestCancelPageProps) {
  const queryClient = useQueryClient();
  const leave = useLeave();
  const request = useCancelRequest(shipmentNo);

  const refresh = () => Promise.all([onRefreshOrder(), queryClient.refetchQueries({ queryKey: cancelKeys.detail(shipmentNo), type: 'active' })]);

  const requestNotFound = isApiError(request.error) && (request.error.status === 404 || request.error.status === 400);
  // Offline with nothing kept for it: the order's request is taken as none, so a request can still be made (the outbox sends it).
  const requestLoading = request.isPending && request.fetchStatus !== 'paused';
  let content;
  if (orderState === 'loading' || (orderState === 'ready' && requestLoading)) {
    content = <SkeletonStack bars={['h-36 w-full', 'h-24 w-full', 'h-48 w-full']} testId="request-cancel-loading" />;
  } else if (orderState === 'not-found' || (!request.data && requestNotFound)) {
    content = (
      <EmptyState icon="orders" title={text.notFoundTitle} message={t(text.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listCancel} variant="secondary">
          {text.backToQueue}
        </ButtonLink>
      </EmptyState>
    );
  } else if (orderState === 'error' || !order) {
    content = <ErrorState title={text.loadError} onRetry={onRetry} retrying={retrying} />;
  } else if (request.isError && request.data === undefined) {
    content = (
      <div className="flex flex-col gap-3">
        <CancelOrderCard order={order} />
        <ErrorState title={text.loadError} message={isApiError(request.error) ? request.error.message : undefined} onRetry={() => void request.refetch()} retrying={request.isFetching} />
      </div>
    );
  } else {
    content = (
      <CancelBody
        order={order}
        request={request.data ?? null}
        link={link}
        onDone={leave}
        detailPath={detailPath}
      />
    );
  }

  return (
    <>
      <PageHeader title={id.routes.requestCancel} backTo={order ? detailPath(order) : paths.listCancel} />
      <PullToRefresh onRefresh={refresh}>
        <div className="p-4" data-testid="request-cancel">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}

function CancelBody({
  order,
  request,
  link,
  onDone,
  detailPath,
}: {
  order: OrderDetail;
  request: CancelRequest | null;
  link: OrderCacheLink;
  onDone: (to: string) => void;
  detailPath: RequestCancelPageProps['detailPath'];
}) {
  const cancelled = CANCELLED.includes(order.statusId);
  const pending = request?.status === 'pending' && !cancelled;
  const canAsk = !cancelled && !pending && (order.actions.includes('requestCancel') || order.actions.includes('cancel'));
  return (
    <div className={cn('flex flex-col gap-3', (canAsk || (pending && request?.canDecide)) && 'pb-24')}>
      <CancelOrderCard order={order} />
      {cancelled ? <CancelledState order={order} /> : null}
      {request ? <CancelRequestState request={request} /> : null}
      {pending && request?.canDecide ? <DecideCancel request={request} order={order} link={link} onDone={onDone} /> : null}
      {canAsk ? <CancelForm order={order} link={link} onDone={onDone} detailPath={detailPath} /> : null}
      {!cancelled && !pending && !canAsk ? (
        <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="cancel-unavailable">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          {isCancellable(order.statusId)
            ? text.form.noAction
            : t(text.form.notCancellable, { status: ORDER_STATUS_LABEL[order.statusId as keyof typeof ORDER_STATUS_LABEL] ?? String(order.statusId) })}
        </p>
      ) : null}
      {cancelled || !canAsk ? (
        <ButtonLink to={detailPath(order)} variant="secondary">
          {text.openOrder}
        </ButtonLink>
      ) : null}
    </div>
  );
}

/** Refusals shown where the crew looks: under the form, above the action bar. */
function Notice({ message, noticeRef }: { message: string | null; noticeRef: RefObject<HTMLParagraphElement | null> }) {
  if (!message) return null;
  return (
    <p ref={noticeRef} role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="cancel-notice">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

function useRefusal() {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const onError = (error: ApiError) => {
    signal('error');
    const said = sayRefusal(CANCEL_REFUSALS, error);
    if (said.show === 'form') {
      setNotice(said.text);
      requestAnimationFrame(() => noticeRef.current?.scrollIntoView?.({ block: 'center' }));
    } else openModal(refusalModal(said, error));
  };
  return { notice, setNotice, noticeRef, onError };
}

/** The reason and the confirm-cancel modal, then the request (or, for who may decide it, the cancellation). */
function CancelForm({ order, link, onDone, detailPath }: { order: OrderDetail; link: OrderCacheLink; onDone: (to: string) => void; detailPath: RequestCancelPageProps['detailPath'] }) {
  const formId = useId();
  const direct = order.actions.includes('cancel');
  const reasons = useCancelReasons();
  const [choice, setChoice] = useState<ReasonChoice>({ reasonId: null, text: '' });
  const [errors, setErrors] = useState<ReasonChoiceErrors | null>(null);
  const { notice, setNotice, noticeRef, onError } = useRefusal();
  const { shipmentNo } = order;

  const create = useCreateCancelRequest(shipmentNo, {
    direct,
    link,
    onQueued: () => {
      signal('success');
      showToast(text.done.queued, 'info');
      onDone(detailPath(order));
    },
    onSuccess: (result: CancelResult) => {
      signal('success');
      if (CANCELLED.includes(result.order.statusId)) {
        showToast(text.done.cancelled, 'success');
        askToPutBack(result.order);
        onDone(paths.listCancel);
      } else {
        showToast(text.done.requested, 'success');
        onDone(detailPath(result.order));
      }
    },
    onError,
  });
  const busy = create.isPending && !create.queued;

  // The role a request waits for, as the form says before it is sent.
  const minRole = cancelMinRole(order.statusId, order.deliveryType);
  const hint = direct ? text.form.cancelHint : t(text.form.requestHint, { role: minRole ? ROLE_LABEL[minRole] : '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const items = reasons.data?.items ?? [];
    const problems = checkReasonChoice(choice, items, {
      reasonRequired: text.form.reasonRequired,
      textRequired: t(text.form.textRequired, { min: CANCEL_TEXT.reasonTextMin }),
    });
    setErrors(problems);
    if (problems || choice.reasonId === null) return;
    const reason = items.find((r) => r.id === choice.reasonId);
    const typed = choice.text.trim();
    const reasonText = reason?.requiresText || typed ? typed : undefined;
    const shown = reason?.requiresText ? typed : (reason?.label ?? '');
    setNotice(null);
    openModal({
      type: 'confirm-cancel',
      title: direct ? text.confirm.cancelTitle : text.confirm.requestTitle,
      message: t(direct ? text.confirm.cancelMessage : text.confirm.requestMessage, { shipmentNo, reason: shown }),
      imageType: 'warning',
      buttonText: text.confirm.back,
      actionsType: 'close-modal',
      confirmText: direct ? text.confirm.cancelConfirm : text.confirm.requestConfirm,
      onConfirm: () => create.mutate({ shipmentNo, reasonId: choice.reasonId!, reasonText }),
    });
  };

  return (
    <>
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="cancel-form" aria-label={text.form.title}>
        <h2 className="font-semibold text-slate-900">{text.form.title}</h2>
        {reasons.isPending && reasons.fetchStatus !== 'paused' ? (
          <SkeletonStack bars={['h-11 w-full', 'h-11 w-full', 'h-11 w-full']} className="gap-2" />
        ) : !reasons.data ? (
          <ErrorState
            title={text.form.reasonsError}
            message={reasons.fetchStatus === 'paused' ? id.errors.offline : undefined}
            onRetry={() => void reasons.refetch()}
            retrying={reasons.isFetching}
            className="p-3"
          />
        ) : (
          <ReasonPicker
            legend={text.form.title}
            reasons={reasons.data.items}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              if (errors) setErrors(null);
            }}
            errors={errors}
            textLabel={text.form.otherLabel}
            textPlaceholder={text.form.otherPlaceholder}
            disabled={busy}
            testId="cancel-reason"
          />
        )}
        <p className="text-sm text-slate-600" data-testid="cancel-hint">
          {hint}
        </p>
      </form>
      <Notice message={notice} noticeRef={noticeRef} />
      <ActionBar>
        <Button type="submit" form={formId} block variant={direct ? 'danger' : 'primary'} loading={busy} disabled={!reasons.data} data-testid="cancel-submit">
          {direct ? text.form.cancel : text.form.request}
        </Button>
      </ActionBar>
    </>
  );
}

/** Setujui (after the confirm modal) or Tolak with a note the crew member reads on the order. */
function DecideCancel({
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

