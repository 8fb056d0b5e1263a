import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ORDER_STATUS, type OrderDetail, type OrderProduct } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { showErrorModal } from '@/shared/modal/error-to-modal';
import { useModalStore } from '@/shared/modal/modal-store';
import { AfterFirstPaint } from '@/shared/ui/after-first-paint';
import { ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { isOrderNotFound, useOrder } from '../api/get-order';
import { orderKeys } from '../query-keys';
import { ChangedElsewhereNotice } from '../components/changed-elsewhere-notice';
import { OrderAftercareActions, OrderAftercareState } from '../components/order-aftercare';
import { CustomerCard, OrderHeaderCard, OrderHistory, TotalCard } from '../components/order-sections';
import { PaperBagsCard } from '../components/paper-bags-card';
import { PickingPanel } from '../components/picking-panel';
import { PrintAction } from '../components/print/print-action';
import { ProductLines } from '../components/product-lines';
import { usableQrCode } from '../utils/order-detail';
import { canPrint } from '../utils/print';
import { orderDetailPath, orderMethod, statusListPath } from '../utils/order-status';
import { useShownStatus } from '../utils/use-shown-status';
import { ActionButton, useBookingAnswers } from '../components/order-detail-actions';

function DetailSkeleton() {
  return (
    <SkeletonStack bars={['h-32 w-full', 'h-24 w-full', 'h-48 w-full']} testId="order-detail-loading" className="p-4" />
  );
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
  const [search, setSearch] = useSearchParams();
  const type = search.get('type');
  const chatAsked = search.get('chat') === '1';
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

  // A tapped chat notification opens the order with its chat (once: the URL forgets it, so back and reload do not reopen it).
  useEffect(() => {
    if (!chatAsked || !data || changedFrom !== null) return;
    openModal({ type: 'chat', title: ordersText.detail.chatTitle, payload: { shipmentNo: data.shipmentNo, orderNo: data.orderNo } });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('chat');
        return next;
      },
      { replace: true },
    );
  }, [chatAsked, data, changedFrom, openModal, setSearch]);

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
        {/* Below the products and the total (under the action bar on a 360 × 640 screen): a task of its own. */}
        <AfterFirstPaint>
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
        </AfterFirstPaint>
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
