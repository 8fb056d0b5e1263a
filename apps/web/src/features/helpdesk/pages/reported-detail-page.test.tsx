import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderPage, SHP, ticketDetail, ticketList, ticketSummary } from '../helpdesk-test-kit';
import { helpdeskKeys } from '../query-keys';
import ReportedDetailPage from './reported-detail-page';

const DETAIL = '/api/helpdesk/tickets/4';
const COMMENTS = '/api/helpdesk/tickets/4/comments';
const renderDetail = () => renderPage([{ path: '/reported-detail/:mode/:id', element: <ReportedDetailPage mode="store" id={4} /> }], '/reported-detail/store/4');

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('reported detail (/reported-detail/…/:id)', () => {
  it('shows the ticket, its conversation and files', async () => {
    mockFetch().on(
      'GET',
      DETAIL,
      ok(
        ticketDetail({
          conversations: [
            { id: 1, userId: 1, userName: 'Budi Santoso', fromHelpdesk: false, body: 'Mohon dibantu.', attachments: [], createdAt: new Date().toISOString() },
            { id: 2, userId: 5, userName: 'Rina Wulandari', fromHelpdesk: true, body: 'Sedang kami cek.', attachments: [], createdAt: new Date().toISOString() },
          ],
          attachments: [{ id: 9, idAttachment: 9, commentId: null, fileName: 'layar.png', mime: 'image/png', size: 10, url: '/api/helpdesk/tickets/4/attachments/9', uploadedBy: 1, uploaderName: 'Budi', canDelete: true, createdAt: new Date().toISOString() }],
        }),
      ),
    );
    renderDetail();
    expect(await screen.findByTestId('ticket-comment-2')).toHaveAttribute('data-from', 'helpdesk');
    expect(screen.getByTestId('ticket-header')).toHaveTextContent(SHP);
    expect(screen.getByTestId('ticket-status-chip')).toHaveTextContent('Terbuka');
    expect(screen.getByRole('img', { name: 'layar.png' })).toHaveAttribute('src', '/api/helpdesk/tickets/4/attachments/9');
    expect(screen.getByTestId('ticket-attachment-delete-9')).toBeInTheDocument();
  });

  it('a failed reply opens the resubmit modal, which sends the same request with the same Idempotency-Key', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(ticketDetail()))
      .on('POST', COMMENTS, (_call, n) => (n === 1 ? 'network-error' : { status: 201, body: { message: 'Success', data: { id: 3 } } }));
    const user = userEvent.setup();
    renderDetail();
    await user.type(await screen.findByTestId('ticket-reply'), 'Sudah dicoba lagi.');
    await user.click(screen.getByTestId('ticket-reply-send'));
    const resend = await screen.findByRole('button', { name: 'Kirim ulang' });
    expect(screen.getByRole('dialog')).toHaveTextContent('Gagal mengirim');
    await user.click(resend);
    await waitFor(() => expect(server.callsTo(COMMENTS)).toHaveLength(2));
    const [first, second] = server.callsTo(COMMENTS);
    expect(first!.body).toEqual({ body: 'Sudah dicoba lagi.' });
    expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(await screen.findByText('Balasan terkirim.')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-reply')).toHaveValue('');
  });

  it('a refused reply (closed ticket) opens the resubmit modal with the server message; closing it keeps the text', async () => {
    mockFetch()
      .on('GET', DETAIL, ok(ticketDetail()))
      .on('POST', COMMENTS, fail(409, 'TICKET_CLOSED', 'Tiket sudah ditutup dan tidak dapat diubah lagi.'));
    const user = userEvent.setup();
    renderDetail();
    await user.type(await screen.findByTestId('ticket-reply'), 'Halo');
    await user.click(screen.getByTestId('ticket-reply-send'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Tiket sudah ditutup dan tidak dapat diubah lagi.');
    // The same request can never pass: no "Kirim ulang" offered.
    expect(screen.queryByRole('button', { name: 'Kirim ulang' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(screen.getByTestId('ticket-reply')).toHaveValue('Halo');
  });

  it('moves the status with PUT and shows the reply from the helpdesk live', async () => {
    let detail = ticketDetail();
    const server = mockFetch()
      .on('GET', DETAIL, () => ok(detail))
      .on('PUT', DETAIL, ok(ticketSummary({ status: 'closed' })));
    const user = userEvent.setup();
    const { queryClient } = renderDetail();
    const listKey = helpdeskKeys.list({ status: '', storeCode: 'T001', from: '', to: '', size: 20 });
    queryClient.setQueryData(listKey, { pages: [ticketList([ticketSummary(), ticketSummary({ id: 5 })])], pageParams: [1] });
    await user.click(await screen.findByTestId('ticket-move-closed'));
    await waitFor(() => expect(server.callsTo(DETAIL, 'PUT')[0]?.body).toEqual({ status: 'closed' }));
    // The list entry takes the returned status.
    await waitFor(() => expect(queryClient.getQueryData<{ pages: Array<{ items: Array<{ id: number; status: string }> }> }>(listKey)?.pages[0]!.items.map((i) => i.status)).toEqual(['closed', 'open']));
    detail = ticketDetail({ conversations: [...ticketDetail().conversations, { id: 7, userId: 5, userName: 'Rina Wulandari', fromHelpdesk: true, body: 'Sudah kami perbaiki.', attachments: [], createdAt: new Date().toISOString() }] });
    emitEvent('ticket.commented', { ticketId: 4, shipmentNo: SHP, status: 'open', actorName: 'Rina Wulandari', commentId: 7, attachmentCount: 0 });
    expect(await screen.findByText('Sudah kami perbaiki.')).toBeInTheDocument();
  });

  it('says when the ticket is not the store\'s (404)', async () => {
    mockFetch().on('GET', DETAIL, fail(404, 'TICKET_NOT_FOUND', 'Tiket tidak ditemukan.'));
    renderDetail();
    expect(await screen.findByText('Tiket tidak ditemukan atau bukan milik toko Anda.')).toBeInTheDocument();
  });
});
