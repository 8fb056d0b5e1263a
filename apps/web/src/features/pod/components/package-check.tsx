import { useState } from 'react';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { useKeyboardWedge } from '@/shared/scanner/use-keyboard-wedge';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { matchOrderCode, type OrderCodeMatch } from '../utils/order-code';

const text = podText.scanGo;

/**
 * "Cek paket": the crew scans the order's QR (camera, hardware scanner, the
 * host's scanner) or types the shipmentNo to be sure the package in hand is
 * this order. A code of another order offers to open that one instead.
 */
export function PackageCheck({ order }: { order: { shipmentNo: string; orderNo: string; statusId: number } }) {
  const [open, setOpen] = useState(false);
  const [match, setMatch] = useState<OrderCodeMatch | null>(null);

  const onCode = (code: string) => {
    const m = matchOrderCode(code, order);
    setMatch(m);
    signal(m.kind === 'this' ? 'success' : 'error');
    if (m.kind === 'this') setOpen(false);
  };
  // A hardware scanner works while the panel is closed too.
  useKeyboardWedge(onCode, !open);

  return (
    <section aria-label={text.verifyTitle} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="package-check">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold text-slate-900">{text.verifyTitle}</h2>
        {match?.kind === 'this' ? <Icon name="check" className="size-5 text-emerald-600" /> : null}
      </div>
      {match?.kind === 'this' ? (
        <p className="rounded-xl bg-emerald-50 p-2 text-sm font-medium text-emerald-800" data-testid="package-verified">
          {text.verified}
        </p>
      ) : match?.kind === 'other' ? (
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
      ) : (
        <p className="text-sm text-slate-600">{text.verifyHint}</p>
      )}
      {open ? (
        <ScannerPanel
          title={text.verifyTitle}
          formats={['qr_code', 'code_128']}
          onScan={onCode}
          manualLabel={text.verifyLabel}
          manualPlaceholder={text.verifyPlaceholder}
          manualInputMode="text"
        />
      ) : match?.kind !== 'this' ? (
        <Button variant="ghost" block onClick={() => setOpen(true)} icon={<Icon name="scan" className="size-5" />} data-testid="open-package-check">
          {text.verifyOpen}
        </Button>
      ) : null}
    </section>
  );
}
