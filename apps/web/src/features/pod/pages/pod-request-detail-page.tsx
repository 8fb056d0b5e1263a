import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { POD_REQUEST_TYPE, POD_REQUEST_TYPES, RETURN_STATUS_LABEL, formatDistance, type PodRequestDetail, type PodRequestType } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { isApiError } from '@/shared/api/api-error';
import { refusalModal, sayRefusal } from '@/shared/api/refusal';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useReasonChoice } from '@/shared/hooks/use-reason-choice';
import { ORDER_STATUS_LABEL, id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { podText } from '@/shared/i18n/pod';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatDateTime } from '@/shared/utils/format';
import { useApprovePodRequest } from '../api/approve-pod-request';
import { usePodRequest } from '../api/get-pod-request';
import { useRejectPodRequest } from '../api/reject-pod-request';
import { useRejectReasons } from '../api/get-reject-reasons';
import { PodStatusChip } from '../components/pod-status-chip';
import { ReasonPicker } from '@/shared/ui/reason-picker';
import { SubmitAlert } from '@/shared/ui/submit-alert';
import { podKeys } from '../query-keys';
import { POD_APPROVAL_REFUSALS } from '../refusals';
import { checkReasonChoice } from '@/shared/utils/reason-choice';
import { Decision, Positions } from '../components/pod-request-facts';

const text = podText.detail;

/** /pengajuan-pod/detail/:shipmentNo/:deliveryType/:type? — one request, approve or reject it. */
export default function PodRequestDetailPage() {
  const { shipmentNo = '', deliveryType = '1', type } = useParams();
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  const detail = usePodRequest(shipmentNo, deliveryType, type);
  const [rejecting, setRejecting] = useState(false);
  const { choice, errors: choiceErrors, setErrors: setChoiceErrors, change: changeChoice } = useReasonChoice();
  const [notice, setNotice] = useState<string | null>(null);
  const rejectReasons = useRejectReasons({ enabled: rejecting });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const rejectRef = useRef<HTMLFormElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (rejecting) rejectRef.current?.scrollIntoView?.({ block: 'start' });
  }, [rejecting]);

  // The path's type names the request shown (spec: /pengajuan-pod/detail/:shipmentNo/:deliveryType/:type?); none is the order's.
  const requestType: PodRequestType = (POD_REQUEST_TYPES as readonly string[]).includes(type ?? '') ? (type as PodRequestType) : POD_REQUEST_TYPE.ORDER;
  const isReturn = requestType === POD_REQUEST_TYPE.RETURN;
  const key = podKeys.detail(shipmentNo, deliveryType, type ?? POD_REQUEST_TYPES[0]);
  const refresh = () => queryClient.refetchQueries({ queryKey: key, type: 'active' });

  const onDecisionError = (error: ApiError) => {
    signal('error');
    const said = sayRefusal(POD_APPROVAL_REFUSALS, error, { show: 'modal', close: 'err-pod-approval' });
    if (said.show === 'form') {
      setNotice(said.text);
      void refresh();
      requestAnimationFrame(() => noticeRef.current?.scrollIntoView?.({ block: 'center' }));
    } else {
      openModal({ ...refusalModal(said, error), type: 'pod-status' });
    }
  };

  // After a decision the result (at the top) is what matters.
  const showResult = () => topRef.current?.scrollIntoView?.({ block: 'start' });
  const approve = useApprovePodRequest(shipmentNo, {
    onSuccess: () => {
      signal('success');
      setNotice(null);
      showResult();
      showToast(t(isReturn ? text.approvedReturn : text.approved, { shipmentNo }), 'success');
    },
    onError: onDecisionError,
  });
  const reject = useRejectPodRequest(shipmentNo, {
    onSuccess: () => {
      signal('success');
      setNotice(null);
      setRejecting(false);
      showResult();
      showToast(t(isReturn ? text.rejectedReturn : text.rejected, { shipmentNo }), 'info');
    },
    onError: onDecisionError,
  });
  const busy = approve.isPending || reject.isPending;

  const confirmApprove = (request: PodRequestDetail) =>
    openModal({
      type: 'pod-status',
      title: request.type === POD_REQUEST_TYPE.RETURN ? text.approveReturnTitle : text.approveTitle,
      message: t(request.type === POD_REQUEST_TYPE.RETURN ? text.approveReturnMessage : text.approveMessage, { shipmentNo, distance: request.distanceM !== null ? formatDistance(request.distanceM) : id.common.dash }),
      imageType: 'warning',
      buttonText: id.common.cancel,
      confirmText: text.approveConfirm,
      onConfirm: () => {
        setNotice(null);
        approve.mutate({ type: request.type });
      },
    });

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    const problems = checkReasonChoice(choice, rejectReasons.data?.items ?? [], { reasonRequired: text.rejectReasonRequired, textRequired: text.rejectOtherRequired });
    setChoiceErrors(problems);
    if (problems || choice.reasonId === null) return;
    setNotice(null);
    const reason = rejectReasons.data?.items.find((r) => r.id === choice.reasonId);
    reject.mutate({ rejectReasonId: choice.reasonId, rejectReasonText: reason?.requiresText || choice.text.trim() ? choice.text.trim() : undefined, type: requestType });
  };

  const error = detail.error;
  let content;
  if (detail.isPending) {
    content = (
      <SkeletonStack bars={['h-28 w-full', 'h-24 w-full', 'h-48 w-full']} testId="pod-detail-loading" />
    );
  } else if (!detail.data && isApiError(error) && error.status === 403) {
    content = (
      <EmptyState icon="alert" title={podText.queue.noAccessTitle} message={podText.queue.noAccessMessage}>
        <ButtonLink to={paths.home} variant="secondary">
          {id.common.toHome}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!detail.data && isApiError(error) && (error.status === 404 || error.status === 400)) {
    content = (
      <EmptyState icon="pin" title={text.notFoundTitle} message={t(isReturn ? text.notFoundReturnMessage : text.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listPengajuanPod} variant="secondary">
          {text.backToList}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!detail.data) {
    content = <ErrorState title={text.loadError} message={isApiError(error) ? error.message : undefined} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  } else {
    const r = detail.data;
    content = (
      <div className={cn('flex flex-col gap-3', r.canDecide && (notice ? 'pb-36' : 'pb-20'))}>
        <Card testId="pod-detail-header">
          <div className="flex items-center gap-2">
            <p className="min-w-0 flex-1 font-mono text-lg font-bold break-all text-slate-900">{r.shipmentNo}</p>
            <PodStatusChip status={r.status} />
          </div>
          <p className="text-sm font-semibold text-slate-700" data-testid="pod-detail-type" data-type={r.type}>
            {podText.types[r.type]}
          </p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
            <Field label={ordersText.detail.orderNo}>{r.orderNo}</Field>
            <Field label={text.requestedAt}>{formatDateTime(r.requestDate)}</Field>
            <Field label={ordersText.detail.store}>{r.storeName}</Field>
            {r.type === POD_REQUEST_TYPE.RETURN ? (
              <Field label={text.returnStatus}>
                <span data-testid="pod-return-status">{r.returnStatus ? RETURN_STATUS_LABEL[r.returnStatus] : id.common.dash}</span>
              </Field>
            ) : (
              <Field label={text.orderStatus}>{ORDER_STATUS_LABEL[r.orderStatusId as keyof typeof ORDER_STATUS_LABEL] ?? r.orderStatusId}</Field>
            )}
          </dl>
        </Card>
        <Decision request={r} />
        <Card testId="pod-detail-request">
          <dl className="grid gap-2">
            <Field label={text.crew}>
              <span data-testid="pod-requester">{r.requester ? `${r.requester.name} (${r.requester.nik})` : id.common.dash}</span>
            </Field>
            <Field label={text.reason}>
              <span data-testid="pod-reason">{r.reason.display}</span>
            </Field>
            <Field label={text.customer}>
              {r.customer.name}
              {r.customer.address ? <span className="block text-xs font-normal text-slate-600">{r.customer.address}</span> : null}
            </Field>
          </dl>
        </Card>
        <Positions request={r} />
        {notice && !(r.canDecide && !rejecting) ? (
          <p ref={noticeRef} role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="pod-decision-notice">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
            {notice}
          </p>
        ) : null}
        {!r.canDecide && r.status === 'pending' ? <p className="text-sm text-slate-600">{text.closed}</p> : null}
        {r.canDecide && rejecting ? (
          <form ref={rejectRef} onSubmit={submitReject} noValidate className="flex flex-col gap-3 rounded-2xl border-2 border-red-200 bg-white p-3 shadow-sm" data-testid="pod-reject-form" aria-label={text.rejectTitle} style={{ scrollMarginTop: '4rem' }}>
            <h2 className="text-lg font-bold text-slate-900">{text.rejectTitle}</h2>
            {rejectReasons.isPending ? (
              <SkeletonStack bars={['h-11 w-full', 'h-11 w-full']} className="gap-2" />
            ) : !rejectReasons.data ? (
              <ErrorState title={podText.request.reasonsError} onRetry={() => void rejectReasons.refetch()} retrying={rejectReasons.isFetching} className="p-3" />
            ) : (
              <ReasonPicker
                legend={text.rejectTitle}
                reasons={rejectReasons.data.items}
                value={choice}
                onChange={changeChoice}
                errors={choiceErrors}
                textLabel={podText.request.otherLabel}
                textPlaceholder={podText.request.otherPlaceholder}
                disabled={busy}
                testId="reject-reason"
              />
            )}
            <div className="grid grid-cols-2 gap-2">
              <Button variant="ghost" onClick={() => setRejecting(false)} disabled={busy}>
                {id.common.cancel}
              </Button>
              <Button type="submit" variant="danger" loading={reject.isPending} disabled={!rejectReasons.data} data-testid="pod-reject-submit">
                {text.rejectSubmit}
              </Button>
            </div>
          </form>
        ) : null}
        {r.canDecide && !rejecting ? (
          <ActionBar>
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <SubmitAlert message={notice} testId="pod-decision-notice" />
              <div className="grid grid-cols-2 gap-2">
                <Button variant="danger" onClick={() => setRejecting(true)} disabled={busy} data-testid="pod-reject">
                  {text.reject}
                </Button>
                <Button onClick={() => confirmApprove(r)} loading={approve.isPending} disabled={busy} data-testid="pod-approve">
                  {text.approve}
                </Button>
              </div>
            </div>
          </ActionBar>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <PageHeader title={id.routes.pengajuanPodDetail} backTo={paths.listPengajuanPod} />
      <PullToRefresh onRefresh={refresh}>
        <div ref={topRef} className="scroll-mt-14 p-4" data-testid="pod-detail">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}
