import { Link } from 'react-router';
import { ORDER_STATUS, RETURN_STATUS_LABEL, type OrderDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { ButtonLink } from '@/shared/ui/button';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { formatDateTime } from '@/shared/utils/format';
import { orderMethod } from '../utils/order-status';

const text = ordersText.aftercare;

const isCancelled = (statusId: number) => statusId === ORDER_STATUS.CANCELLED || statusId === ORDER_STATUS.HISTORY_CANCELLED;

/**
 * Where the order's other end stands: cancelled (who, when, why), a cancellation request
 * waiting or rejected (with the decider's note), its latest return. Nothing when none applies.
 */
export function OrderAftercareState({ order }: { order: OrderDetail }) {
  const cancelled = isCancelled(order.statusId);
  const request = order.cancelRequest;
  const showRequest = !cancelled && request && request.status !== 'approved';
  if (!cancelled && !showRequest && !order.returnInfo) return null;
  return (
    <div className="flex flex-col gap-3">
      {cancelled ? (
        <Card title={text.cancelledTitle} testId="order-cancelled" className="border-slate-300 bg-slate-50">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
            <Field label={text.cancelledBy}>
              <span data-testid="order-cancelled-by">{order.cancelledBy ?? '-'}</span>
            </Field>
            <Field label={text.cancelledAt}>{order.cancelledAt ? formatDateTime(order.cancelledAt) : '-'}</Field>
            <Field label={text.cancelReason} className="col-span-2">
              <span data-testid="order-cancel-reason">{order.cancelReason ?? '-'}</span>
            </Field>
          </dl>
          {order.statusId === ORDER_STATUS.CANCELLED && order.progress.picked > 0 ? (
            <p className="flex items-start gap-2 rounded-xl bg-amber-100 p-2 text-sm font-medium text-amber-950" data-testid="order-put-back">
              <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
              {text.putBack}
            </p>
          ) : null}
        </Card>
      ) : null}
      {showRequest && request.status === 'pending' ? (
        <section role="status" className="flex flex-col gap-1 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="order-cancel-pending">
          <div className="flex min-h-11 items-center gap-2">
            <h2 className="flex min-w-0 flex-1 items-center gap-2 font-bold">
              <Icon name="clock" className="size-5 shrink-0" />
              {text.cancelPending}
            </h2>
            <Link to={paths.requestCancel(order.shipmentNo)} className="inline-flex min-h-11 shrink-0 items-center rounded-xl px-2 text-sm font-semibold text-amber-900 underline">
              {text.openRequest}
            </Link>
          </div>
          <p className="text-sm">{t(text.reason, { reason: request.reason })}</p>
          <p className="text-xs opacity-80">{t(text.requestedBy, { name: request.requestedBy ?? '-', time: formatDateTime(request.requestedAt) })}</p>
        </section>
      ) : null}
      {showRequest && request.status === 'rejected' ? (
        <section role="status" className="flex flex-col gap-1 rounded-2xl border border-red-300 bg-red-50 p-3 text-red-950" data-testid="order-cancel-rejected">
          <h2 className="flex items-center gap-2 font-bold">
            <Icon name="alert" className="size-5 shrink-0" />
            {text.cancelRejected}
          </h2>
          {request.note ? (
            <p className="text-sm" data-testid="order-cancel-note">
              {t(text.note, { note: request.note })}
            </p>
          ) : null}
          <p className="text-xs opacity-80">
            {t(text.reason, { reason: request.reason })}
            {request.decidedBy && request.decidedAt ? ` · ${t(text.decidedBy, { name: request.decidedBy, time: formatDateTime(request.decidedAt) })}` : ''}
          </p>
        </section>
      ) : null}
      {order.returnInfo ? (
        <Link
          to={paths.returDetail(order.shipmentNo, orderMethod(order.deliveryType))}
          aria-label={t(text.returnOpen, { shipmentNo: order.shipmentNo })}
          className="flex min-h-11 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-3 py-2 shadow-sm active:bg-slate-50"
          data-testid="order-return"
        >
          <Icon name="returns" className="size-5 shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-900">{t(text.returnRow, { status: RETURN_STATUS_LABEL[order.returnInfo.status] })}</span>
            <span className="block text-xs text-slate-500">{formatDateTime(order.returnInfo.createdAt)}</span>
          </span>
          <Icon name="chevronRight" className="size-5 shrink-0 text-slate-400" />
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The cancel and return actions, exactly as the server offers them in order.actions: both
 * lead to their own screen for this order (the cancellation: its reason and confirmation there).
 */
export function OrderAftercareActions({ order }: { order: OrderDetail }) {
  const cancel = order.actions.includes('cancel') ? 'cancel' : order.actions.includes('requestCancel') ? 'requestCancel' : null;
  const retur = order.actions.includes('requestReturn');
  if (!cancel && !retur) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="order-aftercare-actions">
      {retur ? (
        <ButtonLink to={paths.returRequest(order.shipmentNo, orderMethod(order.deliveryType))} variant="secondary" block data-testid="request-return">
          <Icon name="returns" className="size-5" />
          {text.requestReturn}
        </ButtonLink>
      ) : null}
      {cancel ? (
        <ButtonLink to={paths.requestCancel(order.shipmentNo)} variant="danger" block data-testid="request-cancel">
          <Icon name="cancel" className="size-5" />
          {cancel === 'cancel' ? text.cancel : text.requestCancel}
        </ButtonLink>
      ) : null}
    </div>
  );
}
