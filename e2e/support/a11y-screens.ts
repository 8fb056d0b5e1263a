// The route table of the accessibility spec and the page benchmark (scripts/bench-web.mjs): the
// people they sign in, the demo objects the routes' params name (found through the API: `findDemo`),
// and every screen with the role that opens it and what shows once its content is in.
import type { APIRequestContext } from '@playwright/test';
import { TINY_PNG, findReturnableOrder } from './returns';

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

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  if (!res.ok()) throw new Error(`GET ${path}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function change(api: APIRequestContext, path: string, options: Parameters<APIRequestContext['post']>[1], status: number): Promise<unknown> {
  const res = await api.post(path, options);
  if (res.status() !== status) throw new Error(`POST ${path}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

const methodOf = (deliveryType: number) => (deliveryType === 1 ? 'delivery' : 'pickup') as Order['method'];

/*
 * The walk takes the oldest rows a list shows (the demo seed's): the specs
 * of the other queue (playwright.config.ts) make and change their own rows meanwhile, never these.
 */
async function demoOrder(api: APIRequestContext, status: number, pick: (o: OrderItem) => boolean = () => true): Promise<Order> {
  const { items } = await data<{ items: OrderItem[] }>(api, `/api/orders?status=${status}&size=50`);
  // The oldest by its number (SHP + the day it came + a counter), whatever order the list is in:
  // new orders are listed oldest first, the later statuses newest first.
  const o = items.filter(pick).sort((a, b) => a.shipmentNo.localeCompare(b.shipmentNo))[0];
  if (!o) throw new Error(`T001 has no order in ${status} for the screen walk`);
  return { shipmentNo: o.shipmentNo, statusId: o.statusId, method: methodOf(o.deliveryType) };
}
interface OrderItem {
  shipmentNo: string;
  statusId: number;
  deliveryType: number;
  pickerName: string | null;
}

async function demoItem<T>(api: APIRequestContext, path: string): Promise<T> {
  const { items } = await data<{ items: T[] }>(api, `${path}${path.includes('?') ? '&' : '?'}size=50`);
  const item = items.at(-1);
  if (!item) throw new Error(`${path}: nothing for the screen walk`);
  return item;
}

/**
 * A return the crew may collect at the customer's address (its POD screen): the seed has none
 * approved for delivery, so one is requested (with a photo) and the kepala toko approves it.
 */
async function approvedDeliveryReturn(crew: APIRequestContext, chief: APIRequestContext): Promise<string> {
  const { items } = await data<{ items: Array<{ shipmentNo: string; deliveryType: number }> }>(crew, '/api/returns?status=approved&size=50');
  const approved = items.find((r) => r.deliveryType === 1);
  if (approved) return approved.shipmentNo;
  const order = await findReturnableOrder(crew, { deliveryType: 1, oldest: true });
  const upload = (await change(crew, '/api/uploads', { multipart: { file: { name: 'retur.png', mimeType: 'image/png', buffer: TINY_PNG } } }, 201)) as { id: string };
  const reasons = await data<{ items: Array<{ id: number; requiresText?: boolean }> }>(crew, '/api/returns/reasons');
  const reason = reasons.items.find((r) => !r.requiresText) ?? reasons.items[0]!;
  await change(crew, '/api/returns', { data: { shipmentNo: order.shipmentNo, reasonId: reason.id, lines: [{ lineId: order.line.lineId, qty: 1 }], photoIds: [upload.id] } }, 201);
  await change(chief, `/api/returns/${order.shipmentNo}/approve`, { data: {} }, 200);
  return order.shipmentNo;
}

/** The demo objects of T001 the screens' URLs name, read (or made) through the crew's and the kepala toko's sessions. */
export async function findDemo(crew: APIRequestContext, chief: APIRequestContext): Promise<Demo> {
  const me = await data<{ employeName: string }>(crew, '/api/members/me');
  const matIn = await demoItem<{ matNo: string; idTbsms: string }>(crew, '/api/transfers?side=in&status=new');
  const matOut = await demoItem<{ matStoreStatus: string; matStoreNo: string }>(crew, '/api/transfers?side=out&status=new');
  const matOutDone = await demoItem<{ matStoreStatus: string; matStoreNo: string }>(crew, '/api/transfers?side=out&status=finish');
  const returned = await demoItem<{ shipmentNo: string; deliveryType: number }>(crew, '/api/returns?status=requested');
  // Made first: the return request screen needs an order with no return yet.
  const collect = await approvedDeliveryReturn(crew, chief);
  const returnable = await findReturnableOrder(crew, { skip: [collect], oldest: true });
  const pod = await demoItem<{ shipmentNo: string; deliveryType: number; type: string }>(chief, '/api/pod/requests');
  const newOrder = await demoOrder(crew, 1101);
  return {
    newOrder,
    // The picking screen: an order this crew member is picking.
    picking: await demoOrder(crew, 1102, (o) => o.pickerName === me.employeName),
    pickupOnItsWay: await demoOrder(crew, 1103, (o) => o.deliveryType === 0),
    deliveryOnItsWay: await demoOrder(crew, 1103, (o) => o.deliveryType === 1),
    ticketId: (await demoItem<{ id: number }>(crew, '/api/helpdesk/tickets')).id,
    cancellable: newOrder.shipmentNo,
    matIn,
    matOut: { matStoreStatus: matOut.matStoreStatus, matStoreNo: matOut.matStoreNo },
    matOutDone: { matStoreStatus: matOutDone.matStoreStatus, matStoreNo: matOutDone.matStoreNo },
    bookID: (await demoItem<{ bookID: number }>(crew, '/api/bookings?direction=out&status=1131')).bookID,
    productId: (await demoItem<{ productID: string }>(crew, '/api/stock/products?q=Indomie')).productID,
    returnable: { shipmentNo: returnable.shipmentNo, method: returnable.method },
    returned: { shipmentNo: returned.shipmentNo, method: methodOf(returned.deliveryType) },
    collect,
    podRequest: { shipmentNo: pod.shipmentNo, deliveryType: pod.deliveryType, type: pod.type },
  };
}
