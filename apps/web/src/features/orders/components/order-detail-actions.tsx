import { outboxText } from '@/shared/i18n/outbox';
import { DELIVERY_TYPE, ORDER_STATUS, ORDER_STATUS_ACTION, type OrderDetail } from '@gerai/contract';
import { useEvents } from '@/shared/events/event-stream';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { useModalStore } from '@/shared/modal/modal-store';
import { refusalModalOf } from '@/shared/api/refusal';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { useClaimOrder } from '../api/claim-order';
import { useFinishOrder } from '../api/finish-order';
import { useResetPicking } from '../api/reset-picking';
import { ORDER_OTHERWISE, ORDER_REFUSALS } from '../refusals';
import { bookingsWithoutTaker } from '../utils/order-detail';
import { orderMethod } from '../utils/order-status';

export const BLOCKED_NOTICE_ID = 'order-booking-blocked';

/**
 * Why Scan Packing waits: bookings no store has taken yet (decision 88). In the action bar, beside the
 * action it explains, so its coming and going never moves the list being picked.
 */
export function BookingBlockedNotice({ order }: { order: OrderDetail }) {
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
export function useBookingAnswers(order: OrderDetail | undefined) {
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
export function ActionButton({ order, leave }: { order: OrderDetail; leave: (to: string) => void }) {
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
      // 409: someone else has it — the server's message names the picker (ORDER_REFUSALS).
      openModal(refusalModalOf(ORDER_REFUSALS, error, ORDER_OTHERWISE));
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
    onError: (error) => openModal(refusalModalOf(ORDER_REFUSALS, error, ORDER_OTHERWISE)),
  });
  const reset = useResetPicking(order.shipmentNo, {
    onQueued: () => showToast(outboxText.queued, 'info'),
    onSuccess: () => showToast(ordersText.detail.resetDone, 'info'),
    onError: (error) => openModal(refusalModalOf(ORDER_REFUSALS, error, ORDER_OTHERWISE)),
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
