import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { setSessionExpiredHandler } from '@/shared/api/session';
import { paths } from '@/shared/config/paths';
import { installRouteRules } from './route-rules';
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
  const [router] = useState(() => createAppRouter());
  return <RouterProvider router={router} />;
}
