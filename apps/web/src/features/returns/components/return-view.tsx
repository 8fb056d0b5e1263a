import { useRef, useState } from 'react';
import { DELIVERY_TYPE_LABEL, RETURN_OPEN_STATUSES, RETURN_STATUS, formatDistance, type ReturnDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { useApproveReturn } from '../api/approve-return';
import { useReceiveReturn, type ReceiveReturnInput } from '../api/receive-return';
import { useRefundReturn } from '../api/refund-return';
import { useRejectReturn } from '../api/reject-return';
import { PhotoGallery } from './photo-gallery';
import { ReceiveForm } from './receive-form';
import { RejectForm } from './reject-form';
import { ReturnHistory } from './return-history';
import { ReturnStatusChip } from './return-status-chip';
import { refusalModal, sayRefusal } from '@/shared/api/refusal';
import { RecordNumber } from '@/shared/ui/record-number';
import { RETURN_OTHERWISE, RETURN_REFUSALS } from '../refusals';

const text = returnsText.detail;

/** One return as the page shows it: lines, reason, photos, history and the next action (the server's `actions`). */
export function ReturnView({ detail: r }: { detail: ReturnDetail }) {
  const { shipmentNo } = r;
  const openModal = useModalStore((s) => s.openModal);
  const [rejecting, setRejecting] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const can = (action: ReturnDetail['actions'][number]) => r.actions.includes(action);

  /**
   * A refusal by code, in the contract's words: the return is gone → go-to-retur-list (its list);
   * anything else → close-modal-retur, which reads the returns again (a 409 says another phone
   * moved it on; the screen then shows what it is now).
   */
  const onError = (error: ApiError) => {
    signal('error');
    const said = sayRefusal(RETURN_REFUSALS, error, RETURN_OTHERWISE);
    openModal(refusalModal(said, error, said.close, said.close === 'go-to-retur-list' ? { status: r.status } : {}));
  };
  const done = (message: string) => {
    signal('success');
    showToast(message, 'success');
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };
  const queued = () => showToast(text.queued, 'info');

  const approve = useApproveReturn(shipmentNo, { onSuccess: () => done(t(text.approved, { shipmentNo })), onQueued: queued, onError });
  const reject = useRejectReturn(shipmentNo, {
    onSuccess: () => {
      setRejecting(false);
      done(t(text.rejected, { shipmentNo }));
    },
    onQueued: queued,
    onError,
  });
  const receive = useReceiveReturn(shipmentNo, {
    onSuccess: (_d, vars) => {
      const sum = (c: string) => vars.lines.filter((l) => l.condition === c).reduce((n, l) => n + l.qtyReceived, 0);
      done(t(text.received, { shipmentNo, sellable: formatNumber(sum('sellable')), damaged: formatNumber(sum('damaged')) }));
    },
    onQueued: queued,
    onError,
  });
  const refund = useRefundReturn(shipmentNo, { onSuccess: () => done(t(text.refunded, { shipmentNo })), onQueued: queued, onError });
  const busy = approve.isPending || reject.isPending || receive.isPending || refund.isPending;

  const confirmApprove = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.approveTitle,
      message: t(text.approveMessage, { shipmentNo }),
      buttonText: id.common.cancel,
      confirmText: text.approveConfirm,
      onConfirm: () => approve.mutate({}),
    });
  const confirmReject = (note: string) =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.rejectTitle,
      message: note,
      buttonText: id.common.cancel,
      confirmText: text.rejectSubmit,
      onConfirm: () => reject.mutate({ note }),
    });
  const confirmRefund = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.refundTitle,
      message: t(text.refundMessage, { shipmentNo }),
      buttonText: id.common.cancel,
      confirmText: text.refundConfirm,
      onConfirm: () => refund.mutate({}),
    });
  const submitReceive = (input: ReceiveReturnInput) => receive.mutate(input);

  const open = RETURN_OPEN_STATUSES.includes(r.status);
  const decide = can('approve') || can('reject');
  // What this phone cannot do yet, but someone will: said instead of buttons.
  const waiting =
    r.status === RETURN_STATUS.REQUESTED && !decide ? text.waitingChief : r.status === RETURN_STATUS.RECEIVED && !can('refund') ? text.waitingRefund : null;
  const hasBar = (decide && !rejecting) || can('collect') || can('refund') || can('receive');

  return (
    <div ref={topRef} className={cn('flex scroll-mt-16 flex-col gap-3', hasBar && 'pb-20')}>
      <Card testId="return-header">
        <RecordNumber value={r.shipmentNo} testId="return-shipment">
          <ReturnStatusChip status={r.status} />
        </RecordNumber>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
          <Field label={returnsText.common.customer}>
            {r.customerName}
            <span className="block text-xs font-normal text-slate-600">{r.appName}</span>
          </Field>
          <Field label={returnsText.common.deliveryType}>{DELIVERY_TYPE_LABEL[r.deliveryType as keyof typeof DELIVERY_TYPE_LABEL] ?? r.deliveryType}</Field>
          <Field label={returnsText.common.orderNo}>
            <span className="break-all">{r.orderNo}</span>
          </Field>
          <Field label={returnsText.common.requestedAt}>{formatDateTime(r.createdAt)}</Field>
          <Field label={returnsText.common.requestedBy}>{r.requestedBy ?? id.common.dash}</Field>
        </dl>
        {open ? (
          <p className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-950" data-testid="return-open-notice">
            <Icon name="alert" className="mt-px size-4 shrink-0" />
            {text.inReturnNotice}
          </p>
        ) : null}
      </Card>

      {/* The work of this step first: what arrived, right under the return it belongs to. */}
      {can('receive') ? (
        <ReceiveForm
          lines={r.lines}
          onSubmit={submitReceive}
          disabled={busy}
          footer={
            <ActionBar>
              <Button type="submit" block loading={receive.isPending && !receive.queued} disabled={busy} data-testid="return-receive">
                {text.receive}
              </Button>
            </ActionBar>
          }
        />
      ) : null}

      <Card title={text.reasonTitle} testId="return-reason">
        <p className="text-sm break-words text-slate-900" data-testid="return-reason-text">
          {r.reason.display}
        </p>
        {r.decisionNote ? (
          <p className={cn('rounded-lg px-2 py-1.5 text-sm break-words', r.status === RETURN_STATUS.REJECTED ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-800')} data-testid="return-decision-note">
            <span className="font-semibold">{r.status === RETURN_STATUS.REJECTED ? text.rejectNote : text.decisionNote}: </span>
            {r.decisionNote}
          </p>
        ) : null}
      </Card>

      <Card title={text.linesTitle} testId="return-lines">
        <ul className="flex flex-col divide-y divide-slate-100">
          {r.lines.map((l) => (
            <li key={l.lineId} className="flex flex-col gap-0.5 py-2" data-testid={`return-detail-line-${l.lineId}`}>
              <p className="text-sm font-medium text-slate-900">{l.name}</p>
              <p className="text-xs text-slate-600">
                <span data-testid="return-line-qty">{t(text.lineQty, { qty: formatNumber(l.qty) })}</span>
                {' · '}
                <span data-testid="return-line-received" data-condition={l.condition ?? ''} data-qty={l.qtyReceived ?? ''}>
                  {l.qtyReceived !== null && l.condition ? t(text.lineReceived, { qty: formatNumber(l.qtyReceived), condition: returnsText.condition[l.condition] ?? l.condition }) : text.lineNotReceived}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </Card>

      <Card title={text.photosTitle} testId="return-photos">
        <PhotoGallery photos={r.photos} emptyText={text.noPhotos} />
      </Card>

      {r.pod ? (
        <Card title={text.podTitle} testId="return-pod">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
            <Field label={text.podReceiver}>{r.pod.receiverName}</Field>
            <Field label={text.podRelation}>{r.pod.receiverOther ? `${r.pod.receiverRelation}: ${r.pod.receiverOther}` : r.pod.receiverRelation}</Field>
            <Field label={text.podDistance}>{r.pod.distanceM !== null ? formatDistance(r.pod.distanceM) : id.common.dash}</Field>
            <Field label={text.podAccuracy}>{r.pod.accuracy !== null ? t(text.accuracyValue, { m: Math.round(r.pod.accuracy) }) : id.common.dash}</Field>
            <Field label={text.podAt}>{formatDateTime(r.pod.capturedAt ?? r.pod.at)}</Field>
            <Field label={text.podBy}>{r.pod.userName ?? id.common.dash}</Field>
          </dl>
        </Card>
      ) : null}

      <ReturnHistory history={r.history} />

      {waiting ? (
        <p className="flex items-center gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="return-waiting">
          <Icon name="clock" className="size-4 shrink-0" />
          {waiting}
        </p>
      ) : null}

      {rejecting && can('reject') ? <RejectForm onSubmit={confirmReject} onCancel={() => setRejecting(false)} sending={reject.isPending} /> : null}

      {decide && !rejecting ? (
        <ActionBar split={can('approve') && can('reject')}>
          {can('reject') ? (
            <Button variant="danger" block onClick={() => setRejecting(true)} disabled={busy} data-testid="return-reject">
              {text.reject}
            </Button>
          ) : null}
          {can('approve') ? (
            <Button block onClick={confirmApprove} loading={approve.isPending && !approve.queued} disabled={busy} data-testid="return-approve">
              {text.approve}
            </Button>
          ) : null}
        </ActionBar>
      ) : null}

      {can('collect') ? (
        <ActionBar>
          <ButtonLink to={paths.returPod(shipmentNo)} block data-testid="return-collect">
            <Icon name="truck" className="size-5" />
            {text.collect}
          </ButtonLink>
        </ActionBar>
      ) : null}

      {can('refund') ? (
        <ActionBar>
          <Button block onClick={confirmRefund} loading={refund.isPending && !refund.queued} disabled={busy} data-testid="return-refund">
            {text.refund}
          </Button>
        </ActionBar>
      ) : null}
    </div>
  );
}
