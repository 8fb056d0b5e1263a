import type { ReasonList, ReturnCount, ReturnDetail, ReturnSummary, Returnable } from '@gerai/contract';

// The returns screens as their tests render them, and what the server answers with.

export const SHP = 'SHP2611204455001';
export const PHOTO_ID = '6f1c2a4e-8b0d-4c3e-9a51-2d7f0e9b1c11';
export const PHOTO_ID_2 = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';

export function returnable(over: Partial<Returnable> = {}): Returnable {
  return {
    shipmentNo: SHP,
    orderNo: 'AGF261120000555',
    statusId: 1104,
    deliveryType: 0,
    appName: 'alfagift',
    customerName: 'Nathania Julia',
    completedAt: '2026-11-20T03:00:00.000Z',
    windowDays: 7,
    windowEndsAt: '2026-11-27T03:00:00.000Z',
    refusal: null,
    lines: [
      { lineId: 11, productID: '20001', name: 'Indomie Goreng 85g', barcode: '8991234567895', imageUrl: null, delivered: 3, returned: 1, returnable: 2 },
      { lineId: 12, productID: '20002', name: 'Teh Botol Sosro 450ml', barcode: '8997654321098', imageUrl: null, delivered: 1, returned: 0, returnable: 1 },
      { lineId: 13, productID: '20003', name: 'Susu UHT 1L', barcode: '8990000000017', imageUrl: null, delivered: 2, returned: 2, returnable: 0 },
    ],
    ...over,
  };
}

export const returnReasons: ReasonList = {
  items: [
    { id: 1, label: 'Barang rusak', requiresText: false },
    { id: 2, label: 'Barang tidak sesuai pesanan', requiresText: false },
    { id: 0, label: 'Lainnya', requiresText: true },
  ],
};

export function returnDetail(over: Partial<ReturnDetail> = {}): ReturnDetail {
  return {
    id: 7,
    shipmentNo: SHP,
    orderNo: 'AGF261120000555',
    storeCode: 'T001',
    deliveryType: 0,
    appName: 'alfagift',
    customerName: 'Nathania Julia',
    customerPhone: '081353447787',
    customerAddress: 'Jl. Haji Naim No. 116, Bangka, Mampang Prapatan',
    customerLatitude: -6.252874,
    customerLongitude: 106.821662,
    status: 'requested',
    reason: { id: 1, label: 'Barang rusak', text: null, display: 'Barang rusak' },
    lines: [
      { lineId: 11, productID: '20001', name: 'Indomie Goreng 85g', barcode: '8991234567895', imageUrl: null, qty: 2, qtyReceived: null, condition: null },
      { lineId: 12, productID: '20002', name: 'Teh Botol Sosro 450ml', barcode: '8997654321098', imageUrl: null, qty: 1, qtyReceived: null, condition: null },
    ],
    photos: [
      { id: PHOTO_ID, mime: 'image/jpeg', size: 120_000, url: `/api/uploads/${PHOTO_ID}` },
      { id: PHOTO_ID_2, mime: 'image/png', size: 80_000, url: `/api/uploads/${PHOTO_ID_2}` },
    ],
    requestedBy: 'Budi Santoso',
    createdAt: '2026-11-21T02:15:00.000Z',
    updatedAt: '2026-11-21T02:15:00.000Z',
    decisionNote: null,
    pod: null,
    history: [{ action: 'request', fromStatus: null, status: 'requested', actorName: 'Budi Santoso', at: '2026-11-21T02:15:00.000Z', note: null }],
    actions: [],
    ...over,
  };
}

export function returnSummary(over: Partial<ReturnSummary> = {}): ReturnSummary {
  return {
    id: 7,
    shipmentNo: SHP,
    orderNo: 'AGF261120000555',
    deliveryType: 0,
    status: 'requested',
    reason: 'Barang rusak',
    appName: 'alfagift',
    customerName: 'Nathania Julia',
    itemCount: 3,
    requestedBy: 'Budi Santoso',
    createdAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    ...over,
  };
}

export const returnList = (items: ReturnSummary[]) => ({ items, page: 1, size: 20, total: items.length });

export function returnCount(counts: Partial<ReturnCount['counts']> = {}): ReturnCount {
  const all = { requested: 0, approved: 0, collected: 0, received: 0, refunded: 0, rejected: 0, ...counts };
  return { counts: all, open: all.requested + all.approved + all.collected + all.received };
}

export { renderPage } from '@/test/render';

export { stubGeolocation } from '@/test/geolocation';

/** A small photo as the file input hands it over. */
export const photoFile = (name = 'retur.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3])], name, { type });

