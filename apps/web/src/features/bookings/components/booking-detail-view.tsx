import { useRef, useState, type ReactNode } from 'react';
import { BOOKING_STATUS, ORDER_STATUS_LABEL, isOrderStatusId, type BookingAction, type BookingDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { hasErrorCode } from '@/shared/api/api-error';
import { refusalModalOf, refusalText } from '@/shared/api/refusal';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { bookingsText } from '@/shared/i18n/bookings';
import { id, t } from '@/shared/i18n/id';
import { useModalStore } from '@/shared/modal/modal-store';
import { outboxText } from '@/shared/i18n/outbox';
import { usePendingActions } from '@/shared/outbox/outbox-context';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useCancelBooking } from '../api/cancel-booking';
import { useRefuseBooking } from '../api/refuse-booking';
import { useTakeBooking } from '../api/take-booking';
import { BookingStatusChip } from './booking-status-chip';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { RecordNumber } from '@/shared/ui/record-number';
import { ProductTitle } from '@/shared/ui/product-title';
import { ReceivePanel } from './receive-panel';
import { RefuseDialog } from './refuse-dialog';
import { BOOKING_OTHERWISE, BOOKING_REFUSALS } from '../refusals';
import { useBookingChange } from '../utils/use-booking-change';
import { BookingFacts } from './booking-facts';

const text = bookingsText.detail;
const common = bookingsText.common;

/** Refusals that say the booking is no longer what the screen showed: the step is gone, not worth another try. */
const MOVED_ON = ['BOOKING_STATUS_CHANGED', 'BOOKING_NOT_FOUND', 'BOOKING_NOT_ADDRESSED'] as const;

/**
 * One booking as /get-product shows it: what changed (said on the booking as it is now), the booking,
 * the work of this step, what the store waits for, the facts, and the step's actions in the bar.
 */
export function BookingView({ detail: b }: { detail: BookingDetail }) {
  // This phone's changes of the booking kept for later (offline): shown on it until the server has them.
  const kept = usePendingActions().filter((a) => a.request.path.startsWith(`/bookings/${b.bookID}/`));
  const { change, dismiss } = useBookingChange(b, kept.length);
  const openModal = useModalStore((s) => s.openModal);
  const [refusing, setRefusing] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);

  /** A refusal by code, in the contract's words: a booking gone → its list (go-to-get-product); else the modal, the detail read again. */
  const onError = (error: ApiError) => {
    signal('error');
    openModal(hasErrorCode(error, 'BOOKING_NOT_FOUND') ? refusalModalOf(BOOKING_REFUSALS, error, BOOKING_OTHERWISE, 'go-to-get-product') : refusalModalOf(BOOKING_REFUSALS, error, BOOKING_OTHERWISE));
  };
  const done = (message: string) => {
    signal('success');
    showToast(message, 'success');
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };
  const queued = () => showToast(text.queued, 'info');

  const take = useTakeBooking(b.bookID, b.shipmentNo, {
    onSuccess: (d) => done(t(text.taken, { bookingNo: d.bookingNo, qty: formatNumber(d.stockTaken ?? d.qtyOos) })),
    onQueued: queued,
    onError,
  });
  const [refuseError, setRefuseError] = useState<string | null>(null);
  const openRefuse = (open: boolean) => {
    setRefuseError(null);
    setRefusing(open);
  };
  const refuse = useRefuseBooking(b.bookID, b.shipmentNo, {
    onSuccess: (d) => {
      openRefuse(false);
      done(t(text.refused, { bookingNo: d.bookingNo }));
    },
    onQueued: () => {
      openRefuse(false);
      queued();
    },
    onError: (error) => {
      // The booking moved on (taken elsewhere, cancelled, offered away): the dialog has nothing left to do.
      if (hasErrorCode(error, ...MOVED_ON)) {
        openRefuse(false);
        onError(error);
        return;
      }
      // Anything else is said in the dialog, next to its button, the reason typed kept for another try.
      signal('error');
      setRefuseError(refusalText(error));
    },
  });
  const cancel = useCancelBooking(b.bookID, b.shipmentNo, { onSuccess: (d) => done(t(text.cancelled, { bookingNo: d.bookingNo })), onQueued: queued, onError });
  const busy = take.isPending || refuse.isPending || cancel.isPending;

  const can = (action: BookingAction) => b.actions.includes(action);
  const confirmTake = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.takeTitle,
      message: t(text.takeMessage, { qty: formatNumber(b.qtyOos), product: b.productName, store: b.orderingStore.storeName }),
      buttonText: id.common.cancel,
      confirmText: text.takeConfirm,
      onConfirm: () => take.mutate({}),
    });
  const confirmCancel = () =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.cancelTitle,
      message:
        b.status === BOOKING_STATUS.TAKEN
          ? t(text.cancelTakenMessage, { bookingNo: b.bookingNo, qty: formatNumber(b.stockTaken ?? b.qtyOos), store: b.servingStore.storeName })
          : t(text.cancelMessage, { bookingNo: b.bookingNo }),
      buttonText: id.common.cancel,
      confirmText: text.cancelConfirm,
      onConfirm: () => cancel.mutate({}),
    });

  const receiving = can('receive');
  // What this store waits for when it has nothing to do: said instead of buttons.
  const note = b.refusedByMe
    ? text.refusedByMeNote
    : b.cancelled
      ? text.cancelledNote
      : b.status === BOOKING_STATUS.DONE
        ? t(text.doneNote, { store: b.orderingStore.storeName })
        : b.direction === 'out' && b.status === BOOKING_STATUS.WAITING
          ? t(text.waitingServing, { store: b.offeredTo.storeName })
          : b.direction === 'in' && b.status === BOOKING_STATUS.TAKEN
            ? t(text.waitingFetch, { qty: formatNumber(b.stockTaken ?? b.qtyOos), store: b.orderingStore.storeName })
            : b.direction === 'in' && b.status === BOOKING_STATUS.REFUSED
              ? text.refusedHere
              : b.direction === 'out' && b.status === BOOKING_STATUS.REFUSED
                ? text.refusedThere
                : null;

  // The bar holds the step's main action: take | refuse, re-offer | cancel, or cancel alone. Fetching
  // the goods has its own bar (Terima barang); cancelling then is a quieter button in the page.
  let bar: ReactNode = null;
  if (can('take') || can('refuse')) {
    // The main action takes the room; the other keeps its own width (two long labels never fit 360 px side by side).
    bar = (
      <ActionBar>
        {can('refuse') ? (
          <Button variant="danger" block={!can('take')} className="shrink-0" onClick={() => openRefuse(true)} disabled={busy} data-testid="booking-refuse">
            {text.refuse}
          </Button>
        ) : null}
        {can('take') ? (
          <Button block onClick={confirmTake} loading={take.isPending && !take.queued} disabled={busy} data-testid="booking-take">
            {text.take}
          </Button>
        ) : null}
      </ActionBar>
    );
  } else if (!receiving && (can('reoffer') || can('cancel'))) {
    bar = (
      <ActionBar>
        {can('cancel') ? (
          <Button
            variant="danger"
            block={!can('reoffer')}
            className="shrink-0"
            onClick={confirmCancel}
            loading={cancel.isPending && !cancel.queued}
            disabled={busy}
            aria-label={text.cancel}
            data-testid="booking-cancel"
          >
            {can('reoffer') ? text.cancelShort : text.cancel}
          </Button>
        ) : null}
        {can('reoffer') ? (
          <ButtonLink to={`${paths.bookingListKelurahan}?bookID=${b.bookID}`} block data-testid="booking-reoffer">
            {text.reoffer}
          </ButtonLink>
        ) : null}
      </ActionBar>
    );
  }
  const hasBar = bar !== null || receiving;

  return (
    <div ref={topRef} className={cn('flex scroll-mt-16 flex-col gap-3', hasBar && 'pb-24')}>
      {/* What the other store or another phone just did, said on the booking as it is now: the crew stays on the task. */}
      {change ? (
        <div role="status" aria-label={bookingsText.changed.label} className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 py-1 pr-1 pl-3 text-amber-950" data-testid="booking-change">
          <Icon name="info" className="size-5 shrink-0 text-amber-700" />
          <p className="min-w-0 flex-1 text-sm font-semibold break-words" data-testid="booking-change-text">
            {change}
          </p>
          <Button variant="ghost" onClick={dismiss} aria-label={bookingsText.changed.dismissLabel} className="shrink-0" data-testid="booking-change-dismiss">
            {bookingsText.changed.dismiss}
          </Button>
        </div>
      ) : null}
      <Card testId="booking-header">
        <RecordNumber value={b.bookingNo} testId="booking-number">
          <BookingStatusChip status={b.status} cancelled={b.cancelled} />
        </RecordNumber>
        <div className="flex items-start gap-3">
          <ProductThumb imageUrl={b.imageUrl} className="size-16" />
          <ProductTitle name={b.productName} code={b.barcode} nameClassName="font-medium" nameTestId="booking-product" codeTestId="booking-barcode" />
          <span className="shrink-0 text-lg font-bold text-slate-900 tabular-nums" data-testid="booking-qty">
            {t(common.units, { qty: formatNumber(b.qtyOos) })}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
          <Field label={common.shipmentNo}>
            <span className="font-mono break-all">{b.shipmentNo}</span>
          </Field>
          <Field label={text.orderStatus}>{isOrderStatusId(b.orderStatusId) ? ORDER_STATUS_LABEL[b.orderStatusId] : b.orderStatusId}</Field>
        </dl>
      </Card>

      {/* The work of this step first: counting the goods, right under the booking it belongs to. */}
      {receiving ? <ReceivePanel detail={b} disabled={busy} onReceived={(d, qty) => done(t(bookingsText.receive.received, { qty: formatNumber(qty), product: d.productName }))} onQueued={queued} onError={onError} /> : null}

      {kept.length > 0 ? (
        <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="booking-kept">
          <Icon name="cloudUp" className="size-4 shrink-0 translate-y-0.5" />
          {kept.map((a) => `${outboxText.kinds[a.kind as keyof typeof outboxText.kinds] ?? a.kind}: ${outboxText.waiting}`).join(' · ')}
        </p>
      ) : null}

      {note ? (
        <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="booking-note">
          <Icon name="info" className="size-4 shrink-0 translate-y-0.5" />
          {note}
        </p>
      ) : null}

      <BookingFacts detail={b} />

      {receiving && can('cancel') ? (
        <Button variant="danger" onClick={confirmCancel} loading={cancel.isPending && !cancel.queued} disabled={busy} data-testid="booking-cancel">
          {text.cancel}
        </Button>
      ) : null}

      {refusing && can('refuse') ? (
        <RefuseDialog
          orderingStore={b.orderingStore.storeName}
          onConfirm={(reason) => {
            setRefuseError(null);
            refuse.mutate(reason ? { reason } : {});
          }}
          onClose={() => openRefuse(false)}
          sending={refuse.isPending && !refuse.queued}
          error={refuseError}
        />
      ) : null}

      {bar}
    </div>
  );
}
