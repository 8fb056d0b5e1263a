import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { PHOTO_ID, PHOTO_ID_2, SHP, photoFile, renderPage, returnDetail, returnReasons, returnable } from '../returns-test-kit';
import ReturnRequestPage from './return-request-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const RETURNABLE = `/api/returns/returnable/${SHP}`;
const REASONS = '/api/returns/reasons';
const UPLOADS = '/api/uploads';
const CREATE = '/api/returns';
const uploaded = (id = PHOTO_ID) => ({ status: 201, body: { message: 'Success', data: { id, mime: 'image/jpeg', size: 2048, url: `/api/uploads/${id}` } } });

const serve = (data = returnable()) => mockFetch().on('GET', RETURNABLE, ok(data)).on('GET', REASONS, ok(returnReasons));

function renderRequest() {
  return renderPage(
    [
      { path: '/retur/request/:shipmentNo/:method', element: <ReturnRequestPage /> },
      { path: '/retur/detail/:shipmentNo/:method', element: <p>detail retur</p> },
    ],
    `/retur/request/${SHP}/pickup`,
  );
}

const stepperValue = (lineId: number) => screen.getByTestId(`return-qty-${lineId}-value`) as HTMLInputElement;

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
});
afterEach(() => vi.unstubAllGlobals());

describe('return request (/retur/request)', { timeout: 20_000 }, () => {
  it('never lets a line go above what may still be returned', async () => {
    serve();
    const user = userEvent.setup();
    renderRequest();
    const line = await screen.findByTestId('return-line-11');
    expect(line).toHaveTextContent('Dikirim 3 · sudah diretur 1 · Maks. 2');
    const more = screen.getByTestId('return-qty-11-increase');
    await user.click(more);
    await user.click(more);
    expect(stepperValue(11).value).toBe('2');
    expect(more).toBeDisabled();
    // Typed: held at the most too.
    await user.clear(stepperValue(12));
    await user.type(stepperValue(12), '9');
    expect(stepperValue(12).value).toBe('1');
    // All of it already came back: no stepper at all.
    expect(screen.getByTestId('return-line-13')).toHaveTextContent('Sudah diretur semua');
    expect(screen.queryByTestId('return-qty-13')).not.toBeInTheDocument();
    expect(screen.getByTestId('return-window')).toHaveTextContent('Batas retur: 27 Nov 2026, 10.00 WIB');
  });

  it('asks for a line, a reason and an uploaded photo before anything is sent', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderRequest();
    await screen.findByTestId('return-line-11');
    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));
    expect(screen.getByTestId('return-lines-error')).toHaveTextContent('Pilih minimal satu barang yang diretur.');
    // The first problem also shows next to the button, and its field takes the focus.
    expect(screen.getByTestId('return-submit-blocked')).toHaveTextContent('Pilih minimal satu barang yang diretur.');
    expect(screen.getByTestId('return-line-11')).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getAllByText('Pilih alasan retur.')[0]).toBeInTheDocument();
    expect(screen.getByTestId('return-photos-error')).toHaveTextContent('Lampirkan minimal 1 foto barang.');
    // "Lainnya" needs its text.
    await user.click(screen.getByRole('radio', { name: 'Lainnya' }));
    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));
    expect(screen.getAllByText('Tuliskan alasan untuk pilihan Lainnya (minimal 3 huruf).')[0]).toBeInTheDocument();
    expect(server.callsTo(CREATE, 'POST')).toHaveLength(0);
  });

  it('two photos in and no reason: "Ajukan Retur" says why next to itself and brings the reason into focus', async () => {
    let n = 0;
    const server = serve().on('POST', UPLOADS, () => uploaded(++n === 1 ? PHOTO_ID : PHOTO_ID_2));
    const user = userEvent.setup();
    renderRequest();
    await user.click(await screen.findByTestId('return-qty-11-increase'));
    await user.upload(screen.getByTestId('return-photo-input'), photoFile());
    await user.upload(screen.getByTestId('return-photo-input'), photoFile());
    await waitFor(() => expect(screen.getByTestId('return-photo-2')).toHaveAttribute('data-status', 'done'));
    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));
    expect(screen.getByTestId('return-submit-blocked')).toHaveTextContent('Pilih alasan retur.');
    expect(screen.getByRole('radio', { name: 'Barang rusak' })).toHaveFocus();
    expect(server.callsTo(CREATE, 'POST')).toHaveLength(0);
    // Choosing one clears it.
    await user.click(screen.getByRole('radio', { name: 'Barang rusak' }));
    expect(screen.queryByTestId('return-submit-blocked')).not.toBeInTheDocument();
  });

  it('uploads each photo at once, then sends the lines, the reason and the photo ids, and opens the return', async () => {
    const server = serve()
      .on('POST', UPLOADS, uploaded())
      .on('POST', CREATE, { status: 201, body: { message: 'Success', data: returnDetail() } });
    const user = userEvent.setup();
    renderRequest();
    await user.click(await screen.findByTestId('return-qty-11-increase'));
    await user.click(screen.getByTestId('return-qty-12-increase'));
    await user.click(screen.getByRole('radio', { name: 'Lainnya' }));
    await user.type(screen.getByLabelText('Tulis alasan'), 'Kemasan penyok');

    const input = screen.getByTestId('return-photo-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    await user.upload(input, photoFile());
    await waitFor(() => expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done'));
    expect(screen.getByTestId('return-photo-1-state')).toHaveTextContent('Terunggah');
    const upload = server.callsTo(UPLOADS, 'POST')[0]!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(upload.headers.get('X-Requested-With')).toBe('gerai');
    expect(upload.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('return-photos-count')).toHaveTextContent('1/5 foto');

    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));
    await waitFor(() => expect(server.callsTo(CREATE, 'POST')).toHaveLength(1));
    const sent = server.callsTo(CREATE, 'POST')[0]!;
    expect(sent.body).toEqual({ shipmentNo: SHP, reasonId: 0, reasonText: 'Kemasan penyok', lines: [{ lineId: 11, qty: 1 }, { lineId: 12, qty: 1 }], photoIds: [PHOTO_ID] });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('detail retur')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/retur/detail/${SHP}/pickup`);
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Retur ${SHP} diajukan. Menunggu persetujuan kepala toko.`);
  });

  it('a refused return says why by its code and keeps everything the crew entered', async () => {
    const server = serve()
      .on('POST', UPLOADS, uploaded())
      .on('POST', CREATE, fail(422, 'RETURN_QTY_EXCEEDS', 'x', [{ path: 'body.lines.0.qty', message: 'Jumlah retur Indomie Goreng 85g melebihi yang dapat diretur (maksimal 1).' }]));
    const user = userEvent.setup();
    renderRequest();
    await user.click(await screen.findByTestId('return-qty-11-increase'));
    await user.click(screen.getByTestId('return-qty-11-increase'));
    await user.click(screen.getByRole('radio', { name: 'Barang rusak' }));
    await user.upload(screen.getByTestId('return-photo-input'), photoFile());
    await waitFor(() => expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done'));
    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));

    const alert = await screen.findByTestId('return-request-error');
    expect(alert).toHaveAttribute('data-code', 'RETURN_QTY_EXCEEDS');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.RETURN_QTY_EXCEEDS);
    expect(alert).toHaveTextContent('Jumlah retur Indomie Goreng 85g melebihi yang dapat diretur (maksimal 1).');
    // The refusal is next to the button too.
    expect(screen.getByTestId('return-submit-blocked')).toHaveTextContent(ERROR_MESSAGES.RETURN_QTY_EXCEEDS);
    expect(stepperValue(11).value).toBe('2');
    expect(screen.getByRole('radio', { name: 'Barang rusak' })).toBeChecked();
    expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done');
    expect(screen.getByTestId('where')).toHaveTextContent(`/retur/request/${SHP}/pickup`);
    // What the quantities are checked against is read again.
    await waitFor(() => expect(server.callsTo(RETURNABLE).length).toBeGreaterThanOrEqual(2));
  });

  it('a photo the server refuses (415) shows why and offers another file, never a retry; a lost upload is retried', async () => {
    const server = serve().on('POST', UPLOADS, (_c, n) => (n === 1 ? fail(415, 'UPLOAD_TYPE_UNSUPPORTED', 'x') : n === 2 ? 'network-error' : uploaded()));
    const user = userEvent.setup();
    renderRequest();
    const input = await screen.findByTestId('return-photo-input');
    await user.upload(input, photoFile('rusak.png'));
    const tile = screen.getByTestId('return-photo-1');
    await waitFor(() => expect(tile).toHaveAttribute('data-status', 'failed'));
    expect(tile).toHaveTextContent(ERROR_MESSAGES.UPLOAD_TYPE_UNSUPPORTED);
    // A failed photo holds the send.
    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));
    expect(screen.getByTestId('return-photos-error')).toHaveTextContent('Ada foto yang gagal diunggah. Coba lagi atau hapus foto itu.');
    // The same file would be refused again: only another one helps.
    expect(within(tile).queryByRole('button', { name: 'Unggah ulang foto 1' })).not.toBeInTheDocument();
    const pick = vi.spyOn(input, 'click');
    await user.click(within(tile).getByRole('button', { name: 'Pilih file lain' }));
    expect(screen.queryByTestId('return-photo-1')).not.toBeInTheDocument();
    expect(pick).toHaveBeenCalled();

    // A photo whose upload was lost may go again as it is.
    await user.upload(input, photoFile('rak.png'));
    await waitFor(() => expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'failed'));
    await user.click(within(screen.getByTestId('return-photo-1')).getByRole('button', { name: 'Unggah ulang foto 1' }));
    await waitFor(() => expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done'));
    expect(server.callsTo(UPLOADS, 'POST')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Hapus foto 1' }));
    expect(screen.queryByTestId('return-photo-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('return-photos-count')).toHaveTextContent('0/5 foto');
  });

  it('photos the server no longer knows (RETURN_PHOTO_UNKNOWN) are uploaded again, the rest of the form kept', async () => {
    const server = serve()
      .on('POST', UPLOADS, (_c, n) => uploaded(n === 1 ? PHOTO_ID : '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d'))
      .on('POST', CREATE, fail(422, 'RETURN_PHOTO_UNKNOWN', 'x'));
    const user = userEvent.setup();
    renderRequest();
    await user.click(await screen.findByTestId('return-qty-12-increase'));
    await user.click(screen.getByRole('radio', { name: 'Barang rusak' }));
    await user.upload(screen.getByTestId('return-photo-input'), photoFile());
    await waitFor(() => expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done'));
    await user.click(screen.getByRole('button', { name: 'Ajukan Retur' }));
    expect(await screen.findByTestId('return-request-error')).toHaveTextContent(ERROR_MESSAGES.RETURN_PHOTO_UNKNOWN);
    await waitFor(() => expect(server.callsTo(UPLOADS, 'POST')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done'));
    expect(stepperValue(12).value).toBe('1');
  });

  it('takes at most five photos', async () => {
    serve().on('POST', UPLOADS, uploaded());
    const user = userEvent.setup();
    renderRequest();
    const files = Array.from({ length: 6 }, (_, i) => photoFile(`f${i}.png`));
    await user.upload(await screen.findByTestId('return-photo-input'), files);
    expect(screen.getAllByTestId(/^return-photo-\d$/)).toHaveLength(5);
    expect(screen.getByText('Maksimal 5 foto; foto lainnya tidak ditambahkan.')).toBeInTheDocument();
    expect(screen.getByTestId('return-photo-input')).toBeDisabled();
  });

  it('an order past its return window says until when it could be returned (WIB), without a form', async () => {
    serve(returnable({ refusal: 'RETURN_WINDOW_CLOSED', windowEndsAt: '2026-11-10T05:30:00.000Z' }));
    renderRequest();
    expect(await screen.findByText(ERROR_MESSAGES.RETURN_WINDOW_CLOSED)).toBeInTheDocument();
    expect(screen.getByTestId('return-window-ended')).toHaveTextContent('Batas retur 7 hari setelah pesanan selesai berakhir 10 Nov 2026, 12.30 WIB.');
    expect(screen.queryByRole('button', { name: 'Ajukan Retur' })).not.toBeInTheDocument();
  });

  it('an order with a return still open links to that return', async () => {
    serve(returnable({ refusal: 'RETURN_ALREADY_OPEN' }));
    renderRequest();
    expect(await screen.findByText(ERROR_MESSAGES.RETURN_ALREADY_OPEN)).toBeInTheDocument();
    expect(screen.getByTestId('return-open-link')).toHaveAttribute('href', `/retur/detail/${SHP}/pickup`);
  });

  it('another store’s order (404) is not found; a failed load offers a retry', async () => {
    mockFetch().on('GET', RETURNABLE, fail(404, 'ORDER_NOT_FOUND', 'Order tidak ditemukan')).on('GET', REASONS, ok(returnReasons));
    renderRequest();
    expect(await screen.findByText('Pesanan tidak ditemukan')).toBeInTheDocument();
  });
});
