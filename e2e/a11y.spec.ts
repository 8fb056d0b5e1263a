import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { leaveLoginBudget, signInOnce } from './support/pod';
import { TINY_PNG, findReturnableOrder } from './support/returns';

// Issue 25: every screen of the spec's route table, signed in as a role that may open it, on a
// 360 × 640 phone, with its real content loaded, has no serious or critical axe violation
// (WCAG 2.x A/AA and axe's best practices); /login too, signed out.

const ROLES = { crew: '10000001', chief: '20000001', area: '30000001', helpdesk: '40000001' } as const;
type Role = keyof typeof ROLES;
const stateOf = (role: Role) => `test-results/a11y-${role}.json`;

/** The demo objects the routes' params name, found through the API (or made) before the screens are checked. */
interface Demo {
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
interface Order {
  shipmentNo: string;
  statusId: number;
  method: 'pickup' | 'delivery';
}

interface Screen {
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

const SCREENS: Screen[] = [
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

/**
 * WCAG 2.0–2.2 A and AA and axe's best practices, with axe's experimental WCAG rules switched on
 * (label-content-name-mismatch is WCAG 2.5.3) but p-as-heading, a guess from font weights that
 * takes a card's bold first line for a heading; only what axe rates serious or critical fails.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch', 'css-orientation-lock', 'table-fake-caption', 'td-has-header'];
const FAILING = new Set(['serious', 'critical']);

let demo: Demo;
const apis: Partial<Record<Role, APIRequestContext>> = {};

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  if (!res.ok()) throw new Error(`GET ${path}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const methodOf = (deliveryType: number) => (deliveryType === 1 ? 'delivery' : 'pickup') as Order['method'];

/*
 * The walk takes the oldest rows a list shows (the demo seed's, lists are newest first): the specs
 * of the other queue (playwright.config.ts) make and change their own rows meanwhile, never these.
 */
async function demoOrder(api: APIRequestContext, status: number, pick: (o: OrderItem) => boolean = () => true): Promise<Order> {
  const { items } = await data<{ items: OrderItem[] }>(api, `/api/orders?status=${status}&size=50`);
  const o = items.findLast(pick);
  if (!o) throw new Error(`T001 has no order in ${status} for the accessibility check`);
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
  if (!item) throw new Error(`${path}: nothing for the accessibility check`);
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
  const upload = await crew.post('/api/uploads', { multipart: { file: { name: 'retur.png', mimeType: 'image/png', buffer: TINY_PNG } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const photoId = ((await upload.json()) as { data: { id: string } }).data.id;
  const reasons = await data<{ items: Array<{ id: number; requiresText?: boolean }> }>(crew, '/api/returns/reasons');
  const reason = reasons.items.find((r) => !r.requiresText) ?? reasons.items[0]!;
  const created = await crew.post('/api/returns', {
    data: { shipmentNo: order.shipmentNo, reasonId: reason.id, lines: [{ lineId: order.line.lineId, qty: 1 }], photoIds: [photoId] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const approval = await chief.post(`/api/returns/${order.shipmentNo}/approve`, { data: {} });
  expect(approval.status(), await approval.text()).toBe(200);
  return order.shipmentNo;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  for (const role of Object.keys(ROLES) as Role[]) apis[role] = await signInOnce(baseURL!, ROLES[role], stateOf(role));
  const crew = apis.crew!;
  const chief = apis.chief!;
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
  demo = {
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
});

test.afterAll(async () => {
  for (const api of Object.values(apis)) await api?.dispose();
  await leaveLoginBudget();
});

test('every route of the app is checked here', () => {
  // A route added to the router without a screen here fails this test, not silently the issue's target.
  const source = readFileSync('apps/web/src/app/routes.tsx', 'utf8');
  const routes = [...source.matchAll(/\{ path: '([^']+)'/g)].map((m) => m[1]!).filter((r) => r !== '*');
  expect(routes.length).toBeGreaterThan(30);
  const checked = new Set(SCREENS.map((s) => s.route));
  expect(routes.filter((r) => !checked.has(r)), 'routes without an accessibility check').toEqual([]);
});

/** The screen's own content is in, no skeleton or "Memuat…" left, nothing still moving in. */
async function settle(page: Page, ready: string) {
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.animate-pulse:visible')).toHaveCount(0);
  await expect(page.locator('[role="status"][aria-label="Memuat…"]:visible')).toHaveCount(0);
  // Transitions (toasts, bars) have finished: contrast is measured on the final colours.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** "route — rule (impact): help", then "target: summary" per node (the first few). */
function violationLines(where: string, violations: Violations): string[] {
  return violations.map((v) =>
    [
      `${where} — ${v.id} (${v.impact}): ${v.help}`,
      ...v.nodes.slice(0, 4).map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
      ...(v.nodes.length > 4 ? [`    … and ${v.nodes.length - 4} more`] : []),
    ].join('\n'),
  );
}

test('no serious or critical axe violation on any screen, signed in as a role that opens it, at 360 × 640', async ({ browser, baseURL }) => {
  // About a minute on an idle runner; the ceiling leaves room for a loaded one.
  test.setTimeout(300_000);
  // One phone per role: its cookies and HTTP cache are reused from one screen to the next.
  const phones = new Map<Role | null, Page>();
  const phone = async (role: Role | null) => {
    let page = phones.get(role);
    if (!page) {
      const context = await browser.newContext({
        ...devices['Pixel 5'],
        baseURL,
        viewport: { width: 360, height: 640 },
        locale: 'id-ID',
        timezoneId: 'Asia/Jakarta',
        storageState: role ? stateOf(role) : undefined,
      });
      page = await context.newPage();
      phones.set(role, page);
    }
    return page;
  };

  // Every screen is checked; all the violations are said together, each naming its screen.
  const found: string[] = [];
  for (const screen of SCREENS) {
    const url = screen.url(demo);
    const where = `${url} [${screen.route}${screen.variant ? `, ${screen.variant}` : ''}] as ${screen.role ?? 'signed out'}`;
    await test.step(where, async () => {
      const page = await phone(screen.role);
      try {
        await page.goto(url);
        await settle(page, screen.ready);
      } catch (err) {
        await page.screenshot({ path: `test-results/a11y/${url.replace(/[^a-z0-9]+/gi, '-')}.png` });
        found.push(`${where} — did not load (test-results/a11y/): ${String(err).split('\n')[0]}`);
        return;
      }
      const results = await new AxeBuilder({ page })
        .withTags(TAGS)
        .options({ resultTypes: ['violations'], rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }])) })
        .analyze();
      found.push(...violationLines(where, results.violations.filter((v) => FAILING.has(v.impact ?? ''))));
    });
  }
  for (const page of phones.values()) await page.context().close();
  expect(found, `serious or critical accessibility violations on ${new Set(found.map((f) => f.split(' — ')[0])).size} screens`).toEqual([]);
});
