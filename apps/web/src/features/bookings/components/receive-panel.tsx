import { useRef, useState } from 'react';
import type { BookingDetail } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { signal } from '@/shared/feedback/feedback';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { scannerText } from '@/shared/i18n/scanner';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useReceiveBooking } from '../api/receive-booking';
import { BOOKING_OTHERWISE, BOOKING_REFUSALS } from '../refusals';
import { sayRefusal } from '@/shared/api/refusal';
import { ScanNote } from '@/shared/ui/scan-note';
import { isProductCode } from '../utils/booking-view';

const text = bookingsText.receive;

type Feedback = { tone: 'success' | 'error'; text: string } | null;

/**
 * The "get product" step (`/get-product/:id`, ordering store, 1132): each unit handed over is
 * scanned with the scanner picking uses (camera, hardware scanner, typed code). Only the booked
 * product's barcode counts; a wrong one says so in place and is not counted. "Terima barang" is
 * offered once the count equals stockTaken, and sends the barcode as scanned with the count.
 */
export function ReceivePanel({
  detail,
  disabled = false,
  onReceived,
  onQueued,
  onError,
}: {
  detail: BookingDetail;
  disabled?: boolean;
  onReceived: (detail: BookingDetail, qty: number) => void;
  onQueued: () => void;
  /** Refusals that are not about the count (the booking moved on, the connection): the page's modal. */
  onError: (error: ApiError) => void;
}) {
  const total = detail.stockTaken ?? 0;
  const [count, setCount] = useState(0);
  // Scans come faster than renders (a hardware scanner fires several in one second): each one counts
  // on the count the previous one left, not on the count of the last render.
  const counted = useRef(0);
  const [barcode, setBarcode] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const product = detail.productName;

  const receive = useReceiveBooking(detail.bookID, detail.shipmentNo, {
    onSuccess: (reply, vars) => onReceived(reply, vars.qty),
    onQueued,
    onError: (error) => {
      signal('error');
      // What was scanned does not fit the booking (BOOKING_REFUSALS: at the scanner): counted again from zero, the reason in place.
      const said = sayRefusal(BOOKING_REFUSALS, error, BOOKING_OTHERWISE);
      if (said.show === 'form') {
        counted.current = 0;
        setCount(0);
        setBarcode(null);
        setFeedback({ tone: 'error', text: said.text });
        return;
      }
      onError(error);
    },
  });
  const sending = receive.isPending && !receive.queued;
  const complete = total > 0 && count === total;

  const onScan = (code: string) => {
    if (!isProductCode(code, { barcode: detail.barcode, productId: detail.productId })) {
      signal('error');
      setFeedback({ tone: 'error', text: t(text.wrong, { code, product }) });
      return;
    }
    if (counted.current >= total) {
      signal('error');
      setFeedback({ tone: 'error', text: t(text.enough, { total: formatNumber(total) }) });
      return;
    }
    const n = counted.current + 1;
    counted.current = n;
    signal('success');
    setCount(n);
    setBarcode((b) => b ?? code.trim());
    setFeedback({ tone: 'success', text: n === total ? text.ready : t(text.counted, { product, n: formatNumber(n), total: formatNumber(total) }) });
  };

  const reset = () => {
    counted.current = 0;
    setCount(0);
    setBarcode(null);
    setFeedback(null);
  };

  return (
    <section aria-label={text.title} className="flex flex-col gap-2 rounded-2xl border-2 border-brand-200 bg-white p-3 shadow-sm" data-testid="receive-panel">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold text-slate-900">{text.title}</h2>
        <span className="sr-only">{text.counterLabel}</span>
        <span className={cn('text-2xl font-bold tabular-nums', complete ? 'text-emerald-700' : 'text-slate-900')} data-testid="receive-counter">
          {t(text.counter, { n: formatNumber(count), total: formatNumber(total) })}
        </span>
      </div>
      <p className="text-xs text-slate-600">{t(text.hint, { product, store: detail.servingStore.storeName })}</p>
      <ScannerPanel onScan={onScan} enabled={!disabled && !sending} done={count >= total} layout="compact">
        {/* A fixed slot for what the last scan did, so nothing under it moves when a scan answers. */}
        <div aria-live="polite" data-testid="receive-feedback" className="flex min-h-12 items-center">
          {feedback ? (
            <ScanNote tone={feedback.tone} text={feedback.text} textClassName="line-clamp-3 whitespace-pre-line" />
          ) : (
            <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p>
          )}
        </div>
      </ScannerPanel>
      <Button variant="ghost" onClick={reset} disabled={count === 0 || sending} className="self-start" data-testid="receive-reset">
        <Icon name="refresh" className="size-5" />
        {text.reset}
      </Button>
      <ActionBar hint={complete ? text.ready : t(text.submitHint, { left: formatNumber(Math.max(0, total - count)) })}>
        <Button
          block
          onClick={() => barcode && receive.mutate({ barcode, qty: count })}
          disabled={!complete || !barcode || disabled}
          loading={sending}
          data-testid="receive-submit"
        >
          {text.submit}
        </Button>
      </ActionBar>
    </section>
  );
}
