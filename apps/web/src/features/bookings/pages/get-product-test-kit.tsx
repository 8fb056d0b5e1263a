/** What the booking detail page's test files share: its addresses, the page, the scanner, each action's test id, and a clean client per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BookingAction } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { BOOK_ID, renderPage } from '../bookings-test-kit';
import GetProductPage from './get-product-page';

export const DETAIL = `/api/bookings/${BOOK_ID}`;
export const action = (name: string) => `${DETAIL}/${name}`;

export const renderDetail = () =>
  renderPage(
    [
      { path: '/get-product/:id', element: <GetProductPage /> },
      { path: '/booking-list-kelurahan', element: <p>pilih toko</p> },
      { path: '/booking-list-product', element: <p>daftar booking</p> },
    ],
    `/get-product/${BOOK_ID}`,
  );

/** Types a code into the scanner's field and sends it, as a crew member without a scanner would. */
export async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('Ketik barcode'), `${code}{Enter}`);
}

/** What each action shows on the page. */
export const ACTION_TEST_IDS: Record<BookingAction, string> = {
  take: 'booking-take',
  refuse: 'booking-refuse',
  reoffer: 'booking-reoffer',
  receive: 'receive-panel',
  cancel: 'booking-cancel',
};


/** The hooks every one of these test files shares. */
export function setUpGetProductTests() {
  beforeEach(() => {
    resetClientStateForTests();
    act(() => closeModal());
    installFakeEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());
}
