/**
 * URL builders for every screen of the spec's route table. Features link to other
 * areas through these, never by importing the other feature.
 */
const seg = (value: string | number) => encodeURIComponent(String(value));
const optional = (...parts: Array<string | number | null | undefined>) => {
  // Optional segments only make sense as a prefix: stop at the first missing one.
  const out: string[] = [];
  for (const part of parts) {
    if (part === null || part === undefined || part === '') break;
    out.push(seg(part));
  }
  return out.length ? `/${out.join('/')}` : '';
};

export const paths = {
  home: '/',
  login: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  order: '/order',
  orderDetail: (status: number | string, shipmentNo: string, method: number | string, type?: string) =>
    `/order/detail/${seg(status)}/${seg(shipmentNo)}/${seg(method)}${type ? `?type=${encodeURIComponent(type)}` : ''}`,
  /** The order's detail with its chat open (a customer's message tapped in a notification). */
  orderChat: (status: number | string, shipmentNo: string, method: number | string) => `/order/detail/${seg(status)}/${seg(shipmentNo)}/${seg(method)}?chat=1`,
  orderDetailScanGo: (status: number | string, shipmentNo: string, method: number | string) =>
    `/order/detail-scan-go/${seg(status)}/${seg(shipmentNo)}/${seg(method)}`,
  orderConfirm: (status: number | string, shipmentNo: string) => `/order/confirm/${seg(status)}/${seg(shipmentNo)}`,
  listProses: '/list-proses',
  listPacking: '/list-packing',
  listDone: '/list-done',
  listCancel: '/list-cancel',
  history: '/history',
  monitoring: '/monitoring',
  rekapAc: '/rekap-ac',
  cekStock: '/cek-stock',
  akun: '/akun',
  featureGuide: '/feature-guide',
  featureList: (id: string) => `/feature-list/${seg(id)}`,
  helpCenter: (p: { mode?: string; shipmentNo?: string; status?: string | number; method?: string | number; code?: string } = {}) =>
    `/help-center${optional(p.mode, p.shipmentNo, p.status, p.method, p.code)}`,
  reportedList: (mode: string, code: string) => `/reported-list/${seg(mode)}/${seg(code)}`,
  reportedDetail: (p: { mode: string; id: string | number; shipmentNo?: string; status?: string | number; method?: string | number; code?: string; previous?: string }) =>
    `/reported-detail/${seg(p.mode)}${optional(p.shipmentNo, p.status, p.method, p.code, p.previous)}/${seg(p.id)}`,
  /** The cancellation of one order; without a shipment: the requests waiting for a decision. */
  requestCancel: (shipmentNo?: string) => (shipmentNo ? `/request-cancel?shipmentNo=${encodeURIComponent(shipmentNo)}` : '/request-cancel'),
  matStore: '/mat-store',
  mat: '/mat',
  matInNew: '/mat-in-new',
  matInProces: '/mat-in-proces',
  matInDone: '/mat-in-done',
  detailMatIn: (matNo: string) => `/detail-mat-in/${seg(matNo)}`,
  confirmMat: (status: string, idTbsms: string | number) => `/confirm-mat/${seg(status)}/${seg(idTbsms)}`,
  matOutNew: '/mat-out-new',
  matOutProces: '/mat-out-proces',
  matOutDone: '/mat-out-done',
  matOutCancel: '/mat-out-cancel',
  detailMatOut: (matStoreStatus: string, matStoreNo: string) => `/detail-mat-out/${seg(matStoreStatus)}/${seg(matStoreNo)}`,
  detailMatOutComplete: (matStoreStatus: string, matStoreNo: string) =>
    `/detail-mat-out-complete/${seg(matStoreStatus)}/${seg(matStoreNo)}`,
  bookingListProduct: '/booking-list-product',
  bookingListStore: '/booking-list-store',
  bookingListKelurahan: '/booking-list-kelurahan',
  bookingListKecamatan: '/booking-list-kecamatan',
  getProduct: (id: string | number) => `/get-product/${seg(id)}`,
  returRequest: (shipmentNo: string, method: string | number) => `/retur/request/${seg(shipmentNo)}/${seg(method)}`,
  returList: (status: string = 'requested') => `/retur/list/${seg(status)}`,
  returDetail: (shipmentNo: string, method: string | number) => `/retur/detail/${seg(shipmentNo)}/${seg(method)}`,
  returPod: (shipmentNo: string) => `/retur/pod/${seg(shipmentNo)}`,
  listPengajuanPod: '/list-pengajuan-pod',
  pengajuanPodDetail: (shipmentNo: string, deliveryType: string | number, type?: string) =>
    `/pengajuan-pod/detail/${seg(shipmentNo)}/${seg(deliveryType)}${type ? `/${seg(type)}` : ''}`,
} as const;

/** Path patterns the route rules watch. */
export const ORDER_DETAIL_PATTERN = /^\/order\/(detail|detail-scan-go)\/[^/]+\/[^/]+\/[^/]+\/?$/;
export const FILTER_RESET_PATHS: readonly string[] = ['/', '/order', '/akun'];
