/** What the chat modal's test files share: the room's address, the open modal, its states and bubbles, and a clean client per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { CLOSED_MODAL } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { renderWithRouter } from '@/test/render';
import { ORDER_NO, SHIPMENT } from '../chat-test-kit';
import { ChatModal } from './chat-modal';

export const ROOM_URL = `/api/chat/rooms/${SHIPMENT}`;
/** A PNG's signature: what the phone's check reads a file's type by. */
export const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
export const finish = vi.fn();

export function renderModal() {
  const modal = { ...CLOSED_MODAL, isShow: true, type: 'chat' as const, title: 'Chat Pelanggan', payload: { shipmentNo: SHIPMENT, orderNo: ORDER_NO } };
  return renderWithRouter([{ path: '*', element: <ChatModal modal={modal} finish={finish} titleId="t" descriptionId="d" /> }]);
}

export const states = () => screen.getAllByTestId('chat-state').map((s) => s.getAttribute('data-state'));
export const bubbles = () => screen.queryAllByTestId('chat-message').map((m) => `${m.getAttribute('data-sender')}: ${m.textContent}`);


/** The hooks every one of these test files shares. */
export function setUpChatModalTests() {
  beforeEach(() => {
    resetClientStateForTests();
    installFakeEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());
}
