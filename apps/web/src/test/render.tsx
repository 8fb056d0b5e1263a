import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import AppLiveSync from '@/app/live/app-live-sync';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
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

export function renderWithRouter(routes: RouteObject[], { initialEntries = ['/'], queryClient = testQueryClient() }: { initialEntries?: string[]; queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...utils, router, queryClient };
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
