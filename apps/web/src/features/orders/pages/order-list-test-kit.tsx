/** What the order list page's test files share: the list screens' routes and server, and a clean client per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { act } from '@testing-library/react';
import { Outlet } from 'react-router';
import { resetClientStateForTests } from '@/shared/api/client';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal } from '@/shared/modal/modal-store';
import { clearFilters } from '@/shared/stores/filter-store';
import { mockFetch, ok } from '@/test/fetch-mock';
import { orderCount } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { OrderFilterModal } from '../components/order-filter-modal';
import OrderListPage from './order-list-page';

export const LIST_PATHS = ['/order', '/list-packing', '/list-proses', '/list-done', '/history', '/list-cancel'];

/** The server of the list screens: the tab counts, and the list as `list` answers it. */
export const serveList = (list: Parameters<ReturnType<typeof mockFetch>['on']>[2]) => mockFetch().on('GET', '/api/orders/count', ok(orderCount)).on('GET', '/api/orders', list);

export function renderList(path = '/order') {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost onLogout={vi.fn()} renderers={{ filter: OrderFilterModal }} />
          </>
        ),
        children: [...LIST_PATHS.map((p) => ({ path: p, element: <OrderListPage /> })), { path: '/order/detail/:status/:shipmentNo/:method', element: <p>detail</p> }],
      },
    ],
    { initialEntries: [path] },
  );
}


/** The hooks every one of these test files shares. */
export function setUpOrderListTests() {
  beforeEach(() => {
    resetClientStateForTests();
    act(() => closeModal());
    clearFilters();
  });
  afterEach(() => vi.unstubAllGlobals());
}
