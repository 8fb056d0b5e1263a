import { QRCodeSVG } from 'qrcode.react';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { Button } from '@/shared/ui/button';
import { useOrder } from '../api/get-order';
import { qrPayload, usableQrCode } from '../utils/order-detail';

/** The order's QR for the store POS: JSON {Head, Body}, only when isSendStore is F and the code is not empty. */
export function QrCodeModal({ modal, finish, titleId }: ModalRendererProps) {
  const shipmentNo = modal.payload.shipmentNo ?? '';
  const order = useOrder(shipmentNo).data;
  const qr = order ? usableQrCode(order) : null;
  return (
    <ModalSheet
      titleId={titleId}
      title={ordersText.qr.title}
      onClose={finish}
      footer={
        <Button block onClick={finish}>
          {id.common.close}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-3" data-testid="qr-modal">
        <p className="text-center text-sm text-slate-600">{ordersText.qr.description}</p>
        {qr ? (
          <div className="rounded-2xl bg-white p-3 shadow-inner ring-1 ring-slate-200">
            <QRCodeSVG value={qrPayload(qr)} size={240} level="M" marginSize={2} title={t(ordersText.qr.label, { shipmentNo })} role="img" />
          </div>
        ) : null}
        <p className="font-mono text-sm font-semibold text-slate-800">{shipmentNo}</p>
      </div>
    </ModalSheet>
  );
}
