import type { CancelRequest, ReasonList } from '@gerai/contract';

/** GET /api/cancellations/reasons as the server serves it: "Lainnya" (id 0, a text required) last. */
export const cancelReasons: ReasonList = {
  items: [
    { id: 1, label: 'Stok produk habis', requiresText: false },
    { id: 2, label: 'Pelanggan membatalkan pesanan', requiresText: false },
    { id: 0, label: 'Lainnya', requiresText: true },
  ],
};

/** A request of staff Budi for the demo pickup order, waiting for a kepala toko. */
export function cancelRequest(over: Partial<CancelRequest> = {}): CancelRequest {
  return {
    id: 5,
    shipmentNo: 'SHP2511220000001',
    orderNo: 'AGF251122000001',
    storeCode: 'T001',
    orderStatusId: 1102,
    requestedInStatus: 1102,
    deliveryType: 0,
    appName: 'alfagift',
    customerName: 'Nathania Julia',
    itemCount: 3,
    price: 12000,
    status: 'pending',
    reason: { id: 1, label: 'Stok produk habis', text: null, display: 'Stok produk habis' },
    requestedBy: 'Budi Santoso',
    requestedAt: new Date(Date.now() - 7 * 60_000).toISOString(),
    decidedBy: null,
    decidedAt: null,
    note: null,
    canDecide: false,
    deciderRole: 2,
    ...over,
  };
}
