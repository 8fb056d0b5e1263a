import { BOOKING_STATUS_LABEL, type BookingStore } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { bookingsText } from '@/shared/i18n/bookings';
import { id, t } from '@/shared/i18n/id';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { useGoBack } from '@/shared/ui/page-header';
import { formatNumber } from '@/shared/utils/format';
import { useBooking } from '../api/get-booking';
import { useReofferBooking } from '../api/reoffer-booking';
import { BookingStatusChip } from './booking-status-chip';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { ProductTitle } from '@/shared/ui/product-title';
import { useChoiceOutcome } from '../hooks/use-choice-outcome';
import { ChooseStoreButton, type ChoiceProps, ContextState, StoreList } from './store-choice-blocks';

const text = bookingsText.choice;

/** A refused booking offered to another store: never one that refused it (the server leaves those out). */
export function ReofferChoice({ bookID, ...shared }: ChoiceProps & { bookID: number }) {
  const goBack = useGoBack(paths.getProduct(bookID));
  const openModal = useModalStore((s) => s.openModal);
  const outcome = useChoiceOutcome(goBack);
  const booking = useBooking(bookID);
  const b = booking.data;

  const reoffer = useReofferBooking(bookID, b?.shipmentNo ?? '', {
    onSuccess: (detail) => {
      signal('success');
      showToast(t(text.reoffered, { bookingNo: detail.bookingNo, store: detail.offeredTo.storeName }), 'success');
      // Back to the booking this choice was opened from (its detail already shows the reply).
      goBack();
    },
    ...outcome,
  });

  if (!b) {
    return <ContextState query={booking} headerHeight="h-40" notFound={{ title: bookingsText.detail.notFoundTitle, message: bookingsText.detail.notFoundMessage }} loadError={text.bookingLoadError} />;
  }

  const can = b.actions.includes('reoffer');
  const confirm = (store: BookingStore) =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.reofferConfirmTitle,
      message: t(text.reofferConfirmMessage, { bookingNo: b.bookingNo, qty: formatNumber(b.qtyOos), product: b.productName, store: store.storeName, code: store.storeCode }),
      buttonText: id.common.cancel,
      confirmText: text.reofferConfirm,
      onConfirm: () => reoffer.mutate({ storeCode: store.storeCode }),
    });

  return (
    <StoreList
      {...shared}
      productId={b.productId}
      qty={b.qtyOos}
      bookID={b.bookID}
      header={
        <Card title={text.reofferTitle} testId="choice-booking" actions={<BookingStatusChip status={b.status} cancelled={b.cancelled} />}>
          <div className="flex items-start gap-3">
            <ProductThumb imageUrl={b.imageUrl} />
            <ProductTitle name={b.productName} code={b.bookingNo} nameClassName="font-medium" />
            <span className="shrink-0 font-bold text-slate-900 tabular-nums">{t(bookingsText.common.units, { qty: formatNumber(b.qtyOos) })}</span>
          </div>
          {b.refusedBy.length > 0 ? (
            <p className="text-sm text-slate-700" data-testid="choice-refused-by">
              {t(text.refusedBy, { stores: b.refusedBy.map((s) => s.storeName).join(', ') })}
            </p>
          ) : null}
          {b.refuseReason ? <p className="text-sm break-words text-slate-600">{t(text.lastReason, { reason: b.refuseReason })}</p> : null}
          {can ? null : (
            <div className="flex flex-col gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950" data-testid="choice-reoffer-closed">
              <p>{t(text.reofferClosed, { status: b.cancelled ? bookingsText.common.cancelled : BOOKING_STATUS_LABEL[b.status] })}</p>
              <ButtonLink to={paths.getProduct(b.bookID)} variant="secondary" replace>
                {text.openBooking}
              </ButtonLink>
            </div>
          )}
        </Card>
      }
      action={
        can
          ? (store) => (
              <ChooseStoreButton store={store} mutation={reoffer} onChoose={confirm} label={text.offerHere} ariaLabel={t(text.offerHereLabel, { store: store.storeName })} testId={`offer-${store.storeCode}`} />
            )
          : undefined
      }
    />
  );
}
