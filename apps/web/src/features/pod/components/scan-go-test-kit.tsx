import { vi } from 'vitest';
import { act, screen } from '@testing-library/react';
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

export type Fix = { latitude: number; longitude: number; accuracy: number } | { error: number };

/** The phone's GPS; `hold` keeps each answer until the test releases it. */
export function stubGeolocation(fixes: Fix[], { hold = false } = {}) {
  let n = 0;
  const waiting: Array<() => void> = [];
  const getCurrentPosition = vi.fn((ok: PositionCallback, err?: PositionErrorCallback | null, _options?: PositionOptions) => {
    const fix = fixes[Math.min(n++, fixes.length - 1)]!;
    const answer = () => ('error' in fix ? err?.({ code: fix.error, message: 'x' } as GeolocationPositionError) : ok({ coords: fix } as GeolocationPosition));
    if (hold) waiting.push(answer);
    else answer();
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return { getCurrentPosition, release: () => act(() => waiting.splice(0).forEach((answer) => answer())) };
}

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
