import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '@/shared/api/query-client';

/** A QueryClient for tests: no retry delays, no refetch on focus. */
export function testQueryClient(): QueryClient {
  return createQueryClient({
    queries: { retryDelay: 0, refetchOnWindowFocus: false },
    mutations: { retryDelay: 0 },
  });
}

export function renderWithRouter(routes: RouteObject[], { initialEntries = ['/'], queryClient = testQueryClient() }: { initialEntries?: string[]; queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function renderWithQuery(ui: ReactElement, queryClient = testQueryClient()) {
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient };
}
