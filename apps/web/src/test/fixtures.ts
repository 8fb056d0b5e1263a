import { POD_DEFAULTS, type AppConfig, type Member, type OrderCount, type OrderDetail, type OrderList, type OrderProduct, type OrderSummary, type PodOutsideReply, type PodReasonList, type PodRequestDetail, type PodRequestList, type PodRequestSummary, type Store } from '@gerai/contract';

export const storeT001: Store = {
  storeCode: 'T001',
  storeName: 'Toko Kemang Raya',
  address: 'Jl. Kemang Raya No. 10',
  kelurahan: 'Bangka',
  kecamatan: 'Mampang Prapatan',
  city: 'Jakarta Selatan',
  latitude: -6.2607,
  longitude: 106.8137,
  phone: '0217190001',
};

export const staffMember: Member = {
  nik: '10000001',
  employeName: 'Budi Santoso',
  roleID: 1,
  roleName: 'Staf Toko',
  storeName: 'Kemang Raya',
  store: storeT001,
  storeCodes: ['T001'],
  info: 'T001 · Toko Kemang Raya',
};

export const chiefMember: Member = {
  nik: '20000001',
  employeName: 'Agus Setiawan',
  roleID: 2,
  roleName: 'Kepala Toko',
  storeName: 'Kemang Raya',
  store: storeT001,
  storeCodes: ['T001'],
  info: 'T001 · Toko Kemang Raya',
};

export const superUserWithoutStore: Member = {
  nik: '90000001',
  employeName: 'Sari Wulandari',
  roleID: 9,
  roleName: 'Super User',
  storeName: null,
  store: null,
  storeCodes: [],
  info: null,
};

export const orderCount: OrderCount = {
  counts: { '1101': 4, '1102': 2, '1103': 3, '1104': 5, '1105': 40, '1106': 1, '1107': 6 },
  latest: 0,
  latestOrderAt: '2025-11-22T02:00:00.000Z',
};

export function orderSummary(over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    shipmentNo: 'SHP2511220000001',
    orderNo: 'AGF251122000001',
    statusId: 1101,
    deliveryType: 0,
    appId: 379,
    appName: 'alfagift',
    storeCode: 'T001',
    customerName: 'Nathania Julia',
    itemCount: 3,
    price: 45000,
    createdAt: new Date(Date.now() - 12 * 60_000).toISOString(),
    pickerName: null,
    cancelledBy: null,
    cancelReason: null,
    progress: null,
    ...over,
  };
}

export function orderList(items: OrderSummary[], over: Partial<OrderList> = {}): OrderList {
  return {
    items,
    page: 1,
    size: 20,
    total: items.length,
    facet: { application: [{ appId: 379, appName: 'alfagift', count: items.length }] },
    ...over,
  };
}

export function orderLine(over: Partial<OrderProduct> = {}): OrderProduct {
  return {
    lineId: 11,
    productID: '20001',
    barcode: '8991234567895',
    name: 'Indomie Goreng 85g',
    imageUrl: null,
    price: 3500,
    qty: 2,
    qtyPicked: 0,
    attrQtyOos: 0,
    ...over,
  };
}

/** An order's detail; progress follows the lines unless given. */
export function orderDetail(over: Partial<OrderDetail> = {}): OrderDetail {
  const products = over.products ?? [orderLine(), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', name: 'Teh Botol Sosro 450ml', price: 5000, qty: 1 })];
  const qty = products.reduce((s, l) => s + l.qty, 0);
  const picked = products.reduce((s, l) => s + l.qtyPicked, 0);
  const oos = products.reduce((s, l) => s + l.attrQtyOos, 0);
  const statusId = over.statusId ?? 1101;
  return {
    shipmentNo: 'SHP2511220000001',
    orderNo: 'AGF251122000001',
    statusId,
    deliveryType: 0,
    appId: 379,
    appName: 'alfagift',
    paymentId: 1,
    storeCode: 'T001',
    products,
    paperBags: [],
    price: 12000,
    billNo: null,
    qrCode: { Head: ['T001', 'SHP2511220000001'], Body: [['8991234567895', 2, 3500]] },
    qrAndroid: null,
    isSendStore: 'F',
    customer: { name: 'Nathania Julia', phone: '081353447787', address: null, latitude: null, longitude: null },
    note: null,
    pickerName: statusId === 1101 ? null : 'Budi Santoso',
    createdAt: '2025-11-22T02:00:00.000Z',
    updatedAt: '2025-11-22T02:10:00.000Z',
    store: { storeCode: 'T001', storeName: 'Toko Kemang Raya', address: 'Jl. Kemang Raya No. 10', phone: '0217190001' },
    history: [{ action: 'received', fromStatus: null, toStatus: 1101, actorName: null, at: '2025-11-22T02:00:00.000Z', reason: 'channel 379' }],
    actions:
      statusId === 1101 ? ['claim'] : statusId === 1102 ? ['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack'] : statusId === 1103 ? ['handover'] : statusId === 1104 ? ['finish'] : [],
    progress: { qty, picked, oos, resolved: picked + oos, complete: products.every((l) => l.qtyPicked + l.attrQtyOos === l.qty) },
    claimedAt: null,
    packedAt: null,
    completedAt: null,
    cancelledAt: null,
    archivedAt: null,
    cancelledBy: null,
    cancelReason: null,
    cancelRequest: null,
    returnInfo: null,
    channelNotices: [],
    chatUnread: 0,
    bookings: [],
    bookingBlocked: false,
    ...over,
  };
}

/** GET /api/app-config; the POD limits are the server's defaults unless a test serves others. */
export function appConfig(pod: Partial<AppConfig['pod']> = {}): AppConfig {
  return { minAppVersion: '1.0.0', latestAppVersion: '1.0.0', serverTime: '2025-11-22T03:00:00.000Z', pod: { ...POD_DEFAULTS, ...pod } };
}

// --- scan-and-go POD -------------------------------------------------------------

export const CUSTOMER_POINT = { lat: -6.252874, long: 106.821662 };

/** A delivery order waiting in 1103 at a customer with coordinates. */
export function deliveryOrder(over: Partial<OrderDetail> = {}): OrderDetail {
  return orderDetail({
    shipmentNo: 'SHP2611224355428',
    orderNo: 'AMD261122010465',
    statusId: 1103,
    deliveryType: 1,
    price: 31900,
    products: [orderLine({ qtyPicked: 2 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', name: 'Teh Botol Sosro 450ml', price: 5000, qty: 1, qtyPicked: 1 })],
    customer: { name: 'Puput Juwita', phone: '08583915803', address: 'Jl. Haji Naim No. 116, Bangka, Mampang Prapatan', latitude: CUSTOMER_POINT.lat, longitude: CUSTOMER_POINT.long },
    ...over,
  });
}

export const requestReasons: PodReasonList = {
  items: [
    { id: 1, label: 'Titik lokasi pelanggan tidak sesuai alamat', requiresText: false },
    { id: 2, label: 'Pelanggan meminta bertemu di lokasi lain', requiresText: false },
    { id: 0, label: 'Lainnya', requiresText: true },
  ],
};

export const rejectReasons: PodReasonList = {
  items: [
    { id: 1, label: 'Lokasi terlalu jauh dari alamat pelanggan', requiresText: false },
    { id: 2, label: 'Nama penerima tidak sesuai', requiresText: false },
    { id: 0, label: 'Lainnya', requiresText: true },
  ],
};

/** The 422 of scan and go 348 m south of the customer. */
export function outsideReply(over: Partial<PodOutsideReply['data']['approval']> = {}): { status: number; body: PodOutsideReply } {
  return {
    status: 422,
    body: {
      message: 'koordinat lokasi POD tidak sesuai',
      code: 'POD_OUTSIDE_AREA',
      details: [{ path: 'body.lat', message: 'Lokasi Anda 348 m ke arah selatan dari titik pelanggan, di luar radius 150 m.' }],
      data: {
        status: false,
        distanceM: 347.7,
        radiusM: 150,
        accuracy: 12,
        direction: { bearingDeg: 181.1, direction: 'selatan', text: '348 m ke arah selatan' },
        approval: { canRequest: true, requestMaxM: 1000, pending: false, blockedBy: null, ...over },
      },
    },
  };
}

/** One POD request as both its list row and its detail show it (the queue's first request). */
const POD_REQUEST = {
  id: 7,
  shipmentNo: 'SHP2611224355428',
  orderNo: 'AMD261122010465',
  deliveryType: 1,
  type: 'order',
  status: 'pending',
  storeCode: 'T001',
  storeName: 'Toko Kemang Raya',
  orderStatusId: 1103,
  reason: { id: 2, label: 'Pelanggan meminta bertemu di lokasi lain', text: null, display: 'Pelanggan meminta bertemu di lokasi lain' },
  distanceM: 347.7,
} as const satisfies Partial<PodRequestSummary & PodRequestDetail>;

export function podRequestSummary(over: Partial<PodRequestSummary> = {}): PodRequestSummary {
  return {
    ...POD_REQUEST,
    requestDate: new Date(Date.now() - 5 * 60_000).toISOString(),
    requesterName: 'Budi Santoso',
    customerName: 'Puput Juwita',
    decidedAt: null,
    decidedByName: null,
    rejectReason: null,
    ...over,
  };
}

export function podRequestList(items: PodRequestSummary[], over: Partial<PodRequestList> = {}): PodRequestList {
  return { items, page: 1, size: 20, total: items.length, sort: 'desc', ...over };
}

export function podRequestDetail(over: Partial<PodRequestDetail> = {}): PodRequestDetail {
  return {
    ...POD_REQUEST,
    requestDate: '2026-11-22T03:49:27.462Z',
    returnStatus: null,
    requester: { nik: '10000001', name: 'Budi Santoso' },
    position: { lat: -6.256, long: 106.8216, accuracy: 12, capturedAt: '2026-11-22T03:49:05.000Z' },
    customer: { name: 'Puput Juwita', phone: '08583915803', address: 'Jl. Haji Naim No. 116', lat: CUSTOMER_POINT.lat, long: CUSTOMER_POINT.long },
    direction: { bearingDeg: 181.1, direction: 'selatan', text: '348 m ke arah selatan' },
    decision: null,
    canDecide: true,
    ...over,
  };
}
