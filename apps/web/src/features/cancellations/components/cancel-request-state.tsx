import { ROLE_LABEL, type CancelRequest, type OrderDetail, type RoleId } from '@gerai/contract';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { t } from '@/shared/i18n/id';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatDateTime } from '@/shared/utils/format';
import { CancelStatusChip } from './cancel-status-chip';

const text = cancellationsText.request;

const TONE: Record<CancelRequest['status'], string> = {
  pending: 'border-amber-300 bg-amber-50',
  approved: 'border-emerald-300 bg-emerald-50',
  rejected: 'border-red-300 bg-red-50',
};

/** The order's request as it stands: why, who asked and when, who must decide, or who decided and their note. */
export function CancelRequestState({ request }: { request: CancelRequest }) {
  const role = ROLE_LABEL[request.deciderRole as RoleId] ?? '';
  return (
    <Card testId="cancel-request-state" className={TONE[request.status]}>
      <div className="flex items-center gap-2" data-status={request.status}>
        <h2 className="flex-1 font-semibold text-slate-900">{text.title}</h2>
        <CancelStatusChip status={request.status} />
      </div>
      {request.status === 'pending' ? (
        <p className="flex items-center gap-2 text-sm font-medium text-amber-950" data-testid="cancel-waiting-for">
          <Icon name="clock" className="size-4 shrink-0" />
          {t(text.waitingFor, { role })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={text.reason} className="col-span-2">
          <span data-testid="cancel-request-reason">{request.reason.display}</span>
        </Field>
        <Field label={text.requestedBy}>{request.requestedBy ?? text.nobody}</Field>
        <Field label={text.requestedAt}>{formatDateTime(request.requestedAt)}</Field>
        {request.status !== 'pending' ? (
          <>
            <Field label={text.decidedBy}>{request.decidedBy ?? text.nobody}</Field>
            <Field label={text.decidedAt}>{request.decidedAt ? formatDateTime(request.decidedAt) : text.nobody}</Field>
          </>
        ) : null}
        {request.note ? (
          <Field label={text.note} className="col-span-2">
            <span data-testid="cancel-request-note">{request.note}</span>
          </Field>
        ) : null}
      </dl>
      {request.status === 'pending' && !request.canDecide ? <p className="text-sm text-slate-700">{t(text.notYours, { role })}</p> : null}
      {request.status === 'rejected' ? <p className="text-sm text-red-900">{text.rejectedHint}</p> : null}
    </Card>
  );
}

/** An order already cancelled: who, when and why; the crew puts picked goods back on the shelf. */
export function CancelledState({ order }: { order: OrderDetail }) {
  const c = cancellationsText.cancelled;
  return (
    <Card testId="cancel-cancelled" className={cn('border-slate-300 bg-slate-50')}>
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon name="cancel" className="size-5 shrink-0 text-slate-600" />
        {c.title}
      </h2>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={c.by}>{order.cancelledBy ?? text.nobody}</Field>
        <Field label={c.at}>{order.cancelledAt ? formatDateTime(order.cancelledAt) : text.nobody}</Field>
        <Field label={c.reason} className="col-span-2">
          {order.cancelReason ?? text.nobody}
        </Field>
      </dl>
      {order.progress.picked > 0 ? (
        <p className="flex items-start gap-2 rounded-xl bg-amber-100 p-2 text-sm font-medium text-amber-950" data-testid="cancel-put-back">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {c.putBack}
        </p>
      ) : null}
    </Card>
  );
}
