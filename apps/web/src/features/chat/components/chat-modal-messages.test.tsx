import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ChatMessage } from '@gerai/contract';
import { CLOSED_MODAL } from '@/shared/modal/modal-store';
import { emitEvent } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithRouter } from '@/test/render';
import { chatMessage, chatRoom, ORDER_NO, SHIPMENT } from '../chat-test-kit';
import { ChatModal } from './chat-modal';
import { ROOM_URL, PNG_HEAD, finish, renderModal, states, bubbles, setUpChatModalTests } from './chat-modal-test-kit';

setUpChatModalTests();

describe('the chat modal', () => {
  it('opens the room on first use, sends a quick reply and follows it live to read, each message once', async () => {
    let room = chatRoom({ roomId: null });
    const server = mockFetch()
      .on('GET', ROOM_URL, () => ok(room))
      .on('POST', `${ROOM_URL}/${ORDER_NO}`, () => {
        room = chatRoom();
        return { status: 201, body: { message: 'Success', data: room } };
      })
      .on('POST', `${ROOM_URL}/messages`, (call) => {
        const { messageId, body } = call.body as { messageId: string; body: string };
        return { status: 201, body: { message: 'Success', data: chatMessage({ id: 11, clientId: messageId, body }) } };
      })
      .on('POST', `${ROOM_URL}/read`, () => ok({ roomId: 7, read: 1, unread: 0 }));
    renderModal();
    expect(await screen.findByTestId('chat-empty')).toHaveTextContent('Belum ada pesan');
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/${ORDER_NO}`, 'POST')).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Pesanan sedang disiapkan' }));
    await waitFor(() => expect(bubbles()).toEqual([expect.stringMatching(/^store: Pesanan sedang disiapkan/)]));
    const sent = server.callsTo(`${ROOM_URL}/messages`, 'POST')[0]!;
    const { messageId } = sent.body as { messageId: string };
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(states()).toEqual(['sent']));

    // The event of my own send, and its replay after a reconnect, add nothing.
    const mine: ChatMessage = chatMessage({ id: 11, clientId: messageId, body: 'Pesanan sedang disiapkan' });
    emitEvent('chat.message.created', { shipmentNo: SHIPMENT, roomId: 7, message: mine });
    emitEvent('chat.message.created', { shipmentNo: SHIPMENT, roomId: 7, message: mine });
    expect(bubbles()).toHaveLength(1);

    emitEvent('chat.message.state', { shipmentNo: SHIPMENT, roomId: 7, sender: 'store', messageIds: [11], state: 'delivered' });
    await waitFor(() => expect(states()).toEqual(['delivered']));
    expect(screen.getByLabelText('Diterima pelanggan')).toBeInTheDocument();
    emitEvent('chat.message.state', { shipmentNo: SHIPMENT, roomId: 7, sender: 'store', messageIds: [11], state: 'read' });
    await waitFor(() => expect(states()).toEqual(['read']));
    // A late "delivered" never moves it back.
    emitEvent('chat.message.state', { shipmentNo: SHIPMENT, roomId: 7, sender: 'store', messageIds: [11], state: 'delivered' });
    expect(states()).toEqual(['read']);

    // The customer answers: shown at once, and marked read because the room is open.
    const answer = chatMessage({ id: 12, clientId: '379:sim-1', sender: 'customer', body: 'Siap, saya tunggu', state: 'delivered', authorName: null });
    emitEvent('chat.message.created', { shipmentNo: SHIPMENT, roomId: 7, message: answer });
    emitEvent('chat.message.created', { shipmentNo: SHIPMENT, roomId: 7, message: answer });
    await waitFor(() => expect(bubbles()).toEqual([expect.stringMatching(/^store: Pesanan sedang disiapkan/), expect.stringMatching(/^customer: .*Siap, saya tunggu/)]));
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/read`, 'POST').map((c) => c.body)).toEqual([{ upToId: 12 }]));
    // Another shipment's chat is not this one.
    emitEvent('chat.message.created', { shipmentNo: 'SHP2511220000009', roomId: 8, message: chatMessage({ id: 13, sender: 'customer', body: 'Lain' }) });
    expect(bubbles()).toHaveLength(2);
  });

  it('keeps a message sent without a connection on the phone, shown waiting, and sends it once when it can', async () => {
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom()))
      .on('POST', `${ROOM_URL}/messages`, (call, n) => {
        if (n === 1) return 'network-error';
        const { messageId, body } = call.body as { messageId: string; body: string };
        return { status: 201, body: { message: 'Success', data: chatMessage({ id: 21, clientId: messageId, body }) } };
      });
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Kurir dalam perjalanan' }));
    await waitFor(() => expect(states()).toEqual(['pending']));
    expect(bubbles()).toEqual([expect.stringMatching(/^store: Kurir dalam perjalanan/)]);
    // The outbox tries again with the same message id and key: one message, now on the server.
    await waitFor(() => expect(states()).toEqual(['sent']), { timeout: 5000 });
    expect(bubbles()).toHaveLength(1);
    const tries = server.callsTo(`${ROOM_URL}/messages`, 'POST');
    expect(tries).toHaveLength(2);
    expect(tries[1]!.body).toEqual(tries[0]!.body);
    expect(tries[1]!.headers.get('Idempotency-Key')).toBe(tries[0]!.headers.get('Idempotency-Key'));
  });

  it('sends a photo: uploaded first, then attached to a message by its id', async () => {
    const upload = { id: '9b2f6a3e-5d1c-4e8f-8a7b-1c2d3e4f5a6b', mime: 'image/png' as const, size: 68, url: '/api/uploads/9b2f6a3e-5d1c-4e8f-8a7b-1c2d3e4f5a6b' };
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom()))
      .on('POST', '/api/uploads', { status: 201, body: { message: 'Success', data: upload } })
      .on('POST', `${ROOM_URL}/messages`, (call) => {
        const { messageId } = call.body as { messageId: string };
        return { status: 201, body: { message: 'Success', data: chatMessage({ id: 31, clientId: messageId, body: null, photo: upload }) } };
      });
    const { container } = renderModal();
    await screen.findByRole('button', { name: 'Kirim foto' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('[data-testid="chat-photo-input"]')!;
    await userEvent.upload(input, new File([PNG_HEAD], 'rak.png', { type: 'image/png' }));
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/messages`, 'POST')).toHaveLength(1));
    const sent = server.callsTo(`${ROOM_URL}/messages`, 'POST')[0]!.body as { photoId: string; body?: string };
    expect(sent.photoId).toBe(upload.id);
    expect(sent.body).toBeUndefined();
    expect(await screen.findByRole('img', { name: 'Foto dari Budi Santoso' })).toHaveAttribute('src', upload.url);
  });

  it('keeps a pasted text over the limit whole: the counter and the refusal show, nothing is sent until it is shortened', async () => {
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom()))
      .on('POST', `${ROOM_URL}/messages`, (call) => {
        const { messageId, body } = call.body as { messageId: string; body: string };
        return { status: 201, body: { message: 'Success', data: chatMessage({ id: 41, clientId: messageId, body }) } };
      });
    renderModal();
    const input = await screen.findByRole('textbox', { name: 'Tulis pesan' });
    const long = `${'Mohon maaf Kak, '.repeat(74)}kata-terakhir`;
    expect(long.length).toBe(1197);
    await userEvent.click(input);
    await userEvent.paste(long);
    // Nothing cut: every character is still there, the end included.
    expect(input).toHaveValue(long);
    expect(screen.getByTestId('chat-input-counter')).toHaveTextContent('1197 / 1000');
    expect(screen.getByTestId('chat-input-too-long')).toHaveTextContent('Terlalu panjang: 1197 dari maksimal 1000 karakter. Hapus 197 karakter agar bisa dikirim.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const send = screen.getByRole('button', { name: 'Kirim' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(server.callsTo(`${ROOM_URL}/messages`, 'POST')).toHaveLength(0);
    expect(input).toHaveValue(long);
    // Shortened to the limit, it goes.
    const fits = long.slice(0, 1000);
    await userEvent.clear(input);
    await userEvent.paste(fits);
    expect(screen.getByTestId('chat-input-counter')).toHaveTextContent('1000 / 1000');
    expect(screen.queryByTestId('chat-input-too-long')).not.toBeInTheDocument();
    await userEvent.click(send);
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/messages`, 'POST').map((c) => (c.body as { body: string }).body)).toEqual([fits]));
  });

  it('refuses a photo over the limit or not a photo on the phone, sends nothing and offers another file', async () => {
    const server = mockFetch().on('GET', ROOM_URL, ok(chatRoom()));
    const { container } = renderModal();
    await screen.findByRole('button', { name: 'Kirim foto' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('[data-testid="chat-photo-input"]')!;
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG_HEAD);
    await userEvent.upload(input, new File([big], 'besar.png', { type: 'image/png' }));
    const problem = await screen.findByTestId('chat-photo-problem');
    expect(problem).toHaveTextContent('Foto ini tidak dapat dikirim.');
    expect(problem).toHaveTextContent('Ukuran file terlalu besar (maksimal 5 MB).');
    expect(within(problem).getByRole('button', { name: 'Pilih file lain' })).toBeInTheDocument();
    expect(within(problem).queryByRole('button', { name: 'Coba lagi' })).not.toBeInTheDocument();
    // A text file named .png is no photo, whatever the picker says.
    await userEvent.upload(input, new File(['bukan foto'], 'catatan.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('chat-photo-problem')).toHaveTextContent('Jenis file tidak didukung'));
    expect(server.callsTo('/api/uploads', 'POST')).toHaveLength(0);
    // "Pilih file lain" opens the picker again.
    const click = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Pilih file lain' }));
    expect(click).toHaveBeenCalled();
  });

  it('offers another file for the server’s refusal of the photo, and a retry of the same photo for a lost connection', async () => {
    const upload = { id: '9b2f6a3e-5d1c-4e8f-8a7b-1c2d3e4f5a6c', mime: 'image/png' as const, size: 12, url: '/api/uploads/9b2f6a3e-5d1c-4e8f-8a7b-1c2d3e4f5a6c' };
    let answer: 'refuse' | 'drop' | 'take' = 'refuse';
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom()))
      .on('POST', '/api/uploads', () =>
        answer === 'refuse' ? { status: 415, body: { code: 'UPLOAD_TYPE_UNSUPPORTED', message: 'x' } } : answer === 'drop' ? 'network-error' : { status: 201, body: { message: 'Success', data: upload } },
      )
      .on('POST', `${ROOM_URL}/messages`, (call) => {
        const { messageId } = call.body as { messageId: string };
        return { status: 201, body: { message: 'Success', data: chatMessage({ id: 51, clientId: messageId, body: null, photo: upload }) } };
      });
    const { container } = renderModal();
    await screen.findByRole('button', { name: 'Kirim foto' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('[data-testid="chat-photo-input"]')!;
    await userEvent.upload(input, new File([PNG_HEAD], 'rak.png', { type: 'image/png' }));
    const refused = await screen.findByTestId('chat-photo-problem');
    expect(refused).toHaveTextContent('Jenis file tidak didukung');
    expect(within(refused).getByRole('button', { name: 'Pilih file lain' })).toBeInTheDocument();

    answer = 'drop';
    await userEvent.upload(input, new File([PNG_HEAD], 'rak.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('chat-photo-problem')).toHaveTextContent('Foto gagal diunggah.'));
    expect(screen.queryByRole('button', { name: 'Pilih file lain' })).not.toBeInTheDocument();
    answer = 'take';
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/messages`, 'POST')).toHaveLength(1));
    expect(screen.queryByTestId('chat-photo-problem')).not.toBeInTheDocument();
    expect(server.callsTo('/api/uploads', 'POST')).toHaveLength(3);
  });

  it('sends typed text with Enter and says why a refusal happened', async () => {
    mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom({ items: [chatMessage({ id: 1, state: 'read' })] })))
      .on('POST', `${ROOM_URL}/messages`, { status: 409, body: { code: 'CHAT_READ_ONLY', message: 'x' } });
    renderModal();
    const input = await screen.findByRole('textbox', { name: 'Tulis pesan' });
    await userEvent.type(input, 'Mohon ditunggu{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pesanan sudah masuk riwayat. Chat hanya dapat dibaca, tidak dapat mengirim pesan lagi.');
    expect(input).toHaveValue('');
  });

  it('shows a history order’s chat read only: the messages, no way to write', async () => {
    const server = mockFetch().on('GET', ROOM_URL, ok(chatRoom({ readOnly: true, statusId: 1105, items: [chatMessage({ state: 'read' }), chatMessage({ id: 2, clientId: 'c2', sender: 'customer', body: 'Terima kasih', state: 'read', authorName: null })] })));
    renderModal();
    expect(await screen.findByTestId('chat-read-only')).toHaveTextContent('Chat hanya dapat dibaca');
    expect(within(screen.getByTestId('chat-messages')).getAllByTestId('chat-message')).toHaveLength(2);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pesanan sedang disiapkan' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the customer’s photo as it arrives live, and marks it read', async () => {
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom({ items: [chatMessage({ state: 'delivered' })] })))
      .on('POST', `${ROOM_URL}/read`, () => ok({ roomId: 7, read: 1, unread: 0 }));
    renderModal();
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    const photo = { id: '0f6c2a4e-2b7d-4f3a-9a51-1c2d3e4f5a6b', mime: 'image/png' as const, size: 812, url: '/api/uploads/0f6c2a4e-2b7d-4f3a-9a51-1c2d3e4f5a6b' };
    emitEvent('chat.message.created', { shipmentNo: SHIPMENT, roomId: 7, message: chatMessage({ id: 20, clientId: '379:sim-9', sender: 'customer', body: null, photo, state: 'delivered', authorName: null }) });
    const theirs = await screen.findByRole('img', { name: 'Foto dari Pelanggan' });
    expect(theirs).toHaveAttribute('src', photo.url);
    expect(theirs.closest('[data-testid="chat-message"]')).toHaveAttribute('data-sender', 'customer');
    // Loaded, the photo grows its bubble: the view follows it to the end.
    // jsdom has no scrollIntoView (the modal calls it if there is one): one for this check only.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      fireEvent.load(theirs);
      expect(scrolled).toHaveBeenCalledWith({ block: 'end' });
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
    // The room is open: the crew saw it, and the server is told up to it.
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/read`, 'POST').map((c) => c.body)).toContainEqual({ upToId: 20 }));
  });

  it('asks the server again each time it opens: what came while it was closed shows, and is read', async () => {
    let room = chatRoom({ items: [chatMessage({ state: 'read' })] });
    const server = mockFetch()
      .on('GET', ROOM_URL, () => ok(room))
      .on('POST', `${ROOM_URL}/read`, () => ok({ roomId: 7, read: 1, unread: 0 }));
    const first = renderModal();
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    first.unmount();
    // While closed, the customer answered (the order's badge said so); the cached room does not know.
    room = chatRoom({ items: [chatMessage({ state: 'read' }), chatMessage({ id: 5, clientId: '379:c-5', sender: 'customer', body: 'Sudah sampai mana?', state: 'delivered', authorName: null })], unread: 1 });
    renderWithRouter([{ path: '*', element: <ChatModal modal={{ ...CLOSED_MODAL, isShow: true, type: 'chat', title: 'Chat Pelanggan', payload: { shipmentNo: SHIPMENT, orderNo: ORDER_NO } }} finish={finish} titleId="t" descriptionId="d" /> }], { queryClient: first.queryClient });
    await waitFor(() => expect(bubbles()).toEqual([expect.stringMatching(/^store: Halo Kak/), expect.stringMatching(/^customer: .*Sudah sampai mana\?/)]));
    expect(server.callsTo(ROOM_URL)).toHaveLength(2);
    await waitFor(() => expect(server.callsTo(`${ROOM_URL}/read`, 'POST').map((c) => c.body)).toEqual([{ upToId: 5 }]));
  });

  it('shows a failed load with a retry', async () => {
    let failing = true;
    mockFetch().on('GET', ROOM_URL, () => (failing ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : ok(chatRoom())));
    renderModal();
    expect(await screen.findByText('Chat tidak dapat dimuat', {}, { timeout: 5000 })).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('chat-empty')).toBeInTheDocument();
  });
});
