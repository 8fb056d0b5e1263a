import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DELIVERY_TYPE, ORDER_STATUS, POD_REQUEST_TYPE, distanceMeters, formatDistance, type LatLng, type OrderDetail, type PodRequestSummary } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useEvents } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { ORDER_STATUS_LABEL, id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { podText } from '@/shared/i18n/pod';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah, formatTime } from '@/shared/utils/format';
import { useOrderPodRequests } from '../api/get-order-pod-requests';
import { outsideReplyOf, useScanAndGo, type OutsideData, type ScanGoInput } from '../api/scan-and-go';
import { useDeviceLocation } from '@/shared/hooks/use-device-location';
import { useFixForSending } from '@/shared/hooks/use-fix-for-sending';
import { usePodLimits, type PodLimits } from '../hooks/use-pod-limits';
import { POD_LIVE_TYPES } from '../live-events';
import { podKeys } from '../query-keys';
import { useSentRequests } from '../stores/sent-requests';
import { capturedAtOf, type LocationFix } from '@/shared/utils/location';
import { needsNewLocation, podCodeMeaning, podErrorMeaning, podErrorModal } from '../refusals';
import { LocationCard, LocationStatus } from '@/shared/ui/location-card';
import { PackageCheck } from './package-check';
import { PodRequestForm } from './pod-request-form';
import { PodRequestState } from './pod-request-state';
import { ScanGoForm, type ScanGoFormValues, type ScanGoReceiver, type SetScanGoFieldError } from './scan-go-form';

/** Scan and go's own words around the shared location card ("Kirim POD"). */
const locationWords = {
  notSent: podText.scanGo.notSent,
  locationOnSend: podText.scanGo.locationOnSend,
  noLocation: podText.scanGo.noLocation,
  noCustomerPoint: podText.scanGo.noCustomerPoint,
};

const text = podText.scanGo;
/** The POD request form reuses a fix this recent; an older one is taken again. */
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
  <SkeletonStack bars={['h-36 w-full', 'h-16 w-full', 'h-72 w-full']} testId="scan-go-loading" />
);

/** /order/detail-scan-go/:status/:shipmentNo/:method — proof of delivery at the customer's place. */
export function ScanGoScreen(props: ScanGoScreenProps) {
  const { shipmentNo, order, orderState, detailPath } = props;
  const queryClient = useQueryClient();
  // Asked for with the order (not after it): the request's state sits on top of the screen.
  const requests = useOrderPodRequests(shipmentNo, POD_REQUEST_TYPE.ORDER, { enabled: orderState === 'loading' || orderState === 'ready' });
  // Until it is known the screen waits, so it does not appear later and push the form under a finger.
  const requestsLoading = requests.isPending && requests.fetchStatus === 'fetching';
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
  } else if (!limits || requestsLoading) {
    // The server's radius and accuracy decide what the screen says and checks: wait for them.
    content = !limits && !config.isPending ? <ErrorState onRetry={() => void config.refetch()} retrying={config.isFetching} /> : skeleton;
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

/**
 * What the customer gets, in little height: shipment and total on one line, the customer and
 * address, then the goods (collapsed behind "Barang (n)") beside the phone to call.
 */
function OrderSummary({ order }: { order: OrderDetail }) {
  const [goodsOpen, setGoodsOpen] = useState(false);
  const goodsId = useId();
  const lines = order.products.filter((p) => p.qty - p.attrQtyOos > 0);
  const phone = order.customer.phone;
  return (
    <section aria-label={text.order} className="flex flex-col gap-1.5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="scan-go-order">
      <div className="flex items-baseline justify-between gap-2">
        <p className="min-w-0 font-mono text-base font-bold break-all text-slate-900">{order.shipmentNo}</p>
        <p className="shrink-0 text-right">
          <span className="text-xs text-slate-500">{text.total} </span>
          <span className="font-bold text-slate-900 tabular-nums" data-testid="scan-go-total">
            {formatRupiah(order.price)}
          </span>
        </p>
      </div>
      <p className="text-sm font-semibold text-slate-900" data-testid="scan-go-customer">
        {order.customer.name}
      </p>
      <p className="flex items-start gap-1.5 text-sm text-slate-700">
        <Icon name="pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span className="min-w-0">{order.customer.address ?? text.noAddress}</span>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => setGoodsOpen((o) => !o)}
          aria-expanded={goodsOpen}
          aria-controls={goodsId}
          className="flex min-h-11 min-w-0 flex-1 items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 text-sm font-medium text-slate-800 active:bg-slate-100"
          data-testid="scan-go-goods-toggle"
        >
          {t(text.goods, { count: formatNumber(lines.reduce((n, l) => n + l.qty - l.attrQtyOos, 0)) })}
          <Icon name="chevronRight" className={cn('size-5 shrink-0 text-slate-500 transition-transform', goodsOpen && 'rotate-90')} />
        </button>
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          aria-label={t(text.callCustomer, { phone })}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center gap-1.5 rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-800 tabular-nums active:bg-slate-100"
          data-testid="scan-go-phone"
        >
          <Icon name="phone" className="size-4 shrink-0 text-slate-500" />
          {phone}
        </a>
      </div>
      <div id={goodsId} hidden={!goodsOpen} className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="scan-go-goods">
        <p className="text-xs break-all text-slate-500">{t(text.orderNo, { orderNo: order.orderNo })}</p>
        <ul className="mt-1 flex flex-col gap-1">
          {lines.map((l) => (
            <li key={l.lineId}>{t(text.goodsLine, { qty: l.qty - l.attrQtyOos, name: l.name })}</li>
          ))}
          {order.paperBags.map((b) => (
            <li key={b.productID}>{t(text.goodsLine, { qty: b.qty, name: b.name })}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The delivery itself: package check and receiver form, "Kirim POD" always in view in the
 * action bar; pressing it takes the position, then sends. Outside → "Ajukan POD".
 */
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
  // "Kirim POD" waiting for the position, and whether the last one ended without it.
  const { takingFix, failedOnSend, setFailedOnSend, takeFixToSend } = useFixForSending(location, () => locate());

  const openRequest = useCallback(() => setRequesting(true), []);
  useEffect(() => {
    if (requesting) requestRef.current?.scrollIntoView?.({ block: 'start' });
  }, [requesting]);

  /** The current fix when it is recent, else a new one (the POD request form). */
  const currentFix = useCallback(async (): Promise<LocationFix | null> => {
    if (location.status === 'ready' && Date.now() - location.fix.at < FIX_MAX_AGE_MS) return location.fix;
    return locate(location.status !== 'idle');
  }, [location, locate]);

  /** "Ambil lokasi" (before sending) or "Ambil lokasi lagi" (after a refusal for the fix's time). */
  const takeLocation = (fresh?: boolean) => {
    setFailedOnSend(false);
    void locate(fresh);
  };

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
    onConfirm: () => takeLocation(true),
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
    const fix = await takeFixToSend();
    if (!fix) return;
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
  const canRequest = Boolean(outside?.data.approval.canRequest) && !requesting && !pending;
  const retry = failedOnSend && location.status === 'error';
  const actions = (
    <ActionBar>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <LocationStatus location={location} customer={customer} radiusM={radiusM} failedOnSend={failedOnSend} words={locationWords} />
        <div className={cn('grid gap-2', canRequest ? 'grid-cols-2' : 'grid-cols-1')}>
          {canRequest ? (
            <Button variant="secondary" onClick={openRequest} data-testid="open-pod-request">
              {text.requestPod}
            </Button>
          ) : null}
          {/* A POD kept on the phone is not sent twice; it is no reason for a spinner either. */}
          <Button type="submit" block loading={takingFix || (scanGo.isPending && !scanGo.queued)} disabled={scanGo.queued} data-testid="scan-go-submit" data-phase={takingFix ? 'locating' : scanGo.isPending ? 'sending' : 'idle'}>
            {takingFix ? text.locating : retry ? id.common.retry : text.submit}
          </Button>
        </div>
      </div>
    </ActionBar>
  );

  return (
    <>
      <div ref={topRef} className="-mt-3 scroll-mt-16" aria-hidden="true" />
      {latest && latest.status !== 'approved' ? <PodRequestState request={latest} onRequestAgain={requesting ? undefined : openRequest} /> : null}
      <OrderSummary order={order} />
      <PackageCheck order={order} />
      <ScanGoForm customerName={order.customer.name} onValid={(receiver, setError) => void submit(receiver, setError)} footer={actions} />
      {outside && !requesting && !pending ? (
        <section role="status" className="flex flex-col gap-1 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="scan-go-outside">
          <h2 className="flex items-center gap-2 font-bold">
            <Icon name="alert" className="size-5" />
            {text.outsideTitle}
          </h2>
          <p className="text-sm">{podText.errors.outside}</p>
          {outside.detail ? <p className="text-sm">{outside.detail}</p> : null}
          {!outside.data.approval.canRequest && outside.data.approval.blockedBy ? (
            <p className="text-sm font-medium">{podCodeMeaning(outside.data.approval.blockedBy).message}</p>
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
            onQueued={() => {
              // Offline at the door: the request waits on the phone and goes when the connection is back.
              signal('success');
              addSent(shipmentNo);
              setRequesting(false);
              setOutside(null);
              showToast(t(podText.request.queued, { shipmentNo }), 'info');
            }}
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
      <LocationCard location={location} onLocate={() => takeLocation()} customer={customer} radiusM={radiusM} disabled={scanGo.isPending || takingFix} words={locationWords} />
      {/* Room for the action bar over the end of the screen, with a reason shown in it too. */}
      <div aria-hidden="true" className="h-28" />
    </>
  );
}
