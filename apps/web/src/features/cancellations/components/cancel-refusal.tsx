import { useRef, useState, type RefObject } from 'react';
import { ORDER_STATUS, type OrderDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { refusalModal, sayRefusal } from '@/shared/api/refusal';
import { signal } from '@/shared/feedback/feedback';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { t } from '@/shared/i18n/id';
import { openModal } from '@/shared/modal/modal-store';
import { Icon } from '@/shared/ui/icons';
import { CANCEL_REFUSALS } from '../refusals';

const text = cancellationsText;

/** The order's detail screen. */
export type DetailPath = (order: Pick<OrderDetail, 'statusId' | 'shipmentNo' | 'deliveryType'>) => string;

export const CANCELLED: readonly number[] = [ORDER_STATUS.CANCELLED, ORDER_STATUS.HISTORY_CANCELLED];

/** Picked goods go back on the shelf: said once the order is cancelled (decision 87). */
export function askToPutBack(order: OrderDetail) {
  if (order.progress.picked <= 0) return;
  openModal({
    type: 'info',
    imageType: 'info',
    title: text.done.putBackTitle,
    message: t(text.done.putBackMessage, { shipmentNo: order.shipmentNo }),
    buttonText: text.done.putBackButton,
    actionsType: 'close-modal',
  });
}

/** Refusals shown where the crew looks: under the form, above the action bar. */
export function Notice({ message, noticeRef }: { message: string | null; noticeRef: RefObject<HTMLParagraphElement | null> }) {
  if (!message) return null;
  return (
    <p ref={noticeRef} role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="cancel-notice">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

export function useRefusal() {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const onError = (error: ApiError) => {
    signal('error');
    const said = sayRefusal(CANCEL_REFUSALS, error);
    if (said.show === 'form') {
      setNotice(said.text);
      requestAnimationFrame(() => noticeRef.current?.scrollIntoView?.({ block: 'center' }));
    } else openModal(refusalModal(said, error));
  };
  return { notice, setNotice, noticeRef, onError };
}

