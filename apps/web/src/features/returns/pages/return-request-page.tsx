import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DELIVERY_TYPE_LABEL, ERROR_MESSAGES, type Returnable } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { ReasonPicker } from '@/shared/ui/reason-picker';
import { revealField, SubmitAlert } from '@/shared/ui/submit-alert';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { checkReasonChoice, type ReasonChoice, type ReasonChoiceErrors } from '@/shared/utils/reason-choice';
import { useCreateReturn, type CreateReturnInput } from '../api/create-return';
import { useReturnReasons } from '../api/get-return-reasons';
import { useReturnable } from '../api/get-returnable';
import { PhotoPicker } from '../components/photo-picker';
import { ReturnLinesPicker } from '../components/return-lines-picker';
import { usePhotoUploads } from '../hooks/use-photo-uploads';
import { methodOf } from '../utils/method';
import { refusalOf, type Refusal } from '@/shared/api/refusal';

const text = returnsText.request;

/** /retur/request/:shipmentNo/:method — record a return of a completed order: lines, reason, photos. */
export default function ReturnRequestPage() {
  const { shipmentNo = '', method } = useParams();
  const returnable = useReturnable(shipmentNo);
  const error = returnable.error;

  let content;
  if (returnable.isPending) {
    content = <SkeletonStack bars={['h-24 w-full', 'h-40 w-full', 'h-48 w-full']} testId="return-request-loading" />;
  } else if (!returnable.data && isApiError(error) && (error.status === 404 || error.status === 400)) {
    content = (
      <EmptyState icon="returns" title={text.notFoundTitle} message={t(text.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listDone} variant="secondary">
          {id.routes.listDone}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!returnable.data) {
    content = <ErrorState title={text.loadError} message={isApiError(error) ? error.message : undefined} onRetry={() => void returnable.refetch()} retrying={returnable.isFetching} />;
  } else if (returnable.data.refusal) {
    content = <Refusal data={returnable.data} method={method ?? methodOf(returnable.data.deliveryType)} />;
  } else {
    content = <ReturnRequestForm data={returnable.data} method={method ?? methodOf(returnable.data.deliveryType)} />;
  }

  return (
    <>
      <PageHeader title={id.routes.returRequest} backTo={paths.listDone} />
      <PullToRefresh onRefresh={() => returnable.refetch()}>
        <div className="flex flex-col gap-3 p-4" data-testid="return-request">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}

/** Shipment, customer, when it was completed and until when it may be returned. */
function OrderCard({ data }: { data: Returnable }) {
  return (
    <Card testId="return-order">
      <p className="font-mono text-base font-bold break-all text-slate-900">{data.shipmentNo}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={returnsText.common.customer}>{data.customerName}</Field>
        <Field label={returnsText.common.deliveryType}>{DELIVERY_TYPE_LABEL[data.deliveryType as keyof typeof DELIVERY_TYPE_LABEL] ?? data.deliveryType}</Field>
        <Field label={returnsText.common.orderNo}>
          <span className="break-all">{data.orderNo}</span>
        </Field>
        <Field label={text.completedLabel}>{formatDateTime(data.completedAt)}</Field>
      </dl>
      {data.windowEndsAt ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700" data-testid="return-window">
          <Icon name="clock" className="size-4 shrink-0 text-slate-500" />
          {t(text.windowEndsAt, { date: formatDateTime(data.windowEndsAt) })}
        </p>
      ) : null}
    </Card>
  );
}

/** Why no return may be recorded now: the window's end in WIB, or the open return to open. */
function Refusal({ data, method }: { data: Returnable; method: string }) {
  const code = data.refusal!;
  return (
    <>
      <OrderCard data={data} />
      <EmptyState icon="alert" title={text.refusedTitle} message={ERROR_MESSAGES[code]} className="border border-amber-200">
        {code === 'RETURN_WINDOW_CLOSED' && data.windowEndsAt ? (
          <p className="text-sm font-medium text-slate-800" data-testid="return-window-ended">
            {t(text.windowEnded, { days: data.windowDays, date: formatDateTime(data.windowEndsAt) })}
          </p>
        ) : null}
        {code === 'RETURN_ALREADY_OPEN' ? (
          <ButtonLink to={paths.returDetail(data.shipmentNo, method)} data-testid="return-open-link">
            {text.openReturn}
          </ButtonLink>
        ) : null}
      </EmptyState>
    </>
  );
}

interface FormErrors {
  lines?: string;
  reason?: ReasonChoiceErrors;
  photos?: string;
}

function ReturnRequestForm({ data, method }: { data: Returnable; method: string }) {
  const { shipmentNo } = data;
  const navigate = useNavigate();
  const reasons = useReturnReasons();
  const uploads = usePhotoUploads();
  const [qty, setQty] = useState<Record<number, number>>({});
  const [choice, setChoice] = useState<ReasonChoice>({ reasonId: null, text: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const linesRef = useRef<HTMLDivElement>(null);
  const reasonRef = useRef<HTMLElement>(null);
  const photosRef = useRef<HTMLDivElement>(null);
  // Why "Ajukan Retur" did nothing, next to it: the field it is about may be far above or below.
  const [blocked, setBlocked] = useState<string | null>(null);

  const create = useCreateReturn(shipmentNo, {
    onSuccess: (detail) => {
      signal('success');
      showToast(t(text.sent, { shipmentNo }), 'success');
      navigate(paths.returDetail(shipmentNo, methodOf(detail.deliveryType)), { replace: true });
    },
    onQueued: () => {
      signal('success');
      showToast(text.queued, 'info');
    },
    onError: (error: ApiError) => {
      signal('error');
      const r = refusalOf(error);
      setRefusal(r);
      setBlocked(r.message);
      // The server no longer knows the photos: they are uploaded again, the rest of the form stays.
      if (r.code === 'RETURN_PHOTO_UNKNOWN') uploads.reuploadAll();
      requestAnimationFrame(() => refusalRef.current?.scrollIntoView?.({ block: 'center' }));
    },
  });

  const chosenLines = data.lines
    .map((l) => ({ lineId: l.lineId, qty: Math.min(qty[l.lineId] ?? 0, l.returnable) }))
    .filter((l) => l.qty > 0);
  const items = chosenLines.reduce((n, l) => n + l.qty, 0);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (create.isPending) return;
    const next: FormErrors = {};
    if (chosenLines.length === 0) next.lines = text.linesRequired;
    const reasonProblems = checkReasonChoice(choice, reasons.data?.items ?? [], { reasonRequired: text.reasonRequired, textRequired: text.otherRequired });
    if (reasonProblems) next.reason = reasonProblems;
    if (uploads.busy) next.photos = text.photosUploading;
    else if (uploads.failed) next.photos = text.photosFailed;
    else if (uploads.uploadIds.length === 0) next.photos = text.photosRequired;
    setErrors(next);
    const first = next.lines ?? next.reason?.reason ?? next.reason?.text ?? next.photos ?? (choice.reasonId === null ? text.reasonRequired : undefined);
    setBlocked(first ?? null);
    if (first || choice.reasonId === null) {
      signal('error');
      revealField(next.lines ? linesRef.current : next.photos && !next.reason ? photosRef.current : next.reason?.text ? reasonRef.current?.querySelector('textarea') : reasonRef.current);
      return;
    }
    const reason = reasons.data?.items.find((r) => r.id === choice.reasonId);
    setRefusal(null);
    const input: CreateReturnInput = {
      shipmentNo,
      reasonId: choice.reasonId,
      ...(reason?.requiresText ? { reasonText: choice.text.trim() } : {}),
      lines: chosenLines,
      photoIds: uploads.uploadIds,
    };
    create.mutate(input);
  };

  const busy = create.isPending && !create.queued;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="return-request-form">
      <OrderCard data={data} />
      <div ref={linesRef} className="scroll-mt-16">
        <ReturnLinesPicker
          lines={data.lines}
          qty={qty}
          onChange={(lineId, value) => {
            setQty((q) => ({ ...q, [lineId]: value }));
            if (errors.lines) setErrors((er) => ({ ...er, lines: undefined }));
            setBlocked(null);
          }}
          error={errors.lines ?? null}
          disabled={busy}
        />
      </div>
      <section ref={reasonRef} aria-label={text.reasonTitle} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="return-reason">
        {reasons.isPending ? (
          <SkeletonStack bars={['h-11 w-full', 'h-11 w-full', 'h-11 w-full']} className="gap-2" />
        ) : !reasons.data ? (
          <ErrorState title={text.reasonsError} onRetry={() => void reasons.refetch()} retrying={reasons.isFetching} className="p-3" />
        ) : (
          <ReasonPicker
            legend={text.reasonTitle}
            reasons={reasons.data.items}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              if (errors.reason) setErrors((er) => ({ ...er, reason: undefined }));
              setBlocked(null);
            }}
            errors={errors.reason ?? null}
            textLabel={text.otherLabel}
            textPlaceholder={text.otherPlaceholder}
            disabled={busy}
            testId="return-reason-picker"
          />
        )}
      </section>
      <div ref={photosRef} className="scroll-mt-16">
        <PhotoPicker uploads={uploads} error={errors.photos ?? null} disabled={busy} />
      </div>
      {refusal ? (
        <div ref={refusalRef} role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-900" data-testid="return-request-error" data-code={refusal.code}>
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-semibold">{refusal.message}</p>
            {refusal.details.map((d) => (
              <p key={d}>{d}</p>
            ))}
            {refusal.code === 'RETURN_ALREADY_OPEN' ? (
              <ButtonLink to={paths.returDetail(shipmentNo, method)} variant="secondary" className="mt-1 self-start">
                {text.openReturn}
              </ButtonLink>
            ) : null}
          </div>
        </div>
      ) : null}
      {/* Room for the action bar over the end of the form. */}
      <div aria-hidden="true" className={blocked ? 'h-36' : 'h-20'} />
      <ActionBar hint={items > 0 ? t(text.summaryItems, { count: formatNumber(items) }) : null}>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <SubmitAlert message={blocked} testId="return-submit-blocked" />
          <Button type="submit" block loading={busy} disabled={create.queued} data-testid="return-submit">
            {text.submit}
          </Button>
        </div>
      </ActionBar>
    </form>
  );
}
