import { useId, type FormEvent } from 'react';
import { CANCEL_TEXT, ROLE_LABEL, cancelMinRole, type CancelResult, type OrderDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useReasonChoice } from '@/shared/hooks/use-reason-choice';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { id, t } from '@/shared/i18n/id';
import { openModal } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { ReasonPicker } from '@/shared/ui/reason-picker';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { checkReasonChoice } from '@/shared/utils/reason-choice';
import type { OrderCacheLink } from '../api/cancel-change';
import { useCreateCancelRequest } from '../api/create-cancel-request';
import { useCancelReasons } from '../api/get-cancel-reasons';
import { askToPutBack, CANCELLED, Notice, useRefusal, type DetailPath } from './cancel-refusal';

const text = cancellationsText;

/** The reason and the confirm-cancel modal, then the request (or, for who may decide it, the cancellation). */
export function CancelForm({ order, link, onDone, detailPath }: { order: OrderDetail; link: OrderCacheLink; onDone: (to: string) => void; detailPath: DetailPath }) {
  const formId = useId();
  const direct = order.actions.includes('cancel');
  const reasons = useCancelReasons();
  const { choice, errors, setErrors, change: changeChoice } = useReasonChoice();
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
            onChange={changeChoice}
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

