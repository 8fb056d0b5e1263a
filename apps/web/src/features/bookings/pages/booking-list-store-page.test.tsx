import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { BOOK_ID, bookingCount, bookingItem, page, queryOf, renderPage, storeGroup } from '../bookings-test-kit';
import BookingListStorePage from './booking-list-store-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const GROUPS = '/api/bookings/by-store';
const LIST = '/api/bookings';
const COUNT = '/api/bookings/count';

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('booking list by store (/booking-list-store)', () => {
  it('groups by the other store (where it is, how far), and opens the bookings with it', async () => {
    const server = mockFetch()
      .on('GET', GROUPS, ok(page([storeGroup()])))
      .on('GET', LIST, ok(page([bookingItem({ status: 1133, storeTaken: 'T002', stockTaken: 2 })])))
      .on('GET', COUNT, ok(bookingCount()));
    const user = userEvent.setup();
    renderPage([{ path: '/booking-list-store', element: <BookingListStorePage /> }], '/booking-list-store?direction=out');
    const card = await screen.findByTestId('store-group-T002');
    expect(card).toHaveTextContent('Toko Bangka Raya');
    expect(card).toHaveTextContent('T002 · Bangka, Mampang Prapatan');
    expect(within(card).getByTestId('store-group-distance')).toHaveTextContent('1,3 km');
    expect(card).toHaveTextContent('Satu kelurahan');
    expect(within(card).getByTestId('group-total')).toHaveTextContent('2 booking');
    expect(queryOf(server.callsTo(GROUPS)[0]!)).toEqual({ direction: 'out', page: '1', size: '20' });

    await user.click(card);
    expect(screen.getByTestId('where')).toHaveTextContent('/booking-list-store?direction=out&storeCode=T002');
    const booking = await screen.findByTestId(`booking-card-${BOOK_ID}`);
    expect(queryOf(server.callsTo(LIST)[0]!)).toEqual({ direction: 'out', storeCode: 'T002', page: '1', size: '20' });
    expect(screen.getByTestId('booking-group-name')).toHaveTextContent('Toko Bangka Raya');
    expect(within(booking).getByTestId('booking-card-store-taken')).toHaveTextContent('T002');
    expect(within(booking).getByTestId('booking-card-stock-taken')).toHaveTextContent('2');
    expect(screen.getByTestId('booking-group-all')).toHaveAttribute('href', '/booking-list-store?direction=out');
  });
});
