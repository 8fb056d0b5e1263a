import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { outboxText } from '@/shared/i18n/outbox';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DELIVERY_TYPE, ORDER_STATUS, ORDER_STATUS_ACTION, type OrderDetail, type OrderProduct } from '@gerai/contract';
import { useEvents } from '@/shared/events/event-stream';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { errorToModal, showErrorModal } from '@/shared/modal/error-to-modal';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { useClaimOrder } from '../api/claim-order';
import { useFinishOrder } from '../api/finish-order';
import { isOrderNotFound, useOrder } from '../api/get-order';
import { useResetPicking } from '../api/reset-picking';
import { orderKeys } from '../query-keys';
import { ChangedElsewhereNotice } from '../components/changed-elsewhere-notice';
import { OrderAftercareActions, OrderAftercareState } from '../components/order-aftercare';
import { CustomerCard, OrderHeaderCard, OrderHistory, TotalCard } from '../components/order-sections';
import { PaperBagsCard } from '../components/paper-bags-card';
import { PickingPanel } from '../components/picking-panel';
import { PrintAction } from '../components/print/print-action';
import { ProductLines } from '../components/product-lines';
import { bookingsWithoutTaker, usableQrCode } from '../utils/order-detail';
import { canPrint } from '../utils/print';
import { orderDetailPath, orderMethod, statusListPath } from '../utils/order-status';
import { useShownStatus } from '../utils/use-shown-status';

function DetailSkeleton() {
  return (
    <SkeletonStack bars={['h-32 w-full', 'h-24 w-full', 'h-48 w-full']} testId="order-detail-loading" className="p-4" />
  );
}

const BLOCKED_NOTICE_ID = 'order-booking-blocked';

/**
 * Why Scan Packing waits: bookings no store has taken yet (decision 88). In the action bar, beside the
 * action it explains, so its coming and going never moves the list being picked.
 */
function BookingBlockedNotice({ order }: { order: OrderDetail }) {
  const { waiting, refused } = bookingsWithoutTaker(order);
  return (
    <div id={BLOCKED_NOTICE_ID} role="status" data-testid="booking-blocked" className="rounded-lg border-l-4 border-amber-500 bg-amber-50 px-2.5 py-1.5 text-amber-900">
      <p className="text-[13px] leading-5 font-semibold">{ordersText.booking.pending}</p>
      <p className="line-clamp-2 text-xs leading-4">
        {[waiting > 0 ? t(ordersText.booking.waiting, { count: waiting }) : null, refused > 0 ? t(ordersText.booking.refused, { count: refused }) : null].filter(Boolean).join(' ')}
      </p>
    </div>
  );
}

/**
 * The other store's answer to one of this order's bookings (taken, refused), said while the order is
 * open: it arrives from another phone, so the screen says it rather than changing quietly (decision 82).
 * The detail itself is refreshed by the orders' live updates.
 */
function useBookingAnswers(order: OrderDetail | undefined) {
  const shown = order?.statusId === ORDER_STATUS.PACKING ? order : undefined;
  useEvents(
    ['booking.taken', 'booking.refused'],
    (event) => {
      const e = event.data;
      if (!shown || e.shipmentNo !== shown.shipmentNo || e.orderingStore !== shown.storeCode) return;
      // Someone who sees both stores gets the event once per store: the ordering store's copy speaks.
      if (e.storeCode && e.storeCode !== e.orderingStore) return;
      const store = shown.bookings.find((b) => b.bookID === e.bookID)?.offeredTo.storeName ?? e.servingStore;
      if (event.type === 'booking.taken') {
        showToast(t(ordersText.booking.taken, { store, bookingNo: e.bookingNo, qty: e.stockTaken ?? e.qtyOos }), 'success');
      } else {
        const reason = event.data.reason;
        showToast(reason ? t(ordersText.booking.refusedReason, { store, bookingNo: e.bookingNo, reason }) : t(ordersText.booking.refusedBy, { store, bookingNo: e.bookingNo }), 'error');
      }
    },
    { enabled: shown !== undefined },
  );
}

/** The action of the order's status: Packing, Scan Packing, Konfirmasi, Selesai. */
function ActionButton({ order, leave }: { order: OrderDetail; leave: (to: string) => void }) {
  const openModal = useModalStore((s) => s.openModal);
  const claim = useClaimOrder(order.shipmentNo, {
    onQueued: () => {
      signal('success');
      showToast(outboxText.queued, 'info');
    },
    onSuccess: () => {
      signal('success');
      showToast(ordersText.detail.claimed, 'success');
    },
    onError: (error) => {
      signal('error');
      // 409: someone else has it — the server's message names the picker.
      if (error.code === 'ORDER_ALREADY_CLAIMED' || error.code === 'ORDER_STATUS_CHANGED') {
        openModal({ ...errorToModal(error, 'close-modal'), title: ordersText.claimedTitle, imageType: 'warning' });
      } else showErrorModal(error, 'close-modal');
    },
  });
  const finish = useFinishOrder(order.shipmentNo, {
    onQueued: () => {
      showToast(outboxText.queued, 'info');
      leave(paths.history);
    },
    onSuccess: () => {
      showToast(t(ordersText.detail.finished, { shipmentNo: order.shipmentNo }), 'success');
      leave(paths.history);
    },
    onError: (error) => showErrorModal(error, 'close-modal'),
  });
  const reset = useResetPicking(order.shipmentNo, {
    onQueued: () => showToast(outboxText.queued, 'info'),
    onSuccess: () => showToast(ordersText.detail.resetDone, 'info'),
    onError: (error) => showErrorModal(error, 'close-modal'),
  });

  const label = ORDER_STATUS_ACTION[order.statusId as keyof typeof ORDER_STATUS_ACTION];
  const can = (action: OrderDetail['actions'][number]) => order.actions.includes(action);

  switch (order.statusId) {
    case ORDER_STATUS.NEW:
      return can('claim') ? (
        <ActionBar>
          <Button block onClick={() => claim.mutate({})} loading={claim.isPending && !claim.queued} data-testid="action-button">
            {label}
          </Button>
        </ActionBar>
      ) : null;
    case ORDER_STATUS.PACKING: {
      const complete = order.progress.complete;
      // A booking without a taker blocks packing (the server would answer 409 BOOKING_PENDING): said here, at the action.
      const blocked = order.bookingBlocked;
      return can('pack') ? (
        <ActionBar hint={blocked || complete ? null : ordersText.detail.packHint}>
          <div className="flex w-full min-w-0 flex-col gap-2">
            {blocked ? <BookingBlockedNotice order={order} /> : null}
            <div className="flex gap-2">
              {can('reset') ? (
                <Button
                  variant="ghost"
                  loading={reset.isPending && !reset.queued}
                  data-testid="reset-button"
                  onClick={() =>
                    openModal({
                      title: ordersText.detail.resetTitle,
                      message: ordersText.detail.resetMessage,
                      imageType: 'warning',
                      buttonText: id.common.cancel,
                      confirmText: ordersText.detail.resetConfirm,
                      onConfirm: () => reset.mutate({}),
                    })
                  }
                >
                  {ordersText.detail.reset}
                </Button>
              ) : null}
              <Button
                block
                className="flex-1"
                disabled={!complete || blocked}
                aria-describedby={blocked ? BLOCKED_NOTICE_ID : undefined}
                data-testid="action-button"
                onClick={() => openModal({ type: 'scan-packing', title: ordersText.scanPacking.title, payload: { shipmentNo: order.shipmentNo } })}
              >
                {label}
              </Button>
            </div>
          </div>
        </ActionBar>
      ) : null;
    }
    case ORDER_STATUS.IN_PROGRESS: {
      // Pickup: the customer's code at the counter. Delivery: scan and go at the customer's place.
      const to =
        order.deliveryType === DELIVERY_TYPE.PICKUP
          ? paths.orderConfirm(order.statusId, order.shipmentNo)
          : paths.orderDetailScanGo(order.statusId, order.shipmentNo, orderMethod(order.deliveryType));
      return (
        <ActionBar hint={order.deliveryType === DELIVERY_TYPE.PICKUP ? null : ordersText.detail.scanGoHint}>
          <ButtonLink to={to} block data-testid="action-button">
            {label}
          </ButtonLink>
        </ActionBar>
      );
    }
    case ORDER_STATUS.COMPLETED:
      return can('finish') ? (
        <ActionBar>
          <Button block onClick={() => finish.mutate({})} loading={finish.isPending && !finish.queued} data-testid="action-button">
            {label}
          </Button>
        </ActionBar>
      ) : null;
    default:
      return null;
  }
}

export interface OrderDetailPageProps {
  /**
   * What the app shows under each product line while the order is picked (1102): another area's block
   * (the line's stock booking), handed in because features do not import each other.
   */
  renderLineExtra?: (order: OrderDetail, line: OrderProduct) => ReactNode;
}

/** /order/detail/:status/:shipmentNo/:method (optional ?type=). */
export default function OrderDetailPage({ renderLineExtra }: OrderDetailPageProps = {}) {
  const { status, shipmentNo, method } = useParams();
  const [search] = useSearchParams();
  const type = search.get('type');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  const [highlight, setHighlight] = useState<number | null>(null);
  // Set when an action takes the crew elsewhere: the URL must not follow the new status then.
  const leavingRef = useRef(false);
  const leave = useCallback(
    (to: string) => {
      leavingRef.current = true;
      navigate(to);
    },
    [navigate],
  );

  // The spec: fetched only when shipmentNo, status or method is given.
  const order = useOrder(shipmentNo, { enabled: Boolean(shipmentNo || status || method) });
  const data = order.data;
  const kept = order.kept;
  const backTo = statusListPath(Number(data?.statusId ?? status));

  // A missing shipment answers quietly; other failures open the reload modal.
  const error = order.error;
  useEffect(() => {
    if (error && !isOrderNotFound(error)) showErrorModal(error, 'reload');
  }, [error]);

  // A change made on another phone is said before the screen follows it.
  const { changedFrom, acknowledge } = useShownStatus(data, kept?.pending ?? 0);
  useBookingAnswers(changedFrom === null ? data : undefined);

  // The URL follows the order's status (after this phone's Packing, or a change elsewhere the crew has seen).
  useEffect(() => {
    if (!data || leavingRef.current || changedFrom !== null || String(data.statusId) === status) return;
    navigate(orderDetailPath(data, type ?? undefined), { replace: true });
  }, [data, status, type, navigate, changedFrom]);

  // The scanned line lights up briefly.
  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), 1500);
    return () => clearTimeout(timer);
  }, [highlight]);

  const refresh = () => queryClient.refetchQueries({ queryKey: orderKeys.detail(shipmentNo ?? ''), type: 'active' });

  let content;
  if (order.isPending && order.fetchStatus !== 'idle') content = <DetailSkeleton />;
  else if (!data && error && isOrderNotFound(error)) {
    content = (
      <div className="p-4">
        <EmptyState icon="orders" title={ordersText.detail.notFoundTitle} message={t(ordersText.detail.notFoundMessage, { shipmentNo: shipmentNo ?? '' })}>
          <ButtonLink to={backTo} variant="secondary">
            {ordersText.detail.backToList}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  } else if (!data) {
    content = (
      <div className="p-4">
        <ErrorState title={ordersText.detail.loadError} onRetry={() => void order.refetch()} retrying={order.isFetching} />
      </div>
    );
  } else if (changedFrom !== null) {
    content = <ChangedElsewhereNotice order={data} from={changedFrom} onContinue={acknowledge} />;
  } else {
    const picking = data.statusId === ORDER_STATUS.PACKING;
    const qr = usableQrCode(data);
    const payload = { shipmentNo: data.shipmentNo };
    const openLine = (kind: 'edit-quantity' | 'out-of-stock', line: OrderProduct) =>
      openModal({
        type: kind,
        title: kind === 'edit-quantity' ? ordersText.editQuantity.title : ordersText.outOfStock.title,
        payload: { shipmentNo: data.shipmentNo, lineId: String(line.lineId) },
      });
    content = (
      // The action bar grows by the booking notice: the end of the page stays reachable above it.
      <div className={cn('flex flex-col gap-3 p-4', picking && data.bookingBlocked ? 'pb-36' : 'pb-28')}>
        {picking ? <PickingPanel order={data} onScanned={setHighlight} /> : <OrderHeaderCard order={data} type={type} />}
        {picking ? null : <OrderAftercareState order={data} />}
        <ProductLines
          lines={data.products}
          picking={picking && data.actions.includes('scan')}
          highlightLineId={highlight}
          waitingLines={kept?.pendingLines}
          onEdit={(line) => openLine('edit-quantity', line)}
          onOutOfStock={(line) => openLine('out-of-stock', line)}
          renderExtra={picking && renderLineExtra ? (line) => renderLineExtra(data, line) : undefined}
        />
        <PaperBagsCard order={data} editable={picking && data.actions.includes('setPaperBags')} />
        <TotalCard
          order={data}
          onStoreInfo={() =>
            openModal({
              type: 'store-info',
              title: ordersText.detail.storeInfo,
              payload: { storeCode: data.store.storeCode, storeName: data.store.storeName, address: data.store.address, phone: data.store.phone ?? '' },
            })
          }
          onQr={qr ? () => openModal({ type: 'qr-code', title: ordersText.qr.title, payload }) : null}
        />
        {picking ? <OrderHeaderCard order={data} type={type} /> : null}
        {/* Picking keeps the scanner and the products in view: what stands aside from it comes after them. */}
        {picking ? <OrderAftercareState order={data} /> : null}
        <CustomerCard
          order={data}
          onContact={() => openModal({ type: 'contact-customer', title: ordersText.contact.title, payload })}
          onChat={() => openModal({ type: 'chat', title: ordersText.detail.chatTitle, payload: { shipmentNo: data.shipmentNo, orderNo: data.orderNo } })}
        />
        <OrderAftercareActions order={data} />
        <ButtonLink to={paths.helpCenter({ mode: 'create', shipmentNo: data.shipmentNo, status: data.statusId, method: orderMethod(data.deliveryType) })} variant="ghost" block data-testid="report-problem">
          {ordersText.aftercare.reportProblem}
        </ButtonLink>
        <OrderHistory history={data.history} channelNotices={data.channelNotices} />
        <ActionButton order={data} leave={leave} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={id.routes.orderDetail}
        backTo={backTo}
        // The slip and the shelf label: only for the order as this screen shows it (not behind a change made elsewhere).
        actions={data && changedFrom === null && canPrint(data) ? <PrintAction order={data} /> : undefined}
      />
      <PullToRefresh onRefresh={refresh}>{content}</PullToRefresh>
    </>
  );
}
