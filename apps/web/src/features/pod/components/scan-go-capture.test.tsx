import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { CUSTOMER_POINT, appConfig, deliveryOrder } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { ScanGoScreen } from './scan-go-screen';

// A POD made offline reaches the server later; when the server refuses its position for its
// age, the screen says so (by the code) and offers to take the location again.

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const SHP = 'SHP2611224355428';
const order = deliveryOrder();
/** ~20 m north of the customer. */
const NEAR = { latitude: CUSTOMER_POINT.lat + 0.00018, longitude: CUSTOMER_POINT.long, accuracy: 8 };

function stubGeolocation() {
  const getCurrentPosition = vi.fn((ok: PositionCallback, _err?: PositionErrorCallback | null, _options?: PositionOptions) => ok({ coords: NEAR } as GeolocationPosition));
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

function renderScreen() {
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
            path: '*',
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
        ],
      },
    ],
    { initialEntries: [`/order/detail-scan-go/1103/${SHP}/delivery`] },
  );
}

async function submitPod(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Isi: Puput Juwita' }));
  await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), 'Pemesan');
  await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  installFakeEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scan and go: the position refused for its capture time', () => {
  it('sends the moment "Kirim POD" took the fix as capturedAt', async () => {
    const server = mockFetch()
      .on('GET', '/api/app-config', ok(appConfig()))
      .on('GET', '/api/pod/requests/mine', ok({ items: [] }))
      .on('POST', '/api/pod/scan-go', ok({ status: true, distanceM: 20, radiusM: 150, pod: {}, order: { ...order, statusId: 1104 } }));
    stubGeolocation();
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Isi: Puput Juwita' }));
    await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), 'Pemesan');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    await screen.findByRole('dialog');
    const after = Date.now();
    const sent = Date.parse((server.callsTo('/api/pod/scan-go')[0]!.body as { capturedAt: string }).capturedAt);
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(after);
  });

  it.each([
    ['POD_CAPTURE_TOO_OLD', 'Lokasi sudah kedaluwarsa', 'Ambil lokasi lagi di tempat pelanggan, lalu kirim ulang.', FIELD_MESSAGES.captureTooOld(135, 120)],
    ['POD_CAPTURE_IN_FUTURE', 'Jam ponsel tidak sesuai', 'Atur tanggal dan jam ponsel ke otomatis, lalu ambil lokasi lagi.', FIELD_MESSAGES.captureInFuture(12)],
  ] as const)('%s: says why with the server’s minutes and takes a fresh location on "Ambil lokasi lagi"', async (code, title, hint, detail) => {
    mockFetch()
      .on('GET', '/api/app-config', ok(appConfig()))
      .on('GET', '/api/pod/requests/mine', ok({ items: [] }))
      // The text reads like something else: the screen goes by the code.
      .on('POST', '/api/pod/scan-go', fail(422, code, ERROR_MESSAGES.POD_ACCURACY_TOO_LOW, [{ path: 'body.capturedAt', message: detail }]));
    const geolocation = stubGeolocation();
    const user = userEvent.setup();
    renderScreen();
    await submitPod(user);

    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent(hint);
    expect(dialog).toHaveTextContent(detail);
    const fixes = geolocation.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Ambil lokasi lagi' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A fresh fix: no cached position.
    expect(geolocation.mock.calls.length).toBe(fixes + 1);
    expect(geolocation.mock.calls.at(-1)![2]).toMatchObject({ maximumAge: 0 });
  });
});
