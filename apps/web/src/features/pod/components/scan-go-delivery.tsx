import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { distanceMeters, formatDistance, type LatLng, type OrderDetail, type PodRequestSummary } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { useEvents } from '@/shared/events/event-stream';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { AfterFirstPaint } from '@/shared/ui/after-first-paint';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatTime } from '@/shared/utils/format';
import { outsideReplyOf, useScanAndGo, type OutsideData, type ScanGoInput } from '../api/scan-and-go';
import { useDeviceLocation } from '@/shared/hooks/use-device-location';
import { useFixForSending } from '@/shared/hooks/use-fix-for-sending';
import { type PodLimits } from '../hooks/use-pod-limits';
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
import { OrderSummary } from './scan-go-order-summary';

/** Scan and go's own words around the shared location card ("Kirim POD"). */
const locationWords = {
  notSent: podText.scanGo.notSent,
  locationOnSend: podText.scanGo.locationOnSend,
  noLocation: podText.scanGo.noLocation,
  noCustomerPoint: podText.scanGo.noCustomerPoint,
};

const text = podText.scanGo;

const customerPoint = (order: OrderDetail): LatLng | null =>
  order.customer.latitude !== null && order.customer.longitude !== null ? { lat: order.customer.latitude, lng: order.customer.longitude } : null;
/** The POD request form reuses a fix this recent; an older one is taken again. */
const FIX_MAX_AGE_MS = 2 * 60_000;
const FORM_FIELDS: ReadonlyArray<keyof ScanGoFormValues> = ['receiverName', 'receiverRelation', 'receiverOther', 'plasticQty'];

/**
 * The delivery itself: package check and receiver form, "Kirim POD" always in view in the
 * action bar; pressing it takes the position, then sends. Outside → "Ajukan POD".
 */
export function ScanGoDelivery({
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
      {/* Under the form, off a 360 × 640 screen: a task of its own after the first render. */}
      <AfterFirstPaint>
        <LocationCard location={location} onLocate={() => takeLocation()} customer={customer} radiusM={radiusM} disabled={scanGo.isPending || takingFix} words={locationWords} />
      </AfterFirstPaint>
      {/* Room for the action bar over the end of the screen, with a reason shown in it too. */}
      <div aria-hidden="true" className="h-28" />
    </>
  );
}
