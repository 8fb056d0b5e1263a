import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithQuery } from '@/test/render';
import { bookingCount, bookingEvent } from '../bookings-test-kit';
import BookingRequestBadge from './booking-request-badge';

const COUNT = '/api/bookings/count';

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('home badge of booking requests', () => {
  it('shows the requests waiting for my store, and follows bookings live', async () => {
    let counts = bookingCount({ incomingWaiting: 2, outgoingWaiting: 5 });
    mockFetch().on('GET', COUNT, () => ok(counts));
    renderWithQuery(<BookingRequestBadge storeCode="T001" />);
    const badge = await screen.findByTestId('booking-request-badge');
    expect(badge).toHaveTextContent('2');
    expect(badge).toHaveTextContent('2 permintaan booking menunggu');

    counts = bookingCount({ incomingWaiting: 3 });
    emitEvent('booking.requested', { ...bookingEvent({ status: 1131, storeTaken: null, stockTaken: null }), action: 'requested' });
    await waitFor(() => expect(screen.getByTestId('booking-request-badge')).toHaveTextContent('3'));
  });

  it('shows nothing without waiting requests', async () => {
    const server = mockFetch().on('GET', COUNT, ok(bookingCount({ outgoingRefused: 2 })));
    renderWithQuery(<BookingRequestBadge storeCode="T001" />);
    await waitFor(() => expect(server.callsTo(COUNT)).toHaveLength(1));
    expect(screen.queryByTestId('booking-request-badge')).not.toBeInTheDocument();
  });
});
