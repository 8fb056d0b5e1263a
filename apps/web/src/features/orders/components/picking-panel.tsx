import { useState } from 'react';
import type { OrderDetail, ScanResult } from '@gerai/contract';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES } from '@gerai/contract';
import { ApiError } from '@/shared/api/api-error';
import { sayRefusal, type SaidRefusal } from '@/shared/api/refusal';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { scannerText } from '@/shared/i18n/scanner';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { useScanStore } from '@/shared/stores/scan-store';
import { Spinner } from '@/shared/ui/spinner';
import { ScanNote } from '@/shared/ui/scan-note';
import { useScanBarcode, type ScanVars } from '../api/scan-barcode';
import { lineForCode } from '../utils/order-detail';
import { PICKING_OTHERWISE, PICKING_REFUSALS, type OrderRefusal } from '../refusals';
import { localScanRefusal } from '../utils/pending-overlay';
import { ProgressBar } from './progress-bar';

export type ScanFeedback = { tone: 'success' | 'error' | 'kept'; text: string } | null;

/**
 * The Indonesian line shown for a refused scan, as PICKING_REFUSALS says: a scan over a complete line
 * names that line (the one the server names by `details[].productId`, else the one the scanned code
 * stands for) with its count; the scan's other refusals their words and the code scanned; the rest their words.
 */
export function refusalText(error: ApiError, code: string, order: OrderDetail | undefined): string {
  const said: SaidRefusal & OrderRefusal = sayRefusal(PICKING_REFUSALS, error, PICKING_OTHERWISE);
  if (said.show === 'line' && order) {
    const named = Object.keys(said.lines);
    const line = named.length > 0 ? order.products.find((l) => named.includes(l.productID)) : lineForCode(order.products, code);
    if (line) return `${said.text} ${line.name} (${line.qtyPicked}/${line.qty})`;
  }
  return said.withCode ? t(ordersText.scan.refused, { message: said.text, code }) : said.text;
}

/**
 * Picking by scanning (1102): order progress, the scanner (camera, hardware
 * scanner, native scanner, typed code) and what the last scan did. Every scan is
 * confirmed by the server: accepted → success beep; refused → its reason and a
 * distinct error sound with vibration. Offline, a scan is checked against the order
 * as the phone has it and kept for the server (shown at once; its answer on sync is final).
 */
export function PickingPanel({ order, onScanned }: { order: OrderDetail; onScanned: (lineId: number) => void }) {
  const [feedback, setFeedback] = useState<ScanFeedback>(null);
  const current = useScanStore((s) => s.current);
  const setCurrent = useScanStore((s) => s.setCurrent);
  const addProduct = useScanStore((s) => s.addProduct);
  const progress = order.progress;
  const online = useOnlineStatus();

  const scan = useScanBarcode(order.shipmentNo, {
    onSuccess: (result: ScanResult) => {
      const line = result.scannedLine;
      // Same productID updates its quantities; the current scan is cleared after the add.
      addProduct({ productID: line.productID, barcode: line.barcode, name: line.name, qty: line.qtyPicked, attrQtyOos: line.attrQtyOos });
      signal('success');
      setFeedback({ tone: 'success', text: t(ordersText.scan.accepted, { name: line.name, picked: line.qtyPicked, qty: line.qty }) });
      onScanned(line.lineId);
    },
    onQueued: (vars: ScanVars) => {
      const line = lineForCode(order.products, vars.barcode);
      signal('success');
      // The order on screen already counts it (pending overlay): one more than before it.
      if (line) setFeedback({ tone: 'kept', text: t(ordersText.scan.kept, { name: line.name, picked: Math.min(line.qty, line.qtyPicked + 1), qty: line.qty }) });
    },
    onError: (error: ApiError, vars: ScanVars) => refuse(error, vars.barcode),
  });

  const refuse = (error: ApiError, code: string) => {
    setCurrent(null);
    signal('error');
    setFeedback({ tone: 'error', text: refusalText(error, code, order) });
  };

  const onScan = (code: string) => {
    // Offline the phone answers what the server would: not in the order, or already complete.
    const local = online ? null : localScanRefusal(order, code);
    if (local) return refuse(new ApiError({ status: ERROR_HTTP_STATUS[local], code: local, message: ERROR_MESSAGES[local] }), code);
    setCurrent({ productID: code, barcode: code });
    scan.mutate({ barcode: code });
  };

  // One card: progress, the scanner in one row, and a fixed slot for what the last scan did, so the
  // product list stays in view at 360 × 640 and a scan's answer never moves it under a finger.
  return (
    <section aria-label={ordersText.progress.label} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="picking-panel">
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold text-slate-900">{ordersText.progress.label}</span>
        <span className="font-semibold text-slate-800 tabular-nums" data-testid="order-progress">
          {t(ordersText.progress.value, { done: progress.resolved, total: progress.qty })}
        </span>
      </div>
      <ProgressBar value={progress.resolved} max={progress.qty} complete={progress.complete} label={ordersText.progress.label} />
      <ScannerPanel onScan={onScan} done={progress.complete} layout="compact">
        <div aria-live="polite" data-testid="scan-feedback" className="flex min-h-12 items-center">
          {current && scan.isPending && !scan.queued ? (
            <p className="flex w-full items-center gap-2 rounded-xl bg-slate-50 p-2 text-sm text-slate-600">
              <Spinner className="size-4" />
              <span className="line-clamp-2">{t(ordersText.scan.sending, { code: current.barcode ?? current.productID })}</span>
            </p>
          ) : feedback ? (
            <ScanNote tone={feedback.tone} text={feedback.text} />
          ) : progress.complete ? (
            <p className="text-sm font-medium text-emerald-700">{ordersText.progress.complete}</p>
          ) : (
            <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p>
          )}
        </div>
      </ScannerPanel>
    </section>
  );
}
