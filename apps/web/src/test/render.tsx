import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import AppLiveSync from '@/app/live/app-live-sync';
import { Outlet, unstable_HistoryRouter as HistoryRouter, UNSAFE_createMemoryHistory as createMemoryHistory, useLocation, useRoutes, type Location, type RouteObject, type To } from 'react-router';
import type { History } from '@/app/route-rules';
import { createQueryClient } from '@/shared/api/query-client';
import { ModalHost } from '@/shared/modal/modal-host';
import { createAppOutbox } from '@/shared/outbox/app-outbox';
import { LazyOutbox, OutboxProvider } from '@/shared/outbox/outbox-context';
import { memoryOutboxStorage } from '@/shared/outbox/outbox-storage';
import { ToastHost } from '@/shared/toast/toast-host';

/** A QueryClient for tests: no retry delays, no refetch on focus. */
export function testQueryClient(): QueryClient {
  return createQueryClient({
    queries: { retryDelay: 0, refetchOnWindowFocus: false },
    mutations: { retryDelay: 0 },
  });
}

/**
 * The app's providers around a test's tree: its QueryClient, an outbox in memory sending as a signed-in
 * member, and the shell's one live subscriber (events reach the cache by the areas' declarations).
 */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const outbox = outboxes.get(queryClient) ?? new LazyOutbox(async () => createAppOutbox(queryClient, memoryOutboxStorage()));
  if (!outboxes.has(queryClient)) {
    outbox.setOwner('test');
    outboxes.set(queryClient, outbox);
  }
  return (
    <QueryClientProvider client={queryClient}>
      <OutboxProvider outbox={outbox}>
        <AppLiveSync storeCode={null} />
        {children}
      </OutboxProvider>
    </QueryClientProvider>
  );
}
const outboxes = new WeakMap<QueryClient, LazyOutbox>();

/** A test's hold on the history the routes render from: where it is, and going somewhere as a tap or back would. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate(to: To | number, options?: { replace?: boolean }): Promise<void>;
}

/** A memory history at the last of `initialEntries`, as the app's (React Router's declarative mode, decision 171). */
export function memoryHistory(initialEntries: string[] = ['/']): History {
  return createMemoryHistory({ initialEntries, v5Compat: true });
}

export function testRouter(history: History): TestRouter {
  return {
    get state() {
      return { location: history.location };
    },
    navigate: async (to, options) => {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to);
      else history.push(to);
    },
  };
}

function RouteTableView({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** `routes` rendered from `history`, as the app renders its own. */
export function RoutesAt({ history, routes }: { history: History; routes: RouteObject[] }) {
  return (
    <HistoryRouter history={history}>
      <RouteTableView routes={routes} />
    </HistoryRouter>
  );
}

export function renderWithRouter(routes: RouteObject[], { initialEntries = ['/'], queryClient = testQueryClient() }: { initialEntries?: string[]; queryClient?: QueryClient } = {}) {
  const history = memoryHistory(initialEntries);
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <RoutesAt history={history} routes={routes} />
    </TestProviders>,
  );
  return { ...utils, router: testRouter(history), queryClient };
}

export function renderWithQuery(ui: ReactElement, queryClient = testQueryClient()) {
  return { ...render(<TestProviders queryClient={queryClient}>{ui}</TestProviders>), queryClient };
}

/** The URL the router is at (path and query), for a test to read where a tap led. */
export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/**
 * An area's pages under the app's modal and toast hosts, as the app shows them; `where` shows the URL.
 * `initial`: the URL, or the history that leads to it (the last one shown).
 */
export function renderPage(routes: RouteObject[], initial: string | string[]) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ModalHost onLogout={() => {}} />
            <ToastHost />
          </>
        ),
        children: [...routes, { path: '*', element: <p>lain</p> }],
      },
    ],
    { initialEntries: typeof initial === 'string' ? [initial] : initial },
  );
}
