import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithQuery } from '@/test/render';
import { transferCount, transferEvent } from '../transfers-test-kit';
import MatIncomingBadge from './mat-incoming-badge';

const COUNT = '/api/transfers/count';
const receiving = (totalNew: number) => transferCount({ receiver: { totalNew, totalProcess: 0, totalFinish: 4, totalCancel: 0 } });

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe("home's MAT badge", () => {
  it('counts the transfers waiting to be received, and follows a transfer sent to the store at once', async () => {
    let current = receiving(2);
    mockFetch().on('GET', COUNT, () => ok(current));
    renderWithQuery(<MatIncomingBadge />);
    expect(await screen.findByTestId('mat-incoming-badge')).toHaveTextContent('2 MAT masuk menunggu diterima');
    current = receiving(3);
    emitEvent('transfer.sent', { ...transferEvent('sent'), lineCount: 2, qtySent: 5, storeCode: 'T002' });
    await waitFor(() => expect(screen.getByTestId('mat-incoming-badge')).toHaveTextContent('3'));
    current = receiving(0);
    emitEvent('transfer.confirmed', { ...transferEvent('confirmed', { matStatus: 'process' }), method: 'pin', storeCode: 'T002' });
    await waitFor(() => expect(screen.queryByTestId('mat-incoming-badge')).not.toBeInTheDocument());
  });
});
