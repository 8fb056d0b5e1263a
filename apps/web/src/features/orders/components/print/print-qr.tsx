import { QRCodeSVG } from 'qrcode.react';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { cn } from '@/shared/utils/cn';

/**
 * The order's QR on paper: SVG, so it prints as sharp as the printer can (no bitmap scaled up),
 * black modules with their quiet zone. `data-qr-value` says what it encodes (tests, the e2e check).
 */
export function PrintQr({ value, shipmentNo, className }: { value: string; shipmentNo: string; className: string }) {
  return (
    <div className={cn('shrink-0 bg-white', className)} data-testid="print-qr" data-qr-value={value}>
      <QRCodeSVG
        value={value}
        level="M"
        marginSize={2}
        bgColor="#ffffff"
        fgColor="#000000"
        title={t(ordersText.print.qr, { shipmentNo })}
        role="img"
        // The box decides the printed size; the SVG fills it.
        style={{ width: '100%', height: '100%' }}
      />
    </div>
  );
}
