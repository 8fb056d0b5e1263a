import { useEffect, useId, useState, type FormEvent } from 'react';
import { outboxText } from '@/shared/i18n/outbox';
import { useNavigate, useParams } from 'react-router';
import { DELIVERY_TYPE, ORDER_STATUS, PICKUP_QR_PREFIX, POD_TEXT, parsePickupQr } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { scannerText } from '@/shared/i18n/scanner';
import { refusalModal, refusalModalOf, sayRefusal } from '@/shared/api/refusal';
import { showErrorModal } from '@/shared/modal/error-to-modal';
import { openModal } from '@/shared/modal/modal-store';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { showToast } from '@/shared/toast/toast-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { FieldSuggestion, FormField, fieldControl } from '@/shared/ui/form-field';
import { isTooLong, lineLimit } from '@/shared/ui/text-area-field';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { isOrderNotFound, useOrder } from '../api/get-order';
import { useHandOverOrder } from '../api/hand-over-order';
import { Card } from '@/shared/ui/card';
import { ChannelChip } from '../components/order-card';
import { ORDER_OTHERWISE, ORDER_REFUSALS } from '../refusals';
import { orderDetailPath } from '../utils/order-status';

/** What the crew may put in the code field: the 6 digits, or the customer's QR text. */
export type PickupInput = { ok: true; value: string } | { ok: false; message: string };

export function checkPickupInput(raw: string, shipmentNo: string): PickupInput {
  const text = raw.trim();
  if (!text) return { ok: false, message: ordersText.confirm.pickupCodeRequired };
  const qr = parsePickupQr(text);
  if (qr) return qr.shipmentNo === shipmentNo ? { ok: true, value: text } : { ok: false, message: ordersText.confirm.qrOtherOrder };
  // A pickup QR without its code is none this order's customer holds.
  if (text.toUpperCase().startsWith(PICKUP_QR_PREFIX)) return { ok: false, message: ordersText.confirm.qrOtherOrder };
  if (!/^\d{6}$/.test(text)) return { ok: false, message: ordersText.confirm.pickupCodeInvalid };
  return { ok: true, value: text };
}

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
  const receiverField = lineLimit(`${uid}-receiver`, receiver, POD_TEXT.nameMax, receiverError, 'receiver-name');

  const handover = useHandOverOrder(shipmentNo, {
    // The code is checked by the server when it arrives; a refusal then shows in the pending list.
    onQueued: () => {
      signal('success');
      showToast(outboxText.queued, 'info');
      navigate(paths.listDone, { replace: true });
    },
    onSuccess: (_detail, vars) => {
      signal('success');
      showToast(t(ordersText.confirm.success, { shipmentNo, name: vars.receiverName }), 'success');
      navigate(paths.listDone, { replace: true });
    },
    onError: (error) => {
      signal('error');
      // On the field ORDER_REFUSALS names (a wrong code changes nothing: the crew may try again), unless
      // the reply's details name another field; else the error modal.
      const said = sayRefusal(ORDER_REFUSALS, error, ORDER_OTHERWISE);
      const field = said.show === 'field' && (!error.details?.length || error.details.some((d) => d.path.split('.').at(-1) === said.field)) ? said.field : null;
      if (field === 'pickupCode') setCodeError(said.text);
      else if (field === 'receiverName') setReceiverError(said.text);
      else openModal(said.show === 'modal' ? refusalModal(said, error) : refusalModalOf({}, error, ORDER_OTHERWISE));
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
    const longEnough = name.length >= POD_TEXT.receiverNameMin;
    // Too long already says so under the field (lineLimit).
    setReceiverError(longEnough ? null : ordersText.confirm.receiverRequired);
    const nameOk = longEnough && !isTooLong(name, POD_TEXT.nameMax);
    if (!checked.ok || !nameOk) return;
    handover.mutate({ pickupCode: checked.value, receiverName: name });
  };

  let content;
  if (order.isPending) {
    content = (
      <SkeletonStack bars={['h-24 w-full', 'h-64 w-full']} />
    );
  } else if (!data) {
    content = isOrderNotFound(error) ? (
      <EmptyState icon="orders" title={ordersText.detail.notFoundTitle} message={t(ordersText.detail.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listProses} variant="secondary">
          {ordersText.detail.backToList}
        </ButtonLink>
      </EmptyState>
    ) : (
      <ErrorState title={ordersText.detail.loadError} onRetry={() => void order.refetch()} retrying={order.isFetching} />
    );
  } else if (data.statusId !== ORDER_STATUS.IN_PROGRESS || data.deliveryType !== DELIVERY_TYPE.PICKUP) {
    content = (
      <EmptyState
        icon="info"
        title={data.deliveryType !== DELIVERY_TYPE.PICKUP ? ordersText.confirm.deliveryOnly : ordersText.confirm.notReady}
      >
        <ButtonLink to={orderDetailPath(data)} variant="secondary">
          {ordersText.confirm.openDetail}
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
              {t(ordersText.confirm.summary, { count: formatNumber(data.progress.picked), total: formatRupiah(data.price) })}
            </span>
          </div>
          <p className="font-mono font-bold break-all">{data.shipmentNo}</p>
          <p className="text-sm text-slate-700">{data.customer.name}</p>
        </Card>
        <p className="text-sm text-slate-600">{ordersText.confirm.intro}</p>
        <ScannerPanel
          title={scannerText.qrTitle}
          formats={['qr_code']}
          onScan={onScan}
          manualEntry={false}
          enabled={!handover.isPending}
        >
          {scanned && !codeError ? (
            <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-2 text-sm font-medium text-emerald-800">
              <Icon name="check" className="size-5" />
              {ordersText.confirm.qrScanned}
            </p>
          ) : null}
        </ScannerPanel>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="handover-form">
          <FormField htmlFor={`${uid}-code`} label={ordersText.confirm.pickupCode} error={codeError} errorTestId="pickup-code-error">
            <input
              {...fieldControl(`${uid}-code`, codeError, 'font-mono tracking-widest')}
              data-testid="pickup-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={ordersText.confirm.pickupCodePlaceholder}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setScanned(false);
                setCodeError(null);
              }}
            />
          </FormField>
          <FormField
            htmlFor={`${uid}-receiver`}
            label={ordersText.confirm.receiverName}
            error={receiverField.error}
            after={
              receiverField.counter ??
              (!receiver.trim() ? (
                <FieldSuggestion onClick={() => setReceiver(data.customer.name)}>{t(ordersText.confirm.useCustomerName, { name: data.customer.name })}</FieldSuggestion>
              ) : null)
            }
          >
            <input
              {...fieldControl(`${uid}-receiver`, receiverField.error)}
              data-testid="receiver-name"
              autoComplete="off"
              autoCapitalize="words"
              placeholder={ordersText.confirm.receiverPlaceholder}
              value={receiver}
              onChange={(e) => {
                setReceiver(e.target.value);
                setReceiverError(null);
              }}
            />
          </FormField>
          <Button type="submit" block loading={handover.isPending} data-testid="handover-submit">
            {ordersText.confirm.submit}
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
