import { lazy, Suspense, useId, useState } from 'react';
import type { OrderDetail } from '@gerai/contract';
import { ordersText } from '@/shared/i18n/orders';
import { ModalFrame } from '@/shared/modal/modal-frame';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';

// The preview, its sheets and the QR code load on the first "Cetak", not with the detail.
const PrintSheet = lazy(() => import('./print-sheet').then((m) => ({ default: m.PrintSheet })));

const text = ordersText.print;

/** Shown while the preview's code loads: the dialog's place, so the tap is answered at once. */
function Loading({ onClose }: { onClose: () => void }) {
  const titleId = `${useId()}-title`;
  return (
    <ModalFrame labelledBy={titleId} dismissible onDismiss={onClose}>
      <div className="flex min-h-40 items-center justify-center text-brand-700" data-testid="print-loading">
        <h2 id={titleId} className="sr-only">
          {text.loading}
        </h2>
        <Spinner className="size-8" />
      </div>
    </ModalFrame>
  );
}

/**
 * "Cetak" in the order detail's header: the packing slip and the shelf label, chosen in the preview.
 * In the header, so the screen's main action (ActionBar) and the picking layout stay as they are.
 */
export function PrintAction({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={text.openLabel}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        data-testid="print-open"
      >
        <Icon name="printer" className="size-5" />
        <span className="text-sm">{text.open}</span>
      </button>
      {open ? (
        <Suspense fallback={<Loading onClose={close} />}>
          <PrintSheet order={order} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
