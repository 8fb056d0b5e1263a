/** What the order detail page's test files share: the order's address, the page with its modals and live updates, a newer copy of an order, and a clean phone per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { act } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { type OrderDetail } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal } from '@/shared/modal/modal-store';
import { resetScan } from '@/shared/stores/scan-store';
import { ToastHost } from '@/shared/toast/toast-host';
import { useToastStore } from '@/shared/toast/toast-store';
import { renderWithRouter } from '@/test/render';
import { EditQuantityModal, OutOfStockModal } from '../components/line-modals';
import { ContactCustomerModal, ScanPackingModal } from '../components/order-modals';
import { QrCodeModal } from '../components/qr-code-modal';
import OrderDetailPage, { type OrderDetailPageProps } from './order-detail-page';

export const SHP = 'SHP2511220000001';
export const DETAIL = `/api/orders/${SHP}`;

export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

export function renderDetail(path: string, props: OrderDetailPageProps = {}) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ToastHost />
            <ModalHost
              onLogout={vi.fn()}
              renderers={{
                'edit-quantity': EditQuantityModal,
                'out-of-stock': OutOfStockModal,
                'scan-packing': ScanPackingModal,
                'qr-code': QrCodeModal,
                'contact-customer': ContactCustomerModal,
              }}
            />
          </>
        ),
        children: [
          { path: '/order/detail/:status/:shipmentNo/:method', element: <OrderDetailPage {...props} /> },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: ['/list-packing', path] },
  );
}

/** The server's answer after a change: a newer updatedAt. */
export const after = (order: OrderDetail): OrderDetail => ({ ...order, updatedAt: new Date(Date.parse(order.updatedAt) + 60_000).toISOString() });


/** The hooks every one of these test files shares. */
export function setUpOrderDetailTests() {
  beforeEach(() => {
    resetClientStateForTests();
    act(() => closeModal());
    act(() => useToastStore.setState({ toasts: [] }));
    resetScan();
    vi.mocked(signal).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());
}
