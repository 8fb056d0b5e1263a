import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { id } from '@/shared/i18n/id';
import { PageSkeleton } from '@/shared/ui/skeleton';
import { AppLayout } from './layouts/app-layout';
import { lazyNamed } from './lazy-named';
import { NeedsActiveStore } from './no-store';
import { RootLayout } from './layouts/root-layout';
import { routerPath, SpecPathGuard } from './spec-path';

// The entry chunk holds the shell only; every page loads with its route. Home too: the
// auth check renders the page while /members/me is on its way, so home's code arrives in
// parallel with that answer instead of weighing on every first load (login's, a deep link's).
const HomeRoute = lazy(() => import('./routes/home'));
const LoginRoute = lazy(() => import('./routes/login'));
const AccountRoute = lazy(() => import('./routes/account'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const FeatureGuidePage = lazy(() => import('@/features/guide/pages/feature-guide-page'));
const FeatureDetailPage = lazy(() => import('@/features/guide/pages/feature-detail-page'));
const OrderListPage = lazy(() => import('@/features/orders/pages/order-list-page'));
const OrderDetailPage = lazy(() => import('./routes/order-detail'));
const OrderConfirmPage = lazy(() => import('@/features/orders/pages/order-confirm-page'));
const OrderScanGoRoute = lazy(() => import('./routes/order-scan-go'));
const PodRequestListPage = lazy(() => import('@/features/pod/pages/pod-request-list-page'));
const PodRequestDetailPage = lazy(() => import('@/features/pod/pages/pod-request-detail-page'));
const RequestCancelRoute = lazy(() => import('./routes/request-cancel'));
const MatStoreRoute = lazy(() => import('./routes/mat-store'));
const MatRoute = lazy(() => import('./routes/mat'));
const MonitoringRoute = lazy(() => import('./routes/monitoring'));
const helpCenterRoutes = () => import('./routes/help-center');
const transfersData: ScreenDataLoader = () => import('@/features/transfers/screen-data');
const bookingsData: ScreenDataLoader = () => import('@/features/bookings/screen-data');
const returnsData: ScreenDataLoader = () => import('@/features/returns/screen-data');
const helpdeskData: ScreenDataLoader = () => import('@/features/helpdesk/screen-data');
const cancellationsData: ScreenDataLoader = () => import('@/features/cancellations/screen-data');
const CancelPendingSection = lazy(() => import('@/features/cancellations/components/cancel-pending-section'));

/**
 * Every order list. The Batal list (/list-cancel) shows the cancellation requests waiting for a
 * decision above its orders: the cancellations area's section, handed to the orders page as a
 * slot (features do not import each other), loaded only when that list is shown. One element
 * for all the lists, so switching tabs keeps the page.
 */
function OrderLists() {
  return (
    <OrderListPage
      cancelPending={
        <Suspense fallback={null}>
          <CancelPendingSection />
        </Suspense>
      }
    />
  );
}

/** Server areas (design §2); each route names the area that owns it. */
export type Area =
  | 'auth' | 'members' | 'orders' | 'scanning' | 'pod' | 'cancellations' | 'returns' | 'bookings'
  | 'stock' | 'transfers' | 'chat' | 'helpdesk' | 'monitoring' | 'recap' | 'channels' | 'catalog' | 'guide';

export interface AppRoute {
  path: string;
  title: string;
  area: Area;
  /** The screen, loaded with its route. */
  page: LazyExoticComponent<ComponentType> | ComponentType;
  /** A list of one store's work: before a store is chosen the screen offers the picker (NeedsActiveStore). */
  store?: true;
  /** The title bar the screen draws (its skeleton draws the same): with a back button (default), without one, or a frame of its own. */
  titleBar?: TitleBarKind;
  /** The area's first-load prefetch of this screen's data (app/screen-data.ts), a chunk of its own. */
  data?: ScreenDataLoader;
}

/** Where a first load opens: its path and query, and the member's active store. */
export interface FirstScreen {
  pathname: string;
  search: string;
  storeCode: string | null;
}
export type ScreenDataLoader = () => Promise<{ prefetch: (queryClient: QueryClient, screen: FirstScreen) => void }>;

export type TitleBarKind = 'back' | 'no-back' | 'none';
/** What a route tells the shell about its screen. */
export interface RouteHandle {
  title: string;
  area: Area;
  titleBar?: TitleBarKind;
  data?: ScreenDataLoader;
}

/** Every route of the spec's table (§2), behind the auth check. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', title: id.routes.home, area: 'orders', page: HomeRoute, titleBar: 'none' },
  { path: '/order', title: id.routes.order, area: 'orders', page: OrderLists , store: true },
  { path: '/order/detail/:status/:shipmentNo/:method', title: id.routes.orderDetail, area: 'orders', page: OrderDetailPage },
  { path: '/order/detail-scan-go/:status/:shipmentNo/:method', title: id.routes.orderDetailScanGo, area: 'pod', page: OrderScanGoRoute },
  { path: '/order/confirm/:status/:shipmentNo', title: id.routes.orderConfirm, area: 'orders', page: OrderConfirmPage },
  { path: '/list-proses', title: id.routes.listProses, area: 'orders', page: OrderLists , store: true },
  { path: '/list-packing', title: id.routes.listPacking, area: 'orders', page: OrderLists , store: true },
  { path: '/list-done', title: id.routes.listDone, area: 'orders', page: OrderLists , store: true },
  { path: '/list-cancel', title: id.routes.listCancel, area: 'orders', page: OrderLists , store: true, data: cancellationsData },
  { path: '/history', title: id.routes.history, area: 'orders', page: OrderLists , store: true },
  { path: '/monitoring', title: id.routes.monitoring, area: 'monitoring', page: MonitoringRoute },
  { path: '/rekap-ac', title: id.routes.rekapAc, area: 'recap', page: lazy(() => import('@/features/recap/pages/recap-page')) },
  { path: '/cek-stock', title: id.routes.cekStock, area: 'stock', page: lazy(() => import('@/features/stock/pages/cek-stock-page')) },
  { path: '/akun', title: id.routes.akun, area: 'members', page: AccountRoute, titleBar: 'no-back' },
  { path: '/feature-guide', title: id.routes.featureGuide, area: 'guide', page: FeatureGuidePage },
  { path: '/feature-list/:id', title: id.routes.featureList, area: 'guide', page: FeatureDetailPage },
  { path: '/help-center/:mode?/:shipmentNo?/:status?/:method?/:code?', title: id.routes.helpCenter, area: 'helpdesk', page: lazyNamed(helpCenterRoutes, 'HelpCenterRoute'), data: helpdeskData },
  { path: '/reported-list/:mode/:code', title: id.routes.reportedList, area: 'helpdesk', page: lazyNamed(helpCenterRoutes, 'ReportedListRoute') },
  { path: '/reported-detail/:mode/:shipmentNo?/:status?/:method?/:code?/:previous?/:id', title: id.routes.reportedDetail, area: 'helpdesk', page: lazyNamed(helpCenterRoutes, 'ReportedDetailRoute') },
  { path: '/request-cancel', title: id.routes.requestCancel, area: 'cancellations', page: RequestCancelRoute },
  { path: '/mat-store', title: id.routes.matStore, area: 'transfers', page: MatStoreRoute },
  { path: '/mat', title: id.routes.mat, area: 'transfers', page: MatRoute },
  { path: '/mat-in-new', title: id.routes.matInNew, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-in-new-page')) , store: true, data: transfersData },
  { path: '/mat-in-proces', title: id.routes.matInProces, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-in-proces-page')) , store: true, data: transfersData },
  { path: '/mat-in-done', title: id.routes.matInDone, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-in-done-page')) , store: true, data: transfersData },
  { path: '/detail-mat-in/:matNo', title: id.routes.detailMatIn, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/detail-mat-in-page')) },
  { path: '/confirm-mat/:status/:idTbsms', title: id.routes.confirmMat, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/confirm-mat-page')) },
  { path: '/mat-out-new', title: id.routes.matOutNew, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-out-new-page')) , store: true, data: transfersData },
  { path: '/mat-out-proces', title: id.routes.matOutProces, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-out-proces-page')) , store: true, data: transfersData },
  { path: '/mat-out-done', title: id.routes.matOutDone, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-out-done-page')) , store: true, data: transfersData },
  { path: '/mat-out-cancel', title: id.routes.matOutCancel, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/mat-out-cancel-page')) , store: true, data: transfersData },
  { path: '/detail-mat-out/:matStoreStatus/:matStoreNo', title: id.routes.detailMatOut, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/detail-mat-out-page')) },
  { path: '/detail-mat-out-complete/:matStoreStatus/:matStoreNo', title: id.routes.detailMatOutComplete, area: 'transfers', page: lazy(() => import('@/features/transfers/pages/detail-mat-out-complete-page')) },
  { path: '/booking-list-product', title: id.routes.bookingListProduct, area: 'bookings', page: lazy(() => import('@/features/bookings/pages/booking-list-product-page')) , store: true, data: bookingsData },
  { path: '/booking-list-store', title: id.routes.bookingListStore, area: 'bookings', page: lazy(() => import('@/features/bookings/pages/booking-list-store-page')) , store: true, data: bookingsData },
  { path: '/booking-list-kelurahan', title: id.routes.bookingListKelurahan, area: 'bookings', page: lazy(() => import('@/features/bookings/pages/booking-list-kelurahan-page')) },
  { path: '/booking-list-kecamatan', title: id.routes.bookingListKecamatan, area: 'bookings', page: lazy(() => import('@/features/bookings/pages/booking-list-kecamatan-page')) },
  { path: '/get-product/:id', title: id.routes.getProduct, area: 'bookings', page: lazy(() => import('@/features/bookings/pages/get-product-page')) },
  { path: '/retur/request/:shipmentNo/:method', title: id.routes.returRequest, area: 'returns', page: lazy(() => import('@/features/returns/pages/return-request-page')) },
  { path: '/retur/list/:status', title: id.routes.returList, area: 'returns', page: lazy(() => import('@/features/returns/pages/return-list-page')) , store: true, data: returnsData },
  { path: '/retur/detail/:shipmentNo/:method', title: id.routes.returDetail, area: 'returns', page: lazy(() => import('@/features/returns/pages/return-detail-page')) },
  { path: '/retur/pod/:shipmentNo', title: id.routes.returPod, area: 'returns', page: lazy(() => import('./routes/return-pod')) },
  { path: '/list-pengajuan-pod', title: id.routes.listPengajuanPod, area: 'pod', page: PodRequestListPage },
  { path: '/pengajuan-pod/detail/:shipmentNo/:deliveryType/:type?', title: id.routes.pengajuanPodDetail, area: 'pod', page: PodRequestDetailPage },
];

function toRouteObject({ path, title, area, page: Page, store, titleBar, data }: AppRoute): RouteObject {
  const element = store ? (
    <NeedsActiveStore title={title}>
      <Page />
    </NeedsActiveStore>
  ) : (
    <Page />
  );
  const routed = routerPath(path);
  return {
    path: routed,
    handle: { title, area, titleBar, data } satisfies RouteHandle,
    element:
      routed === path ? (
        element
      ) : (
        <SpecPathGuard path={path} fallback={<NotFoundRoute />}>
          {element}
        </SpecPathGuard>
      ),
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<PageSkeleton label={id.common.loading} />}>
            <LoginRoute />
          </Suspense>
        ),
        handle: { title: id.routes.login, area: 'auth' } satisfies RouteHandle,
      },
      {
        element: <AppLayout />,
        // Unknown paths too are behind the auth check: only /login is public.
        children: [...APP_ROUTES.map(toRouteObject), { path: '*', element: <NotFoundRoute /> }],
      },
    ],
  },
];
