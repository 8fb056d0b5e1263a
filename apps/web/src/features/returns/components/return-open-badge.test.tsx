import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithQuery } from '@/test/render';
import { SHP, returnCount } from '../returns-test-kit';
import ReturnOpenBadge from './return-open-badge';

const COUNT = '/api/returns/count';
const query = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('home badge of returns waiting for a decision', () => {
  it('shows the requested returns of the store it is given (what the Diajukan list it opens shows), and follows returns live', async () => {
    let counts = returnCount({ requested: 2, approved: 1, refunded: 9 });
    const server = mockFetch().on('GET', COUNT, () => ok(counts));
    renderWithQuery(<ReturnOpenBadge storeCode="T001" />);
    const badge = await screen.findByTestId('return-open-badge');
    // Issue 25: the tile opens /retur/list/requested; approved ones are another list.
    expect(badge).toHaveTextContent('2');
    expect(badge).toHaveTextContent('2 retur diajukan');
    expect(query(server.callsTo(COUNT)[0]!)).toEqual({ storeCode: 'T001' });

    counts = returnCount({ requested: 3, approved: 1 });
    emitEvent('return.requested', { shipmentNo: SHP, orderNo: 'AGF1', returnId: 9, status: 'requested', actorName: 'Sinta', reason: 'Barang rusak' });
    await waitFor(() => expect(screen.getByTestId('return-open-badge')).toHaveTextContent('3'));
  });

  it('shows nothing without requested returns', async () => {
    const server = mockFetch().on('GET', COUNT, ok(returnCount({ approved: 2, refunded: 4 })));
    renderWithQuery(<ReturnOpenBadge storeCode="T001" />);
    await waitFor(() => expect(server.callsTo(COUNT)).toHaveLength(1));
    expect(screen.queryByTestId('return-open-badge')).not.toBeInTheDocument();
  });
});
