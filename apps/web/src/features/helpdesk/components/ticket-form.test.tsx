import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { FakeXhr } from '@/test/fake-xhr';
import { renderPage, SHP } from '../helpdesk-test-kit';
import HelpCenterPage from '../pages/help-center-page';

// The ticket form's fields against the field truth: a long text is never cut, a file the
// server would refuse is refused on the phone and never sent, a refusal that can never pass offers
// another file (never "Kirim ulang"), and the upload's progress stays in view in the action bar.

const PROBLEMS = '/api/helpdesk/problems';
const TICKETS = '/api/helpdesk/tickets';
const problems = { items: [{ id: 1, label: 'Status pesanan tidak berubah' }] };
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

/** XMLHttpRequest (the files' transport, for its progress) held open until the test answers it. */
class HeldXhr extends FakeXhr {
  static sent: HeldXhr[] = [];
  override send() {
    HeldXhr.sent.push(this);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
  }
}

function renderForm() {
  return renderPage([{ path: '/help-center/*', element: <HelpCenterPage mode="create" shipmentNo={SHP} side="store" storeCode="T001" staffName="Budi Santoso" /> }], `/help-center/create/${SHP}`);
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Status pesanan tidak berubah' });
  await user.selectOptions(screen.getByTestId('ticket-problem'), '1');
  await user.type(screen.getByTestId('ticket-description'), 'Foto layar terlampir.');
}

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
  HeldXhr.sent = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('the ticket form', () => {
  it('keeps a description over the limit whole: counter, refusal, no send until it is shortened', async () => {
    const server = mockFetch().on('GET', PROBLEMS, ok(problems));
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: 'Status pesanan tidak berubah' });
    await user.selectOptions(screen.getByTestId('ticket-problem'), '1');
    const description = screen.getByTestId('ticket-description');
    expect(screen.getByTestId('ticket-description-counter')).toHaveTextContent('0 / 2000');
    const long = `${'Pesanan tidak bisa dipindai di kasir. '.repeat(55)}akhir`;
    await user.click(description);
    await user.paste(long);
    expect(description).toHaveValue(long);
    expect(screen.getByTestId('ticket-description-counter')).toHaveTextContent(`${long.length} / 2000`);
    expect(screen.getByTestId('ticket-description-too-long')).toHaveTextContent(`Terlalu panjang: ${long.length} dari maksimal 2000 karakter. Hapus ${long.length - 2000} karakter agar bisa dikirim.`);
    expect(screen.getByTestId('ticket-submit')).toBeDisabled();
    await user.type(description, '{Enter}');
    expect(server.callsTo(TICKETS, 'POST')).toHaveLength(0);
  });

  it('refuses a 10 MB file on the phone: not listed, never sent, another file offered', async () => {
    const server = mockFetch().on('GET', PROBLEMS, ok(problems));
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    const user = userEvent.setup();
    renderForm();
    await fillForm(user);
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set(PNG_HEAD);
    await user.upload(screen.getByTestId('ticket-file-input'), new File([big], 'layar-besar.png', { type: 'image/png' }));
    const refused = await screen.findByTestId('ticket-file-refused');
    expect(refused).toHaveTextContent('layar-besar.png: Ukuran lampiran terlalu besar (maksimal 5 MB per file).');
    expect(within(screen.getByTestId('ticket-files')).getByText('Pilih file lain')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hapus layar-besar.png dari daftar' })).not.toBeInTheDocument();
    // Nothing was sent; a ticket sent now goes without the file.
    expect(HeldXhr.sent).toHaveLength(0);
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the upload’s progress in the action bar; the server’s refusal of a file offers another file, a lost upload "Kirim ulang"', async () => {
    mockFetch().on('GET', PROBLEMS, ok(problems));
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    const user = userEvent.setup();
    renderForm();
    await fillForm(user);
    await user.upload(screen.getByTestId('ticket-file-input'), new File([PNG_HEAD], 'layar.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: 'Hapus layar.png dari daftar' })).toBeInTheDocument();
    await user.click(screen.getByTestId('ticket-submit'));
    await waitFor(() => expect(HeldXhr.sent).toHaveLength(1));
    // In the sticky bar, right above its button: never under it.
    const progress = await screen.findByTestId('ticket-upload-progress');
    expect(progress.parentElement).toContainElement(screen.getByTestId('ticket-submit'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    act(() => HeldXhr.sent[0]!.answer(413, { code: 'TICKET_ATTACHMENT_TOO_LARGE', message: 'Ukuran lampiran terlalu besar (maksimal 5 MB per file).' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('File tidak dapat dikirim');
    expect(within(dialog).queryByRole('button', { name: 'Kirim ulang' })).not.toBeInTheDocument();
    const pick = vi.spyOn(screen.getByTestId('ticket-file-input'), 'click');
    await user.click(within(dialog).getByRole('button', { name: 'Pilih file lain' }));
    expect(pick).toHaveBeenCalled();
    expect(screen.getByTestId('ticket-description')).toHaveValue('Foto layar terlampir.');

    await user.click(screen.getByTestId('ticket-submit'));
    await waitFor(() => expect(HeldXhr.sent).toHaveLength(2));
    act(() => HeldXhr.sent[1]!.onerror?.());
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('button', { name: 'Kirim ulang' })).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Pilih file lain' })).not.toBeInTheDocument();
  });
});
