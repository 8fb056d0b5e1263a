import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderPage, SHP, ticketList, ticketSummary } from '../helpdesk-test-kit';
import { FAQ_SHOWN } from '../components/faq-section';
import HelpCenterPage from './help-center-page';

const FAQS = '/api/helpdesk/faqs';
const PROBLEMS = '/api/helpdesk/problems';
const TICKETS = '/api/helpdesk/tickets';
const faqs = { items: [{ id: 1, question: 'Bagaimana cara klaim pesanan?', answer: 'Tekan tombol Ambil pada pesanan.' }] };
const problems = { items: [{ id: 1, label: 'Status pesanan tidak berubah' }, { id: 2, label: 'Barcode tidak terbaca' }] };

function renderHelpCenter(mode?: string, shipmentNo?: string) {
  const url = ['/help-center', mode, shipmentNo].filter(Boolean).join('/');
  return renderPage(
    [
      { path: '/help-center/*', element: <HelpCenterPage mode={mode} shipmentNo={shipmentNo} side="store" storeCode="T001" staffName="Budi Santoso" /> },
      { path: '/reported-detail/:mode/:id', element: <p>detail</p> },
    ],
    url,
  );
}

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('help center (/help-center)', () => {
  it('shows the FAQ (searched on the server, opened in the FAQ modal), the problems and the store tickets', async () => {
    const server = mockFetch().on('GET', FAQS, ok(faqs)).on('GET', PROBLEMS, ok(problems)).on('GET', TICKETS, ok(ticketList([ticketSummary()])));
    const user = userEvent.setup();
    renderHelpCenter();
    expect(await screen.findByTestId('ticket-card-4')).toHaveTextContent('Terbuka');
    expect(await screen.findByText('Barcode tidak terbaca')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Bagaimana cara klaim/ }));
    expect(await screen.findByTestId('faq-answer')).toHaveTextContent('Tekan tombol Ambil');
    await user.click(screen.getAllByRole('button', { name: 'Tutup' }).at(-1)!);
    await user.type(screen.getByTestId('faq-search'), 'klaim');
    await waitFor(() => expect(server.callsTo(FAQS).some((c) => c.url.includes('query=klaim'))).toBe(true));
  });

  it('holds the FAQ list\'s place while it loads: the same rows of the same height, so the cards below do not move', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const many = { items: Array.from({ length: 6 }, (_, i) => ({ id: i + 1, question: `Pertanyaan ${i + 1}?`, answer: `Jawaban ${i + 1}.` })) };
    mockFetch()
      .on('GET', FAQS, async () => (await held, ok(many)))
      .on('GET', PROBLEMS, ok(problems))
      .on('GET', TICKETS, ok(ticketList([])));
    const user = userEvent.setup();
    renderHelpCenter();
    const box = await screen.findByTestId('faq-box');
    const boxClass = box.className;
    const rows = within(box).getAllByTestId('faq-skeleton-row');
    expect(rows).toHaveLength(FAQ_SHOWN);
    const rowClass = (el: Element) => el.className.split(' ').find((c) => /^h-/.test(c));
    const skeletonRowHeight = rowClass(rows[0]!);
    expect(skeletonRowHeight).toBeTruthy();
    answer();
    const list = await screen.findByTestId('faq-list');
    // The loaded list fills the skeleton's box row for row: FAQ_SHOWN questions, each the skeleton row's height.
    expect(screen.getByTestId('faq-box').className).toBe(boxClass);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(FAQ_SHOWN);
    for (const li of items) expect(rowClass(li)).toBe(skeletonRowHeight);
    // The problems are one row of the skeleton's height, however many there are.
    expect(await screen.findByTestId('problems-row')).toHaveClass('h-8', 'overflow-x-auto');
    // The rest is one tap away, in the place kept for it.
    await user.click(screen.getByRole('button', { name: 'Lihat semua FAQ (6)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Tampilkan lebih sedikit' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('creates a ticket for the shipment of the route (JSON without files) and opens it', async () => {
    const server = mockFetch().on('GET', PROBLEMS, ok(problems)).on('POST', TICKETS, { status: 201, body: { message: 'Success', data: ticketSummary({ id: 12 }) } });
    const user = userEvent.setup();
    renderHelpCenter('create', SHP);
    expect(await screen.findByTestId('ticket-shipment')).toHaveValue(SHP);
    await screen.findByRole('option', { name: 'Barcode tidak terbaca' });
    await user.selectOptions(screen.getByTestId('ticket-problem'), '2');
    await user.type(screen.getByTestId('ticket-description'), 'Barcode tidak terbaca di kasir.');
    await user.click(screen.getByTestId('ticket-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/reported-detail/store/12'));
    expect(server.callsTo(TICKETS, 'POST')[0]!.body).toEqual({ shipmentNo: SHP, description: 'Barcode tidak terbaca di kasir.', staffName: 'Budi Santoso', problemId: 2 });
    expect(server.callsTo(TICKETS, 'POST')[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('a second active ticket for the shipment says so and leads to the help center (go-help-center)', async () => {
    mockFetch().on('GET', PROBLEMS, ok(problems)).on('POST', TICKETS, fail(409, 'SHIPMENT_HAS_ACTIVE_TICKET', 'Shipment ini masih memiliki tiket yang aktif.'));
    const user = userEvent.setup();
    renderHelpCenter('create', SHP);
    await screen.findByRole('option', { name: 'Status pesanan tidak berubah' });
    await user.selectOptions(screen.getByTestId('ticket-problem'), '1');
    await user.type(screen.getByTestId('ticket-description'), 'Masih bermasalah.');
    await user.click(screen.getByTestId('ticket-submit'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Shipment ini masih memiliki tiket yang aktif.');
    await user.click(screen.getByRole('button', { name: 'Ke Pusat Bantuan' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/help-center'));
  });

  it('refuses to send an incomplete form', async () => {
    const server = mockFetch().on('GET', PROBLEMS, ok(problems));
    const user = userEvent.setup();
    renderHelpCenter('create');
    await user.click(await screen.findByTestId('ticket-submit'));
    expect(await screen.findByText('Lengkapi no. shipment, jenis masalah dan ceritanya.')).toBeInTheDocument();
    expect(server.callsTo(TICKETS, 'POST')).toHaveLength(0);
  });
});
