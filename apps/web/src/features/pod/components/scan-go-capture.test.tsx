import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, FIELD_MESSAGES } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { appConfig } from '@/test/fixtures';
import { fillReceiver, NEAR, order, renderScreen, stubGeolocation } from './scan-go-test-kit';

// A POD made offline reaches the server later; when the server refuses its position for its
// age, the screen says so (by the code) and offers to take the location again.

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

async function submitPod(user: ReturnType<typeof userEvent.setup>) {
  await fillReceiver(user);
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
    stubGeolocation([NEAR]);
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
    const { getCurrentPosition: geolocation } = stubGeolocation([NEAR]);
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
