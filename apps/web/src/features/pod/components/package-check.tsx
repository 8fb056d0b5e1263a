import { useState } from 'react';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { id, t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { useKeyboardWedge } from '@/shared/scanner/use-keyboard-wedge';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { matchOrderCode, type OrderCodeMatch } from '../utils/order-code';

const text = podText.scanGo;

/**
 * "Cek paket": the crew scans the order's QR (camera, hardware scanner, the
 * host's scanner) or types the shipmentNo to be sure the package in hand is
 * this order. A code of another order offers to open that one instead.
 * One row while closed (the screen must fit a 360 × 640 phone); the scanner
 * opens under it in its one-row layout.
 */
export function PackageCheck({ order }: { order: { shipmentNo: string; orderNo: string; statusId: number } }) {
  const [open, setOpen] = useState(false);
  const [match, setMatch] = useState<OrderCodeMatch | null>(null);
  const verified = match?.kind === 'this';

  const onCode = (code: string) => {
    const m = matchOrderCode(code, order);
    setMatch(m);
    signal(m.kind === 'this' ? 'success' : 'error');
    if (m.kind === 'this') setOpen(false);
  };
  // A hardware scanner works while the panel is closed too.
  useKeyboardWedge(onCode, !open);

  return (
    <section
      aria-label={text.verifyTitle}
      className={cn('flex flex-col gap-2 rounded-2xl border p-3 shadow-sm', verified ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white')}
      data-testid="package-check"
      data-verified={verified ? 'true' : 'false'}
    >
      {/* min-h-11 whether or not the button is there: verifying does not move what is below. */}
      <div className="flex min-h-11 items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
            {verified ? <Icon name="check" className="size-4 shrink-0 text-emerald-600" /> : null}
            {text.verifyTitle}
          </h2>
          {verified ? (
            <p className="text-xs font-medium text-emerald-800" data-testid="package-verified">
              {text.verified}
            </p>
          ) : (
            <p className="text-xs text-slate-600">{text.verifyShortHint}</p>
          )}
        </div>
        {verified ? null : (
          <Button
            variant={open ? 'ghost' : 'secondary'}
            className="shrink-0 px-3 text-sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            icon={open ? <Icon name="close" className="size-4" /> : <Icon name="scan" className="size-4" />}
            data-testid="open-package-check"
          >
            {open ? id.common.close : text.verifyOpenShort}
          </Button>
        )}
      </div>
      {match?.kind === 'other' ? (
        <div role="alert" className="flex flex-col gap-2 rounded-xl bg-amber-50 p-2 text-sm text-amber-900">
          <p>{t(text.otherOrder, { shipmentNo: match.shipmentNo })}</p>
          <ButtonLink to={paths.orderDetailScanGo(order.statusId, match.shipmentNo, 'delivery')} variant="secondary" className="self-start">
            {t(text.openOther, { shipmentNo: match.shipmentNo })}
          </ButtonLink>
        </div>
      ) : match?.kind === 'unknown' ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-2 text-sm text-amber-900">
          {text.unknownCode}
        </p>
      ) : null}
      {open ? (
        <ScannerPanel
          title={text.verifyTitle}
          formats={['qr_code', 'code_128']}
          onScan={onCode}
          manualLabel={text.verifyLabel}
          manualPlaceholder={text.verifyPlaceholder}
          manualInputMode="text"
          layout="compact"
        />
      ) : null}
    </section>
  );
}
