import type { Member, OrderCount, OrderDetail, OrderList, OrderProduct, OrderSummary, Store } from '@gerai/contract';

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
    ...over,
  };
}
