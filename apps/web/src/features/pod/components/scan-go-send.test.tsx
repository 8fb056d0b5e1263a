import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { appConfig, outsideReply, podRequestSummary } from '@/test/fixtures';
import { NEAR, SHP, fillReceiver, order, renderScreen, stubGeolocation } from './scan-go-test-kit';

// "Kirim POD" is the one action: it takes the position (progress while it waits), then sends.
// Without a position nothing is sent: the action bar says why and offers to try again.

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const SCAN_GO = '/api/pod/scan-go';
/** ~350 m south of the customer. */
const FAR = { latitude: -6.256, longitude: 106.8216, accuracy: 12 };
const done = ok({ status: true, distanceM: 20, radiusM: 150, pod: {}, order: { ...order, statusId: 1104 } });


const serve = () => mockFetch().on('GET', '/api/app-config', ok(appConfig())).on('GET', '/api/pod/requests/mine', ok({ items: [] }));

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('scan and go: "Kirim POD" takes the position, then sends', () => {
  it('says "Mengambil lokasi…" while it waits for the position, then sends it with its accuracy', async () => {
    const server = serve().on('POST', SCAN_GO, done);
    const gps = stubGeolocation([NEAR], { hold: true });
    const user = userEvent.setup();
    renderScreen();
    await fillReceiver(user);
    // Nothing to take first: the location is part of sending.
    expect(screen.getByTestId('location-status')).toHaveTextContent('Lokasi diambil otomatis saat Kirim POD.');
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));

    const busy = await screen.findByRole('button', { name: 'Mengambil lokasi…' });
    expect(busy).toBe(screen.getByTestId('scan-go-submit'));
    expect(busy).toBeDisabled();
    expect(gps.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(server.callsTo(SCAN_GO)).toHaveLength(0);

    gps.release();
    await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(server.callsTo(SCAN_GO)).toHaveLength(1);
    expect(server.callsTo(SCAN_GO)[0]!.body).toMatchObject({ lat: NEAR.latitude, long: NEAR.longitude, accuracy: 8, isValidate: true, receiverName: 'Puput Juwita' });
    // What was taken stays in view beside the action.
    expect(screen.getByTestId('location-status')).toHaveTextContent('Di dalam area · 20 m dari pelanggan · Akurasi ±8 m');
    expect(screen.getByTestId('location-accuracy')).toHaveTextContent('Akurasi ±8 m');
  });

  it.each([
    ['denied', 1, 'Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.'],
    ['timed out', 3, 'Waktu menentukan lokasi habis. Coba lagi di tempat terbuka.'],
  ])('a position %s: says why, sends nothing, and "Coba lagi" takes it again and sends', async (_case, code, message) => {
    const server = serve().on('POST', SCAN_GO, done);
    stubGeolocation([{ error: code }, NEAR]);
    const user = userEvent.setup();
    renderScreen();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));

    const error = await screen.findByTestId('location-error');
    expect(error).toHaveRole('alert');
    expect(error).toHaveTextContent('POD belum dikirim: lokasi tidak didapat.');
    expect(error).toHaveTextContent(message);
    expect(server.callsTo(SCAN_GO)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Kirim POD' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(server.callsTo(SCAN_GO)).toHaveLength(1);
    expect(server.callsTo(SCAN_GO)[0]!.body).toMatchObject({ lat: NEAR.latitude, accuracy: 8 });
    expect(screen.queryByTestId('location-error')).not.toBeInTheDocument();
  });

  it('outside the radius: the modal offers "Ajukan POD", the action bar keeps offering it, and the next "Kirim POD" takes a new position', async () => {
    const server = serve().on('POST', SCAN_GO, (_call, n) => (n === 1 ? outsideReply() : done));
    const gps = stubGeolocation([FAR, NEAR]);
    const user = userEvent.setup();
    renderScreen();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));

    const dialog = await screen.findByRole('dialog', { name: 'Lokasi tidak sesuai' });
    expect(within(dialog).getByRole('button', { name: 'Ajukan POD' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(screen.getByTestId('scan-go-outside')).toHaveTextContent('Lokasi Anda 348 m ke arah selatan dari titik pelanggan');
    expect(screen.getByTestId('location-status')).toHaveTextContent(/^Di luar area · 348 m dari pelanggan · Akurasi ±12 m$/);
    expect(screen.getByTestId('open-pod-request')).toHaveTextContent('Ajukan POD');

    // The crew walks closer and sends again: the refused fix is not sent twice.
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(gps.getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(server.callsTo(SCAN_GO)[1]!.body).toMatchObject({ lat: NEAR.latitude, long: NEAR.longitude, isValidate: true });
  });

  it('a position taken with "Ambil lokasi" just before is the one sent', async () => {
    const server = serve().on('POST', SCAN_GO, done);
    const gps = stubGeolocation([NEAR]);
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Ambil lokasi' }));
    expect(await screen.findByTestId('location-verdict')).toHaveTextContent('Di dalam area pelanggan (radius 150 m)');
    expect(screen.getByTestId('location-taken-at')).toHaveTextContent(/^Diambil pukul \d\d[.:]\d\d/);
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(gps.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(server.callsTo(SCAN_GO)).toHaveLength(1);
  });

  it('leaving the screen while the position is taken sends nothing', async () => {
    const server = serve().on('POST', SCAN_GO, done);
    const gps = stubGeolocation([NEAR, NEAR], { hold: true });
    const user = userEvent.setup();
    const { router } = renderScreen();
    const send = async () => {
      await fillReceiver(user);
      await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
      await screen.findByRole('button', { name: 'Mengambil lokasi…' });
    };
    await send();
    await act(() => router.navigate('/list-proses'));
    expect(screen.getByText('lain')).toBeInTheDocument();
    gps.release();
    // Back on the screen, the crew send again. That send is queued behind anything the left screen
    // would have sent (one queue per shipment), so once it is answered nothing else was sent.
    await act(() => router.navigate(`/order/detail-scan-go/1103/${SHP}/delivery`));
    await send();
    gps.release();
    await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(server.callsTo(SCAN_GO)).toHaveLength(1);
  });
});

describe('scan and go at 360 × 640: compact, nothing moves after load', () => {
  it('the order card: "Barang (n)" opens the goods, the phone is a call link', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    const toggle = await screen.findByRole('button', { name: 'Barang (3)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('scan-go-goods')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('scan-go-goods')).toBeVisible();
    expect(screen.getByTestId('scan-go-goods')).toHaveTextContent('No. order AMD261122010465');
    expect(screen.getByRole('link', { name: 'Telepon pelanggan 08583915803' })).toHaveAttribute('href', 'tel:08583915803');
  });

  it('waits for the order\'s POD request before showing the form, so the request\'s state never pushes it down', async () => {
    let answer: (() => void) | undefined;
    serve().on(
      'GET',
      '/api/pod/requests/mine',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ items: [podRequestSummary()] }));
        }),
    );
    renderScreen();
    expect(await screen.findByTestId('scan-go-loading')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByTestId('scan-go-form')).not.toBeInTheDocument();
    act(() => answer!());
    expect(await screen.findByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');
    expect(screen.getByTestId('scan-go-form')).toBeInTheDocument();
  });

  it('renders the order, the package check and "Kirim POD" first; the receiver fields and the location card follow in a task of their own', async () => {
    serve();
    renderScreen();
    expect(await screen.findByTestId('scan-go-order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kirim POD' })).toBeInTheDocument();
    expect(screen.getByTestId('package-check')).toBeInTheDocument();
    // Under the action bar at 360 × 640: not part of the first render's long task; they grow the form
    // card downwards, so nothing on screen moves.
    expect(screen.queryByTestId('receiver-name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ambil lokasi' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('receiver-name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ambil lokasi' })).toBeInTheDocument();
  });
});
