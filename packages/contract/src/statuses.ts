/** Order status ids as the channels and the spec know them. */
export const ORDER_STATUS = {
  NEW: 1101,
  PACKING: 1102,
  IN_PROGRESS: 1103,
  COMPLETED: 1104,
  HISTORY: 1105,
  CANCELLED: 1106,
  HISTORY_CANCELLED: 1107,
} as const;

export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_IDS = Object.values(ORDER_STATUS) as OrderStatusId[];

export function isOrderStatusId(value: number): value is OrderStatusId {
  return (ORDER_STATUS_IDS as number[]).includes(value);
}

/** Indonesian tab label per status, in the order the tabs are shown. */
export const ORDER_STATUS_LABEL: Record<OrderStatusId, string> = {
  1101: 'Baru',
  1102: 'Picking',
  1103: 'Proses',
  1104: 'Selesai',
  1105: 'History Pesanan',
  1106: 'Batal',
  1107: 'History Batal',
};

/** The action button each status offers (spec section 4). */
export const ORDER_STATUS_ACTION: Partial<Record<OrderStatusId, string>> = {
  1101: 'Packing',
  1102: 'Scan Packing',
  1103: 'Konfirmasi',
  1104: 'Selesai',
};

/** The list route each status returns to. */
export const ORDER_STATUS_ROUTE: Record<OrderStatusId, string> = {
  1101: '/order',
  1102: '/list-packing',
  1103: '/list-proses',
  1104: '/list-done',
  1105: '/history',
  1106: '/list-cancel',
  1107: '/history',
};

export const DELIVERY_TYPE = { PICKUP: 0, DELIVERY: 1 } as const;
export type DeliveryType = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];
export const DELIVERY_TYPE_LABEL: Record<DeliveryType, string> = {
  0: 'Ambil di toko',
  1: 'Diantar ke alamat',
};
