// The accessibility spec's route table: the people it signs in, the demo objects the routes' params
// name, and every screen with the role that opens it and what shows once its content is in.

export const ROLES = { crew: '10000001', chief: '20000001', area: '30000001', helpdesk: '40000001' } as const;
export type Role = keyof typeof ROLES;
export const stateOf = (role: Role) => `test-results/a11y-${role}.json`;

/** The demo objects the routes' params name, found through the API (or made) before the screens are checked. */
export interface Demo {
  newOrder: Order;
  picking: Order;
  pickupOnItsWay: Order;
  deliveryOnItsWay: Order;
  ticketId: number;
  cancellable: string;
  matIn: { matNo: string; idTbsms: string };
  matOut: { matStoreStatus: string; matStoreNo: string };
  matOutDone: { matStoreStatus: string; matStoreNo: string };
  bookID: number;
  productId: string;
  returnable: { shipmentNo: string; method: string };
  returned: { shipmentNo: string; method: string };
  collect: string;
  podRequest: { shipmentNo: string; deliveryType: number; type: string };
}
export interface Order {
  shipmentNo: string;
  statusId: number;
  method: 'pickup' | 'delivery';
}

export interface Screen {
  /** The route's pattern as `app/routes.tsx` writes it (or /login); a second state of one route adds `variant`. */
  route: string;
  variant?: string;
  role: Role | null;
  url: (d: Demo) => string;
  /** What shows once the screen's own data is there (not its skeleton). */
  ready: string;
}

/** A screen without params (or with fixed ones: `path`). */
const fixed = (route: string, ready: string, role: Role = 'crew', path = route): Screen => ({ route, role, url: () => path, ready });
const orderPath = (kind: string, o: Order) => `/order/${kind}/${o.statusId}/${o.shipmentNo}/${o.method}`;

export const SCREENS: Screen[] = [
  { route: '/login', role: null, url: () => '/login', ready: 'form button[type="submit"]' },
  fixed('/', '[data-testid="member-name"]'),
  // The kepala toko's home has more: the POD notice and the badges of what waits for a decision.
  { route: '/', variant: 'kepala toko', role: 'chief', url: () => '/', ready: '[data-testid="pod-pending-notice"]' },
  fixed('/order', '[data-testid^="order-card-"]'),
  { route: '/order/detail/:status/:shipmentNo/:method', role: 'crew', url: (d) => orderPath('detail', d.newOrder), ready: '[data-testid="action-button"]' },
  { route: '/order/detail/:status/:shipmentNo/:method', variant: 'picking', role: 'crew', url: (d) => orderPath('detail', d.picking), ready: '[data-testid="picking-panel"]' },
  { route: '/order/detail-scan-go/:status/:shipmentNo/:method', role: 'crew', url: (d) => orderPath('detail-scan-go', d.deliveryOnItsWay), ready: 'form' },
  { route: '/order/confirm/:status/:shipmentNo', role: 'crew', url: (d) => `/order/confirm/${d.pickupOnItsWay.statusId}/${d.pickupOnItsWay.shipmentNo}`, ready: '[data-testid="handover-form"]' },
  fixed('/list-proses', '[data-testid^="order-card-"]'),
  fixed('/list-packing', '[data-testid^="order-card-"]'),
  fixed('/list-done', '[data-testid^="order-card-"]'),
  fixed('/list-cancel', '[data-testid^="cancel-request-"]', 'chief'),
  fixed('/history', '[data-testid^="order-card-"]'),
  fixed('/monitoring', '[data-testid="monitoring-stores"]', 'area'),
  fixed('/rekap-ac', '[data-testid="recap-summary"]', 'area'),
  { route: '/cek-stock', role: 'crew', url: (d) => `/cek-stock?productId=${d.productId}`, ready: '[data-testid="stock-nearby"]' },
  fixed('/akun', '[data-testid="logout-button"]'),
  fixed('/feature-guide', 'main a[href^="/feature-list/"]'),
  { route: '/feature-list/:id', role: 'crew', url: () => '/feature-list/scan-packing', ready: 'main ol, main ul' },
  fixed('/help-center/:mode?/:shipmentNo?/:status?/:method?/:code?', '[data-testid^="ticket-card-"]', 'crew', '/help-center'),
  {
    route: '/help-center/:mode?/:shipmentNo?/:status?/:method?/:code?',
    variant: 'helpdesk queue',
    role: 'helpdesk',
    url: () => '/help-center/helpdesk',
    ready: '[data-testid^="ticket-card-"]',
  },
  fixed('/reported-list/:mode/:code', '[data-testid^="ticket-card-"]', 'crew', '/reported-list/store/T001'),
  {
    route: '/reported-detail/:mode/:shipmentNo?/:status?/:method?/:code?/:previous?/:id',
    role: 'crew',
    url: (d) => `/reported-detail/store/${d.ticketId}`,
    ready: '[data-testid="ticket-conversation"]',
  },
  { route: '/request-cancel', role: 'chief', url: () => '/request-cancel', ready: '[data-testid^="cancel-request-"]' },
  { route: '/request-cancel', variant: 'form', role: 'crew', url: (d) => `/request-cancel?shipmentNo=${d.cancellable}`, ready: '[data-testid="cancel-form"] input[type="radio"]' },
  fixed('/mat-store', '[data-testid="mat-store"]'),
  fixed('/mat', '[data-testid^="mat-count-out-"]'),
  fixed('/mat-in-new', '[data-testid^="mat-card-"]'),
  fixed('/mat-in-proces', '[data-testid^="mat-card-"]'),
  fixed('/mat-in-done', '[data-testid^="mat-card-"]'),
  { route: '/detail-mat-in/:matNo', role: 'crew', url: (d) => `/detail-mat-in/${d.matIn.matNo}`, ready: '[data-testid="mat-detail-in"]' },
  { route: '/confirm-mat/:status/:idTbsms', role: 'crew', url: (d) => `/confirm-mat/new/${d.matIn.idTbsms}`, ready: '[data-testid="mat-pin-form"]' },
  fixed('/mat-out-new', '[data-testid^="mat-card-"]'),
  fixed('/mat-out-proces', '[data-testid^="mat-card-"]'),
  fixed('/mat-out-done', '[data-testid^="mat-card-"]'),
  fixed('/mat-out-cancel', '[data-testid^="mat-card-"]'),
  {
    route: '/detail-mat-out/:matStoreStatus/:matStoreNo',
    role: 'crew',
    url: (d) => `/detail-mat-out/${d.matOut.matStoreStatus}/${d.matOut.matStoreNo}`,
    ready: '[data-testid="mat-detail-out"]',
  },
  {
    route: '/detail-mat-out-complete/:matStoreStatus/:matStoreNo',
    role: 'crew',
    url: (d) => `/detail-mat-out-complete/${d.matOutDone.matStoreStatus}/${d.matOutDone.matStoreNo}`,
    ready: '[data-testid="mat-complete-totals"]',
  },
  fixed('/booking-list-product', '[data-testid^="product-group-"]', 'crew', '/booking-list-product?direction=out'),
  fixed('/booking-list-store', '[data-testid^="store-group-"]', 'crew', '/booking-list-store?direction=out'),
  { route: '/booking-list-kelurahan', role: 'crew', url: (d) => `/booking-list-kelurahan?productId=${d.productId}&qty=1`, ready: '[data-testid="booking-stores"]' },
  { route: '/booking-list-kecamatan', role: 'crew', url: (d) => `/booking-list-kecamatan?productId=${d.productId}&qty=1`, ready: '[data-testid="booking-stores"]' },
  { route: '/get-product/:id', role: 'crew', url: (d) => `/get-product/${d.bookID}`, ready: '[data-testid="booking-detail"]' },
  {
    route: '/retur/request/:shipmentNo/:method',
    role: 'crew',
    url: (d) => `/retur/request/${d.returnable.shipmentNo}/${d.returnable.method}`,
    ready: '[data-testid="return-request-form"]',
  },
  fixed('/retur/list/:status', '[data-testid^="return-card-"]', 'crew', '/retur/list/requested'),
  { route: '/retur/detail/:shipmentNo/:method', role: 'crew', url: (d) => `/retur/detail/${d.returned.shipmentNo}/${d.returned.method}`, ready: '[data-testid="return-detail"]' },
  { route: '/retur/pod/:shipmentNo', role: 'crew', url: (d) => `/retur/pod/${d.collect}`, ready: '[data-testid="return-pod-form"]' },
  fixed('/list-pengajuan-pod', '[data-testid^="pod-request-"]', 'chief'),
  {
    route: '/pengajuan-pod/detail/:shipmentNo/:deliveryType/:type?',
    role: 'chief',
    url: (d) => `/pengajuan-pod/detail/${d.podRequest.shipmentNo}/${d.podRequest.deliveryType}/${d.podRequest.type}`,
    ready: '[data-testid="pod-positions"]',
  },
];
