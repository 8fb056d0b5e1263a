import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory as createBrowserHistory, useLocation, useRoutes } from 'react-router';
import { meQueryOptions } from '@/features/members/api/get-me';
import { prefetchOrderScreenData } from '@/features/orders/utils/list-route';
import { prefetchScanGoData } from '@/features/pod/api/get-order-pod-requests';
import { setSessionExpiredHandler } from '@/shared/api/session';
import { paths } from '@/shared/config/paths';
import { RouteTable } from './route-handle';
import { matchAppRoutes } from './route-match';
import { withRouteRules, type History } from './route-rules';
import { prefetchScreenData } from './screen-data';
import { appRoutes } from './routes';

/** When the refresh token is gone too: back to login, remembering where the member was. */
export function installSessionExpiry(history: History): void {
  setSessionExpiredHandler(() => {
    const { pathname, search } = history.location;
    if (pathname === '/login') return;
    history.replace(paths.login(pathname + search));
  });
}

/**
 * The app's history: the browser's (a memory one in tests), with the spec's route rules applied on
 * every change of location before the screens hear of it, and the session's expiry sending to login.
 * The routes are matched by `useRoutes` (React Router's declarative mode): the app loads no data
 * through the router, and the data router's code was a sixth of the first load (decision 171).
 */
export function createAppHistory(base: History = createBrowserHistory({ v5Compat: true })): History {
  const history = withRouteRules(base);
  installSessionExpiry(history);
  return history;
}

/** The spec's routes at the history's location: rendered from the matched branch, matched once per path. */
function AppRoutes() {
  const { pathname } = useLocation();
  const routes = useRoutes(matchAppRoutes(appRoutes, pathname).branch ?? []);
  return <RouteTable value={appRoutes}>{routes}</RouteTable>;
}

export function AppRouter() {
  const queryClient = useQueryClient();
  // Every screen but login waits on /members/me (the auth check, the greeting): asked
  // now, it is not queued behind the screens' code on a slow phone's few connections.
  // The same for the data of home and the order lists: it arrives with their code, once the member
  // is known to have a store (helpdesk and super user choose one first; the server refuses without).
  // Asked here, before the routes render: the first render is a transition, and React yields
  // between this component and the routes, so the two are not one long task on a slow phone.
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
  return <AppHistoryRouter />;
}

function AppHistoryRouter() {
  const [history] = useState(() => createAppHistory());
  return <AppRoutesAt history={history} />;
}

/** The app's routes rendered from `history` (the browser's, made by `createAppHistory`; a memory one in tests). */
export function AppRoutesAt({ history }: { history: History }) {
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
