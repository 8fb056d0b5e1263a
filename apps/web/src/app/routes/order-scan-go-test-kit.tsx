/** What the scan-and-go test files share: the server, the order, the crew's positions, the screen and a clean phone per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import PodLiveUpdates from '@/features/pod/components/pod-live-updates';
import { ScanGoSuccessModal } from '@/features/pod/components/scan-go-success-modal';
import { useSentRequests } from '@/features/pod/stores/sent-requests';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal } from '@/shared/modal/modal-store';
import { ToastHost } from '@/shared/toast/toast-host';
import { useToastStore } from '@/shared/toast/toast-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { CUSTOMER_POINT, appConfig, deliveryOrder } from '@/test/fixtures';
import { stubGeolocation } from '@/test/geolocation';
import { renderWithRouter } from '@/test/render';
import OrderScanGoRoute from './order-scan-go';

/** The server: app-config (the POD limits the screen follows) and what each test adds. */
export const serve = (pod: Parameters<typeof appConfig>[0] = {}) => mockFetch().on('GET', '/api/app-config', ok(appConfig(pod)));

export const SHP = 'SHP2611224355428';
export const ORDER = `/api/orders/${SHP}`;
export const MINE = '/api/pod/requests/mine';
export const order = deliveryOrder();
/** ~20 m north of the customer, ~350 m south of it. */
export const NEAR = { latitude: CUSTOMER_POINT.lat + 0.00018, longitude: CUSTOMER_POINT.long, accuracy: 8 };
export const FAR = { latitude: -6.256, longitude: 106.8216, accuracy: 12 };

export function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}


export function renderScanGo(path = `/order/detail-scan-go/1103/${SHP}/delivery`, { queryClient }: { queryClient?: QueryClient } = {}) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ModalHost onLogout={() => {}} renderers={{ 'scan-go-success': ScanGoSuccessModal }} />
            <ToastHost />
            <PodLiveUpdates canDecide={false} />
          </>
        ),
        children: [
          { path: '/order/detail-scan-go/:status/:shipmentNo/:method', element: <OrderScanGoRoute /> },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: [path], queryClient },
  );
}

export async function fillReceiver(user: ReturnType<typeof userEvent.setup>, relation = 'Pemesan') {
  await user.click(await screen.findByRole('button', { name: 'Isi: Puput Juwita' }));
  await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), relation);
}

/** The crew sends the POD from ~350 m away: the "Lokasi tidak sesuai" modal it gets. */
export async function sendFromFar() {
  stubGeolocation([FAR]);
  const user = userEvent.setup();
  renderScanGo();
  await fillReceiver(user);
  await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Lokasi tidak sesuai' }) };
}


/** The hooks every one of these test files shares. */
export function setUpScanGoTests() {
  beforeEach(() => {
    resetClientStateForTests();
    act(() => closeModal());
    act(() => useToastStore.setState({ toasts: [] }));
    useSentRequests.setState({ shipmentNos: [] });
    vi.mocked(signal).mockClear();
    installFakeEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());
}
