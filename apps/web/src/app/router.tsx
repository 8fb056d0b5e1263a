import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { meQueryOptions } from '@/features/members/api/get-me';
import { prefetchOrderScreenData } from '@/features/orders/utils/list-route';
import { prefetchScanGoData } from '@/features/pod/api/get-order-pod-requests';
import { setSessionExpiredHandler } from '@/shared/api/session';
import { paths } from '@/shared/config/paths';
import { installRouteRules } from './route-rules';
import { prefetchScreenData } from './screen-data';
import { appRoutes } from './routes';

/** When the refresh token is gone too: back to login, remembering where the member was. */
export function installSessionExpiry(router: DataRouter): void {
  setSessionExpiredHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate(paths.login(pathname + search), { replace: true });
  });
}

export function createAppRouter(create: (routes: typeof appRoutes) => DataRouter = createBrowserRouter): DataRouter {
  const router = create(appRoutes);
  installRouteRules(router);
  installSessionExpiry(router);
  return router;
}

export function AppRouter() {
  const queryClient = useQueryClient();
  // Every screen but login waits on /members/me (the auth check, the greeting): asked
  // now, it is not queued behind the screens' code on a slow phone's few connections.
  // The same for the data of home and the order lists: it arrives with their code, once the member
  // is known to have a store (helpdesk and super user choose one first; the server refuses without).
  // Asked here, before the router exists: the first render is a transition, and React yields
  // between this component and the router's, so the two are not one long task on a slow phone.
  useState(() => {
    const { pathname, search } = window.location;
    if (pathname === '/login') return;
    void queryClient
      .fetchQuery(meQueryOptions())
      .then((member) => {
        if (!member.store) return;
        prefetchOrderScreenData(queryClient, { pathname, search });
        prefetchScanGoData(queryClient, pathname);
        void prefetchScreenData(queryClient, { pathname, search, storeCode: member.store.storeCode });
      })
      .catch(() => undefined);
  });
  return <AppRouterProvider />;
}

function AppRouterProvider() {
  const [router] = useState(() => createAppRouter());
  return <RouterProvider router={router} />;
}
