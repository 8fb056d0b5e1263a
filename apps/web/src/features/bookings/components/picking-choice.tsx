import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type BookingDetail, type BookingStore } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { bookingsText } from '@/shared/i18n/bookings';
import { id, t } from '@/shared/i18n/id';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { Button } from '@/shared/ui/button';
import { useGoBack } from '@/shared/ui/page-header';
import { EmptyState } from '@/shared/ui/state-views';
import { clampQuantity, Stepper } from '@/shared/ui/stepper';
import { formatNumber } from '@/shared/utils/format';
import { useCreateBooking } from '../api/create-booking';
import { useBookingProposal } from '../api/get-booking-proposal';
import { useChoiceOutcome } from '../hooks/use-choice-outcome';
import { ChooseStoreButton, type ChoiceProps, ContextState, HEADER_HEIGHT, LineCard, StoreList } from './store-choice-blocks';

const text = bookingsText.choice;

/** Booking from picking: how many of what the line lacks, then the store to ask. */
export function PickingChoice({ shipmentNo, lineId, ...shared }: ChoiceProps & { shipmentNo: string; lineId: number }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.bookingListProduct);
  const openModal = useModalStore((s) => s.openModal);
  const outcome = useChoiceOutcome(goBack);
  const proposal = useBookingProposal(shipmentNo, lineId);
  const line = proposal.data?.line;
  const lacking = line?.lacking ?? 0;
  const [chosen, setChosen] = useState<number | null>(null);
  const qty = clampQuantity(chosen ?? lacking, 1, lacking);

  const create = useCreateBooking(shipmentNo, lineId, {
    onSuccess: (detail: BookingDetail) => {
      signal('success');
      showToast(t(text.created, { bookingNo: detail.bookingNo, store: detail.offeredTo.storeName }), 'success');
      // Back from the booking goes to the picking screen, not to a choice already made.
      navigate(paths.getProduct(detail.bookID), { replace: true });
    },
    ...outcome,
  });

  const confirm = (store: BookingStore) =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.confirmTitle,
      message: t(text.confirmMessage, { qty: formatNumber(qty), product: line?.name ?? '', store: store.storeName, code: store.storeCode }),
      buttonText: id.common.cancel,
      confirmText: text.confirm,
      onConfirm: () => create.mutate({ shipmentNo, lineId, qty, storeCode: store.storeCode }),
    });

  if (!line) {
    return <ContextState query={proposal} headerHeight={HEADER_HEIGHT} notFound={{ title: text.lineNotFoundTitle, message: t(text.lineNotFoundMessage, { shipmentNo }) }} loadError={text.lineLoadError} />;
  }

  if (lacking <= 0) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <LineCard line={line} />
        <EmptyState icon="check" title={text.noLackTitle} message={t(text.noLackMessage, { product: line.name })}>
          <Button variant="secondary" onClick={goBack}>
            {id.common.back}
          </Button>
        </EmptyState>
      </div>
    );
  }

  return (
    <StoreList
      {...shared}
      productId={line.productId}
      qty={qty}
      header={
        <LineCard line={line}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
            <span className="text-sm font-medium text-slate-700">{text.qtyLabel}</span>
            <Stepper value={qty} min={1} max={lacking} onChange={setChosen} label={text.qtyLabel} decreaseLabel={id.common.decrease} increaseLabel={id.common.increase} testId="booking-qty" />
          </div>
        </LineCard>
      }
      action={(store) => (
        <ChooseStoreButton store={store} mutation={create} onChoose={confirm} label={text.bookHere} ariaLabel={t(text.bookHereLabel, { store: store.storeName })} testId={`book-${store.storeCode}`} />
      )}
    />
  );
}
