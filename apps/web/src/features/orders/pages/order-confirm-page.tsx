import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DELIVERY_TYPE, ORDER_STATUS } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { showErrorModal } from '@/shared/modal/error-to-modal';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { showToast } from '@/shared/toast/toast-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { isOrderNotFound, useOrder } from '../api/get-order';
import { useHandOverOrder } from '../api/hand-over-order';
import { Card } from '../components/order-sections';
import { ChannelChip } from '../components/order-card';
import { PICKUP_QR_PREFIX } from '../utils/order-limits';
import { orderDetailPath } from '../utils/order-status';

/** What the crew may put in the code field: the 6 digits, or the customer's QR text. */
export type PickupInput = { ok: true; value: string } | { ok: false; message: string };

export function checkPickupInput(raw: string, shipmentNo: string): PickupInput {
  const text = raw.trim();
  if (!text) return { ok: false, message: id.orders.confirm.pickupCodeRequired };
  if (text.toUpperCase().startsWith(PICKUP_QR_PREFIX)) {
    const rest = text.slice(PICKUP_QR_PREFIX.length);
    const sep = rest.lastIndexOf(':');
    if (sep < 0 || rest.slice(0, sep) !== shipmentNo) return { ok: false, message: id.orders.confirm.qrOtherOrder };
    return { ok: true, value: text };
  }
  if (!/^\d{6}$/.test(text)) return { ok: false, message: id.orders.confirm.pickupCodeInvalid };
  return { ok: true, value: text };
}

const inputClass =
  'min-h-12 w-full rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0';

/** /order/confirm/:status/:shipmentNo — "Konfirmasi" of a pickup order at the counter. */
export default function OrderConfirmPage() {
  const { shipmentNo = '' } = useParams();
  const navigate = useNavigate();
  const order = useOrder(shipmentNo);
  const data = order.data;
  const uid = useId();
  const [code, setCode] = useState('');
  const [receiver, setReceiver] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [receiverError, setReceiverError] = useState<string | null>(null);
  const [scanned, setScanned] = useState(false);

  const handover = useHandOverOrder(shipmentNo, {
    onSuccess: (_detail, vars) => {
      signal('success');
      showToast(t(id.orders.confirm.success, { shipmentNo, name: vars.receiverName }), 'success');
      navigate(paths.listDone, { replace: true });
    },
    onError: (error) => {
      signal('error');
      // A wrong code changes nothing: say so under the field; the crew may try again.
      if (error.code === 'PICKUP_CODE_INVALID') setCodeError(error.message);
      else if (error.code === 'VALIDATION_FAILED' && error.details?.some((d) => d.path.endsWith('receiverName'))) setReceiverError(id.orders.confirm.receiverRequired);
      else showErrorModal(error, 'close-modal');
    },
  });

  const error = order.error;
  useEffect(() => {
    if (error && !isOrderNotFound(error)) showErrorModal(error, 'reload');
  }, [error]);

  const onScan = (text: string) => {
    const checked = checkPickupInput(text, shipmentNo);
    setCode(text.trim());
    setScanned(checked.ok);
    setCodeError(checked.ok ? null : checked.message);
    signal(checked.ok ? 'success' : 'error');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPickupInput(code, shipmentNo);
    const name = receiver.trim();
    setCodeError(checked.ok ? null : checked.message);
    setReceiverError(name.length >= 2 ? null : id.orders.confirm.receiverRequired);
    if (!checked.ok || name.length < 2) return;
    handover.mutate({ pickupCode: checked.value, receiverName: name });
  };

  let content;
  if (order.isPending) {
    content = (
      <div role="status" aria-label={id.common.loading} className="flex flex-col gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  } else if (!data) {
    content = isOrderNotFound(error) ? (
      <EmptyState icon="orders" title={id.orders.detail.notFoundTitle} message={t(id.orders.detail.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listProses} variant="secondary">
          {id.orders.detail.backToList}
        </ButtonLink>
      </EmptyState>
    ) : (
      <ErrorState title={id.orders.detail.loadError} onRetry={() => void order.refetch()} retrying={order.isFetching} />
    );
  } else if (data.statusId !== ORDER_STATUS.IN_PROGRESS || data.deliveryType !== DELIVERY_TYPE.PICKUP) {
    content = (
      <EmptyState
        icon="info"
        title={data.deliveryType !== DELIVERY_TYPE.PICKUP ? id.orders.confirm.deliveryOnly : id.orders.confirm.notReady}
      >
        <ButtonLink to={orderDetailPath(data)} variant="secondary">
          {id.orders.confirm.openDetail}
        </ButtonLink>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <Card testId="confirm-order">
          <div className="flex items-center gap-2">
            <ChannelChip appId={data.appId} appName={data.appName} />
            <span className="ml-auto text-sm font-semibold tabular-nums">
              {t(id.orders.confirm.summary, { count: formatNumber(data.progress.picked), total: formatRupiah(data.price) })}
            </span>
          </div>
          <p className="font-mono font-bold break-all">{data.shipmentNo}</p>
          <p className="text-sm text-slate-700">{data.customer.name}</p>
        </Card>
        <p className="text-sm text-slate-600">{id.orders.confirm.intro}</p>
        <ScannerPanel
          title={id.scanner.qrTitle}
          formats={['qr_code']}
          onScan={onScan}
          manualEntry={false}
          enabled={!handover.isPending}
        >
          {scanned && !codeError ? (
            <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-2 text-sm font-medium text-emerald-800">
              <Icon name="check" className="size-5" />
              {id.orders.confirm.qrScanned}
            </p>
          ) : null}
        </ScannerPanel>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="handover-form">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${uid}-code`} className="text-sm font-medium text-slate-700">
              {id.orders.confirm.pickupCode}
            </label>
            <input
              id={`${uid}-code`}
              data-testid="pickup-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={id.orders.confirm.pickupCodePlaceholder}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setScanned(false);
                setCodeError(null);
              }}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${uid}-code-error` : undefined}
              className={cn(inputClass, 'font-mono tracking-widest', codeError ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')}
            />
            {codeError ? (
              <p id={`${uid}-code-error`} role="alert" className="text-sm text-red-700" data-testid="pickup-code-error">
                {codeError}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${uid}-receiver`} className="text-sm font-medium text-slate-700">
              {id.orders.confirm.receiverName}
            </label>
            <input
              id={`${uid}-receiver`}
              data-testid="receiver-name"
              autoComplete="off"
              autoCapitalize="words"
              placeholder={id.orders.confirm.receiverPlaceholder}
              value={receiver}
              maxLength={100}
              onChange={(e) => {
                setReceiver(e.target.value);
                setReceiverError(null);
              }}
              aria-invalid={receiverError ? true : undefined}
              aria-describedby={receiverError ? `${uid}-receiver-error` : undefined}
              className={cn(inputClass, receiverError ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200')}
            />
            {receiverError ? (
              <p id={`${uid}-receiver-error`} role="alert" className="text-sm text-red-700">
                {receiverError}
              </p>
            ) : null}
            {!receiver.trim() ? (
              <button
                type="button"
                onClick={() => setReceiver(data.customer.name)}
                className="self-start rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-700"
              >
                {t(id.orders.confirm.useCustomerName, { name: data.customer.name })}
              </button>
            ) : null}
          </div>
          <Button type="submit" block loading={handover.isPending} data-testid="handover-submit">
            {id.orders.confirm.submit}
          </Button>
        </form>
      </>
    );
  }

  return (
    <>
      <PageHeader title={id.routes.orderConfirm} backTo={data ? orderDetailPath(data) : paths.listProses} />
      <div className="flex flex-col gap-3 p-4">{content}</div>
    </>
  );
}
