import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { ModalHost } from '@/shared/modal/modal-host';
import { CUSTOMER_POINT, deliveryOrder } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { ScanGoScreen } from './scan-go-screen';

// The scan-and-go screen as its tests render it: a delivery order in 1103, the phone's GPS stubbed.

export const SHP = 'SHP2611224355428';
export const order = deliveryOrder();
/** ~20 m north of the customer. */
export const NEAR = { latitude: CUSTOMER_POINT.lat + 0.00018, longitude: CUSTOMER_POINT.long, accuracy: 8 };

export { stubGeolocation, type Fix } from '@/test/geolocation';

export function renderScreen() {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost onLogout={() => {}} renderers={{}} />
          </>
        ),
        children: [
          {
            path: '/order/detail-scan-go/:status/:shipmentNo/:method',
            element: (
              <ScanGoScreen
                shipmentNo={SHP}
                order={order}
                orderState="ready"
                retrying={false}
                onRetry={() => {}}
                onRefreshOrder={async () => {}}
                onOrderChanged={() => {}}
                detailPath={`/order/detail/1103/${SHP}/delivery`}
              />
            ),
          },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: [`/order/detail-scan-go/1103/${SHP}/delivery`] },
  );
}

/** The receiver as the customer, related as Pemesan. */
export async function fillReceiver(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Isi: Puput Juwita' }));
  await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), 'Pemesan');
}
