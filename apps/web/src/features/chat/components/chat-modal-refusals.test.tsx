import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@gerai/contract';
import type { RefusalTable } from '@/shared/api/refusal';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { chatRoom } from '../chat-test-kit';
import { CHAT_REFUSALS, type ChatRefusal } from '../refusals';
import { ROOM_URL, PNG_HEAD, renderModal, setUpChatModalTests } from './chat-modal-test-kit';

setUpChatModalTests();

describe('the chat’s refusals land where CHAT_REFUSALS says', () => {
  const entries = Object.entries(CHAT_REFUSALS as RefusalTable<ChatRefusal>) as [ErrorCode, ChatRefusal][];

  it.each(entries.filter(([, e]) => e.show === 'form'))('%s: above the composer', async (code, entry) => {
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom()))
      .on('POST', `${ROOM_URL}/messages`, fail(ERROR_HTTP_STATUS[code], code, ERROR_MESSAGES[code], [{ path: 'body', message: 'Rincian dari server.' }]));
    renderModal();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Tulis pesan' }), 'Halo{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${ERROR_MESSAGES[code]} Rincian dari server.`);
    expect(screen.queryByTestId('chat-photo-problem')).not.toBeInTheDocument();
    // A stale refusal reads the room again.
    if (entry.stale) await waitFor(() => expect(server.callsTo(ROOM_URL, 'GET').length).toBeGreaterThan(1));
  });

  it.each(entries.filter(([, e]) => e.show === 'field'))('%s: in the photo’s slot, offering another file', async (code) => {
    const server = mockFetch()
      .on('GET', ROOM_URL, ok(chatRoom()))
      .on('POST', '/api/uploads', fail(ERROR_HTTP_STATUS[code], code, ERROR_MESSAGES[code]));
    const { container } = renderModal();
    await screen.findByRole('button', { name: 'Kirim foto' });
    await userEvent.upload(container.ownerDocument.querySelector<HTMLInputElement>('[data-testid="chat-photo-input"]')!, new File([PNG_HEAD], 'rak.png', { type: 'image/png' }));
    const slot = await screen.findByTestId('chat-photo-problem');
    expect(slot).toHaveTextContent(`Foto ini tidak dapat dikirim. ${ERROR_MESSAGES[code]}`);
    expect(within(slot).getByRole('button', { name: 'Pilih file lain' })).toBeInTheDocument();
    expect(server.callsTo(`${ROOM_URL}/messages`, 'POST')).toEqual([]);
  });
});
