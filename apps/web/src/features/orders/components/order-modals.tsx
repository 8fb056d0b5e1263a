import { refusalModal, sayRefusal, type SaidRefusal } from '@/shared/api/refusal';
import { outboxText } from '@/shared/i18n/outbox';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ConfirmFooter } from '@/shared/modal/confirm-footer';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { openModal } from '@/shared/modal/modal-store';
import { signal } from '@/shared/feedback/feedback';
import { showToast } from '@/shared/toast/toast-store';
import { Icon } from '@/shared/ui/icons';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { useOrder } from '../api/get-order';
import { usePackOrder } from '../api/pack-order';
import { PICKING_OTHERWISE, PICKING_REFUSALS, type OrderRefusal } from '../refusals';
import { telHref, whatsappNumber } from '../utils/order-detail';

/**
 * The spec's scan-packing modal: the recomputed total and what goes in the bag,
 * then "Scan Packing" (1102 → 1103). All out of stock → the cancellation request.
 */
export function ScanPackingModal({ modal, finish, titleId }: ModalRendererProps) {
  const shipmentNo = modal.payload.shipmentNo ?? '';
  const order = useOrder(shipmentNo).data;
  const pack = usePackOrder(shipmentNo, {
    // Kept for later: the order shows as packed on this phone, confirmed when the server has it.
    onQueued: () => {
      finish();
      signal('success');
      showToast(outboxText.queued, 'info');
    },
    onSuccess: () => {
      finish();
      signal('success');
      openModal({
        type: 'info',
        imageType: 'success',
        title: ordersText.scanPacking.doneTitle,
        message: t(ordersText.scanPacking.doneMessage, { shipmentNo }),
        buttonText: ordersText.scanPacking.doneButton,
        actionsType: 'go-to-list-proses',
      });
    },
    onError: (error) => {
      const said = sayRefusal(PICKING_REFUSALS, error, PICKING_OTHERWISE);
      if (said.show !== 'modal') return;
      // Every line out of stock is an outcome, not a failure: the order goes to cancellation.
      finish();
      signal('error');
      const payload = { shipmentNo };
      openModal({ ...refusalModal(said, error, said.close, payload), type: 'info', message: t(said.text, payload) });
    },
  });
  const bags = order?.paperBags.reduce((sum, b) => sum + b.qty, 0) ?? 0;
  // Refused up front while a booking has no taker; the server's 409 BOOKING_PENDING (a booking refused
  // meanwhile) says the same words, and the order read again after it decides whether to try again.
  const blocked = order?.bookingBlocked === true;
  const said: (SaidRefusal & OrderRefusal) | null = pack.error ? sayRefusal(PICKING_REFUSALS, pack.error, PICKING_OTHERWISE) : null;
  const pending = blocked || said?.wait === true;
  // Said in the sheet (one modal at a time); a modal refusal has closed it already.
  const refusal = said && said.show !== 'modal' ? said.text : null;

  return (
    <ModalSheet
      titleId={titleId}
      title={ordersText.scanPacking.title}
      onClose={finish}
      footer={<ConfirmFooter onCancel={finish} onConfirm={() => pack.mutate({})} confirmText={ordersText.scanPacking.confirm} loading={pack.isPending} disabled={!order || blocked} testId="scan-packing-confirm" />}
    >
      <div className="flex flex-col gap-3" data-testid="scan-packing-modal">
        <p className="text-sm text-slate-600">{ordersText.scanPacking.message}</p>
        {order ? (
          <dl className="grid grid-cols-3 gap-2 text-center">
            <div className="rounded-xl bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">{ordersText.scanPacking.items}</dt>
              <dd className="text-lg font-bold tabular-nums">{formatNumber(order.progress.picked)}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">{ordersText.scanPacking.oos}</dt>
              <dd className="text-lg font-bold tabular-nums text-red-700">{formatNumber(order.progress.oos)}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">{ordersText.scanPacking.paperBags}</dt>
              <dd className="text-lg font-bold tabular-nums">{formatNumber(bags)}</dd>
            </div>
            <div className="col-span-3 flex items-baseline justify-between rounded-xl bg-brand-50 p-3">
              <dt className="font-semibold text-brand-900">{ordersText.scanPacking.total}</dt>
              <dd className="text-xl font-bold text-brand-900 tabular-nums" data-testid="scan-packing-total">
                {formatRupiah(order.price)}
              </dd>
            </div>
          </dl>
        ) : null}
        {pending ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="scan-packing-blocked">
            <Icon name="clock" className="size-5 shrink-0" />
            {ordersText.booking.pending}
          </p>
        ) : refusal ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800">
            <Icon name="alert" className="size-5 shrink-0" />
            {refusal}
          </p>
        ) : null}
      </div>
    </ModalSheet>
  );
}

/** The spec's contact-customer modal: call or WhatsApp the customer. */
export function ContactCustomerModal({ modal, finish, titleId }: ModalRendererProps) {
  const shipmentNo = modal.payload.shipmentNo ?? '';
  const customer = useOrder(shipmentNo).data?.customer;
  const phone = customer?.phone ?? '';
  const wa = phone ? whatsappNumber(phone) : null;
  const link = 'flex min-h-12 items-center justify-center gap-2 rounded-xl px-4 font-semibold';
  return (
    <ModalSheet titleId={titleId} title={ordersText.contact.title} onClose={finish}>
      <div className="flex flex-col gap-3" data-testid="contact-modal">
        {customer ? <p className="font-medium text-slate-900">{customer.name}</p> : null}
        {phone ? (
          <>
            <p className="font-mono text-slate-700">{phone}</p>
            <a href={telHref(phone)} className={`${link} bg-brand-700 text-white`}>
              <Icon name="phone" className="size-5" />
              {ordersText.contact.call}
            </a>
            {wa ? (
              <a href={`https://wa.me/${wa}`} target="_blank" rel="noopener noreferrer" className={`${link} border border-emerald-600 text-emerald-700`}>
                <Icon name="chat" className="size-5" />
                {ordersText.contact.whatsapp}
              </a>
            ) : null}
          </>
        ) : (
          <p className="text-slate-600">{ordersText.contact.noPhone}</p>
        )}
      </div>
    </ModalSheet>
  );
}
