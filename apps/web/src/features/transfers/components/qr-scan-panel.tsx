import type { ReactNode } from 'react';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';

/**
 * The scanner in QR mode: the camera reading QR codes only, the hardware scanner, or the QR's text
 * typed. What was read goes to `onScan` as it is; the caller parses it (`parseMatQr`).
 */
export function QrScanPanel({
  title,
  manualLabel,
  manualPlaceholder,
  onScan,
  enabled = true,
  children,
}: {
  title: string;
  manualLabel: string;
  manualPlaceholder?: string;
  onScan: (value: string) => void;
  enabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div data-testid="mat-qr-scanner">
      <ScannerPanel
        onScan={(code) => onScan(code)}
        title={title}
        formats={['qr_code']}
        manualLabel={manualLabel}
        manualPlaceholder={manualPlaceholder}
        manualInputMode="text"
        enabled={enabled}
      >
        {children}
      </ScannerPanel>
    </div>
  );
}
