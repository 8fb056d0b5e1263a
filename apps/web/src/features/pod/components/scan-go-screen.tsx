import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DELIVERY_TYPE, ORDER_STATUS, distanceMeters, formatDistance, type LatLng, type OrderDetail, type PodRequestSummary } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useEvents } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { ORDER_STATUS_LABEL, id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { podText } from '@/shared/i18n/pod';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { formatNumber, formatRupiah, formatTime } from '@/shared/utils/format';
import { useOrderPodRequests } from '../api/get-order-pod-requests';
import { outsideReplyOf, useScanAndGo, type OutsideData, type ScanGoInput } from '../api/scan-and-go';
import { useDeviceLocation } from '../hooks/use-device-location';
import { usePodLimits, type PodLimits } from '../hooks/use-pod-limits';
import { POD_LIVE_TYPES } from '../live-events';
import { podKeys } from '../query-keys';
import { useSentRequests } from '../stores/sent-requests';
import { capturedAtOf, type LocationFix } from '../utils/location';
import { needsNewLocation, podCodeMeaning, podErrorMeaning, podErrorModal } from '../utils/pod-errors';
import { LocationCard } from './location-card';
import { PackageCheck } from './package-check';
import { PodRequestForm } from './pod-request-form';
import { PodRequestState } from './pod-request-state';
import { ScanGoForm, type ScanGoFormValues, type ScanGoReceiver, type SetScanGoFieldError } from './scan-go-form';

const text = podText.scanGo;
/** A fix older than this is taken again before it is sent. */
const FIX_MAX_AGE_MS = 2 * 60_000;
const FORM_FIELDS: ReadonlyArray<keyof ScanGoFormValues> = ['receiverName', 'receiverRelation', 'receiverOther', 'plasticQty'];

export type OrderLoadState = 'loading' | 'ready' | 'not-found' | 'error';

export interface ScanGoScreenProps {
  shipmentNo: string;
  /** The order, loaded by the orders area (composed in the app's route). */
  order: OrderDetail | undefined;
  orderState: OrderLoadState;
  retrying: boolean;
  onRetry: () => void;
  /** Refetch the order (after a decision or a refusal that says it changed). */
  onRefreshOrder: () => Promise<unknown>;
  /** The server's newer order (scan and go answers with it). */
  onOrderChanged: (order: OrderDetail) => void;
  /** The order's detail screen (back, "Buka detail pesanan"). */
  detailPath: string;
}

const customerPoint = (order: OrderDetail): LatLng | null =>
  order.customer.latitude !== null && order.customer.longitude !== null ? { lat: order.customer.latitude, lng: order.customer.longitude } : null;

const skeleton = (
  <SkeletonStack bars={['h-28 w-full', 'h-32 w-full', 'h-56 w-full']} testId="scan-go-loading" />
);

/** /order/detail-scan-go/:status/:shipmentNo/:method — proof of delivery at the customer's place. */
export function ScanGoScreen(props: ScanGoScreenProps) {
  const { shipmentNo, order, orderState, detailPath } = props;
  const queryClient = useQueryClient();
  const requests = useOrderPodRequests(shipmentNo, { enabled: orderState === 'ready' });
  const { limits, query: config } = usePodLimits();
  const refresh = () => Promise.all([props.onRefreshOrder(), queryClient.refetchQueries({ queryKey: podKeys.orderRequests(shipmentNo), type: 'active' })]);

  let content;
  if (orderState === 'loading') {
    content = skeleton;
  } else if (orderState === 'not-found' || (orderState === 'ready' && !order)) {
    content = (
      <EmptyState icon="orders" title={ordersText.detail.notFoundTitle} message={t(ordersText.detail.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listProses} variant="secondary">
          {ordersText.detail.backToList}
        </ButtonLink>
      </EmptyState>
    );
  } else if (orderState === 'error' || !order) {
    content = <ErrorState title={ordersText.detail.loadError} onRetry={props.onRetry} retrying={props.retrying} />;
  } else if (order.deliveryType !== DELIVERY_TYPE.DELIVERY) {
    content = (
      <EmptyState icon="info" title={text.notDelivery}>
        <ButtonLink to={paths.orderConfirm(order.statusId, order.shipmentNo)} variant="secondary">
          {text.toPickup}
        </ButtonLink>
      </EmptyState>
    );
  } else if (order.statusId === ORDER_STATUS.COMPLETED || order.statusId === ORDER_STATUS.HISTORY) {
    const latest = requests.data?.items[0];
    content = (
      <>
        {latest?.status === 'approved' ? <PodRequestState request={latest} /> : null}
        <EmptyState icon="check" title={text.completed} className="border border-emerald-200" >
          <ButtonLink to={paths.listDone} data-testid="to-list-done">
            {text.toListDone}
          </ButtonLink>
          <ButtonLink to={detailPath} variant="secondary">
            {text.openDetail}
          </ButtonLink>
        </EmptyState>
      </>
    );
  } else if (order.statusId !== ORDER_STATUS.IN_PROGRESS) {
    content = (
      <EmptyState icon="info" title={t(text.notInProgress, { status: ORDER_STATUS_LABEL[order.statusId as keyof typeof ORDER_STATUS_LABEL] ?? String(order.statusId) })}>
        <ButtonLink to={detailPath} variant="secondary">
          {text.openDetail}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!limits) {
    // The server's radius and accuracy decide what the screen says and checks: wait for them.
    content = config.isPending ? skeleton : <ErrorState onRetry={() => void config.refetch()} retrying={config.isFetching} />;
  } else {
    content = (
      <ScanGoDelivery order={order} limits={limits} latest={requests.data?.items[0] ?? null} onOrderChanged={props.onOrderChanged} onRefreshOrder={props.onRefreshOrder} />
    );
  }

  return (
    <>
      <PageHeader title={id.routes.orderDetailScanGo} backTo={detailPath} />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4 pb-8" data-testid="scan-go-screen">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}

/** What the customer gets: who, where, which goods, the total. */
function OrderSummary({ order }: { order: OrderDetail }) {
  const lines = order.products.filter((p) => p.qty - p.attrQtyOos > 0);
  return (
    <section aria-label={text.order} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="scan-go-order">
      <div className="flex flex-col">
        <p className="font-mono text-lg font-bold break-all text-slate-900">{order.shipmentNo}</p>
        <span className="text-xs break-all text-slate-500">{t(podText.scanGo.orderNo, { orderNo: order.orderNo })}</span>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-semibold text-slate-900" data-testid="scan-go-customer">
          {order.customer.name}
        </p>
        <p className="flex items-start gap-2 text-slate-700">
          <Icon name="pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span>{order.customer.address ?? text.noAddress}</span>
        </p>
        <p className="flex items-center gap-2 text-slate-700">
          <Icon name="phone" className="size-4 shrink-0 text-slate-400" />
          <a href={`tel:${order.customer.phone.replace(/[^\d+]/g, '')}`} className="underline decoration-slate-300 underline-offset-2">
            {order.customer.phone}
          </a>
        </p>
      </div>
      <details className="group rounded-xl bg-slate-50 px-3 py-2 text-sm">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-medium text-slate-800 [&::-webkit-details-marker]:hidden">
          {t(text.goods, { count: formatNumber(lines.reduce((n, l) => n + l.qty - l.attrQtyOos, 0)) })}
          <Icon name="chevronRight" className="size-5 text-slate-500 transition-transform group-open:rotate-90" />
        </summary>
        <ul className="mt-1 flex flex-col gap-1 text-slate-700">
          {lines.map((l) => (
            <li key={l.lineId}>{t(text.goodsLine, { qty: l.qty - l.attrQtyOos, name: l.name })}</li>
          ))}
          {order.paperBags.map((b) => (
            <li key={b.productID}>{t(text.goodsLine, { qty: b.qty, name: b.name })}</li>
          ))}
        </ul>
      </details>
      <div className="flex items-baseline justify-between border-t border-slate-100 pt-2">
        <span className="font-semibold text-slate-900">{text.total}</span>
        <span className="text-lg font-bold text-slate-900 tabular-nums" data-testid="scan-go-total">
          {formatRupiah(order.price)}
        </span>
      </div>
    </section>
  );
}

/** The delivery itself: package check, location, receiver form; outside → "Ajukan POD". */
function ScanGoDelivery({
  order,
  limits,
  latest,
  onOrderChanged,
  onRefreshOrder,
}: {
  order: OrderDetail;
  limits: PodLimits;
  latest: PodRequestSummary | null;
  onOrderChanged: (order: OrderDetail) => void;
  onRefreshOrder: () => Promise<unknown>;
}) {
  const shipmentNo = order.shipmentNo;
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  const addSent = useSentRequests((s) => s.add);
  // A reply names the radius the server decided with; until then the served one.
  const [repliedRadiusM, setRadiusM] = useState<number | null>(null);
  const radiusM = repliedRadiusM ?? limits.radiusM;
  const { state: location, locate } = useDeviceLocation(limits.maxAccuracyM);
  const [outside, setOutside] = useState<{ data: OutsideData; detail: string | null } | null>(null);
  const [requesting, setRequesting] = useState(false);
  const requestRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const customer = customerPoint(order);

  const openRequest = useCallback(() => setRequesting(true), []);
  useEffect(() => {
    if (requesting) requestRef.current?.scrollIntoView?.({ block: 'start' });
  }, [requesting]);

  /** The current fix when it is recent, else a new one. */
  const currentFix = useCallback(async (): Promise<LocationFix | null> => {
    if (location.status === 'ready' && Date.now() - location.fix.at < FIX_MAX_AGE_MS) return location.fix;
    return locate(location.status !== 'idle');
  }, [location, locate]);

  const scanGo = useScanAndGo(shipmentNo, {
    // No connection at the door: the POD waits on the phone with the position as captured.
    onQueued: (vars) => {
      signal('success');
      openModal({
        type: 'scan-go-success',
        title: podText.success.keptTitle,
        message: t(podText.success.keptMessage, { shipmentNo, name: vars.receiverName, time: formatTime(vars.capturedAt) }),
        imageType: 'info',
        buttonText: podText.success.button,
        actionsType: 'close-modal',
      });
    },
    onSuccess: (result, vars) => {
      signal('success');
      onOrderChanged(result.order);
      setOutside(null);
      setRequesting(false);
      setRadiusM(result.radiusM);
      openModal({
        type: 'scan-go-success',
        title: podText.success.title,
        message: t(podText.success.message, { shipmentNo, name: vars.receiverName, distance: formatDistance(result.distanceM) }),
        imageType: 'success',
        buttonText: podText.success.button,
        actionsType: 'close-modal',
      });
    },
  });

  /** The position was refused for its time: say why (with the server's minutes) and offer a fresh fix. */
  const retakeModal = (error: ApiError) => ({
    ...podErrorModal(error, error.details?.[0]?.message ?? null),
    confirmText: podText.errors.retakeLocation,
    onConfirm: () => void locate(true),
  });

  const onScanGoError = (error: ApiError, setError: SetScanGoFieldError) => {
    signal('error');
    const data = outsideReplyOf(error);
    if (data) {
      const detail = error.details?.[0]?.message ?? null;
      setOutside({ data, detail });
      setRadiusM(data.radiusM);
      const blocked = data.approval.blockedBy ? podCodeMeaning(data.approval.blockedBy) : null;
      openModal({
        ...podErrorModal(error, [detail, blocked?.message].filter(Boolean).join('\n') || null),
        ...(data.approval.canRequest ? { confirmText: text.requestPod, onConfirm: openRequest } : {}),
      });
      return;
    }
    if (error.code === 'VALIDATION_FAILED' && error.details?.length) {
      const fields = error.details.map((d) => [d.path.replace(/^body\./, ''), d.message] as const).filter(([f]) => (FORM_FIELDS as readonly string[]).includes(f));
      if (fields.length) {
        for (const [field, message] of fields) setError(field as keyof ScanGoFormValues, { message });
        return;
      }
    }
    if (needsNewLocation(error)) {
      openModal(retakeModal(error));
      return;
    }
    const meaning = podErrorMeaning(error);
    if (meaning.kind === 'finished' || error.code === 'ORDER_STATUS_CHANGED') void onRefreshOrder();
    openModal({
      ...podErrorModal(error),
      // No customer coordinates: only a supervisor can decide.
      ...(error.code === 'POD_CUSTOMER_LOCATION_MISSING' ? { confirmText: text.requestPod, onConfirm: openRequest } : {}),
    });
  };

  const submit = async (receiver: ScanGoReceiver, setError: SetScanGoFieldError) => {
    const fix = await currentFix();
    if (!fix) return; // the location card says why, with a retry
    const input: ScanGoInput = {
      shipmentNo,
      orderNo: order.orderNo,
      lat: fix.lat,
      long: fix.long,
      accuracy: fix.accuracy,
      capturedAt: capturedAtOf(fix),
      ...receiver,
      isValidate: customer ? distanceMeters(customer, { lat: fix.lat, lng: fix.long }) <= radiusM : false,
    };
    scanGo.mutate(input, { onError: (error) => onScanGoError(error, setError) });
  };

  // The supervisor's decision arrives live.
  useEvents(POD_LIVE_TYPES, (event) => {
    if (event.data.shipmentNo !== shipmentNo) return;
    void queryClient.invalidateQueries({ queryKey: podKeys.orderRequests(shipmentNo) });
    if (event.type === 'pod.approved') {
      signal('success');
      void onRefreshOrder();
      const name = event.data.deciderName;
      openModal({
        type: 'scan-go-success',
        title: podText.success.title,
        message: name ? t(podText.success.approved, { shipmentNo, name }) : t(podText.success.approvedBySomeone, { shipmentNo }),
        imageType: 'success',
        buttonText: podText.success.button,
        actionsType: 'close-modal',
      });
    } else if (event.type === 'pod.rejected') {
      signal('error');
      setRequesting(false);
      setOutside(null);
    } else if (event.type === 'order.completed' || event.type === 'pod.closed') {
      void onRefreshOrder();
    }
  });

  const onRequestError = (error: ApiError) => {
    signal('error');
    const meaning = podErrorMeaning(error);
    if (meaning.kind === 'duplicate') {
      setRequesting(false);
      void queryClient.invalidateQueries({ queryKey: podKeys.orderRequests(shipmentNo) });
    }
    if (meaning.kind === 'finished') void onRefreshOrder();
    openModal(needsNewLocation(error) ? retakeModal(error) : podErrorModal(error, error.details?.[0]?.message ?? null));
  };

  const pending = latest?.status === 'pending';
  return (
    <>
      <div ref={topRef} className="-mt-3 scroll-mt-16" aria-hidden="true" />
      {latest && latest.status !== 'approved' ? <PodRequestState request={latest} onRequestAgain={requesting ? undefined : openRequest} /> : null}
      <OrderSummary order={order} />
      <PackageCheck order={order} />
      <LocationCard location={location} onLocate={(fresh) => void locate(fresh)} customer={customer} radiusM={radiusM} disabled={scanGo.isPending} />
      {outside && !requesting && !pending ? (
        <section role="status" className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="scan-go-outside">
          <h2 className="flex items-center gap-2 font-bold">
            <Icon name="alert" className="size-5" />
            {text.outsideTitle}
          </h2>
          <p className="text-sm">{podText.errors.outside}</p>
          {outside.detail ? <p className="text-sm">{outside.detail}</p> : null}
          {outside.data.approval.canRequest ? (
            <Button onClick={openRequest} className="self-start" data-testid="open-pod-request">
              {text.requestPod}
            </Button>
          ) : outside.data.approval.blockedBy ? (
            <p className="text-sm font-medium">
              {podCodeMeaning(outside.data.approval.blockedBy).message}
            </p>
          ) : null}
        </section>
      ) : null}
      {requesting ? (
        <div ref={requestRef} className="scroll-mt-16">
          <PodRequestForm
            shipmentNo={shipmentNo}
            deliveryType={order.deliveryType}
            requestMaxM={limits.requestMaxM}
            locate={currentFix}
            onCancel={() => setRequesting(false)}
            onError={onRequestError}
            onSent={() => {
              signal('success');
              addSent(shipmentNo);
              setRequesting(false);
              setOutside(null);
              showToast(t(podText.request.sent, { shipmentNo }), 'success');
              topRef.current?.scrollIntoView?.({ block: 'start' });
            }}
          />
        </div>
      ) : null}
      <ScanGoForm customerName={order.customer.name} onValid={(receiver, setError) => void submit(receiver, setError)} submitting={scanGo.isPending || location.status === 'locating'} />
    </>
  );
}
