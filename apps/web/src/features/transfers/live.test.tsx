import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { forgetPersistedQueries, startQueryPersistence } from '@/shared/offline/query-persistence';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { renderWithQuery, testQueryClient } from '@/test/render';
import { transferKeys, type TransferListParams } from './query-keys';
import { ID_TBSMS, MAT_NO, PIN, QR, incoming, page, transferCount, transferEvent, transferItem } from './transfers-test-kit';
import { readSecret, saveSecret } from './utils/secret-store';

const LIST: TransferListParams = { side: 'in', status: 'new', q: '', startDate: null, endDate: null, size: 20 };
/** What the receiving phone has read of the locked transfer: its detail both ways, the list it sits in, the counts. */
const KEPT: Array<[QueryKey, unknown]> = [
  [transferKeys.detail(MAT_NO), incoming({ locked: true, pinTriesLeft: 0 })],
  [transferKeys.byTbsms(ID_TBSMS), incoming({ locked: true, pinTriesLeft: 0 })],
  [transferKeys.list(LIST), { pages: [page([transferItem({ side: 'in', locked: true })])], pageParams: [1] }],
  [transferKeys.count(), transferCount()],
];
const invalidated = (client: QueryClient) => KEPT.map(([key]) => client.getQueryState(key)?.isInvalidated ?? null);

beforeEach(() => installFakeEventSource());
afterEach(() => vi.unstubAllGlobals());

describe('the transfers live declaration, applied by the shell’s subscriber', () => {
  it('an unlock made on another phone marks the detail, the lists and the counts stale, in memory and in the copy the phone keeps', async () => {
    await forgetPersistedQueries();
    const queryClient = testQueryClient();
    const persistence = startQueryPersistence(queryClient);
    await persistence.restored;
    for (const [key, data] of KEPT) queryClient.setQueryData(key, data);
    renderWithQuery(<p>home</p>, queryClient);
    expect(invalidated(queryClient)).toEqual([false, false, false, false]);

    // No MAT screen is open: the shell hears it anyway (on the receiving store's stream).
    emitEvent('transfer.unlocked', { ...transferEvent('unlocked', { actorName: 'Dewi Lestari' }), storeCode: 'T002' });
    await vi.waitFor(() => expect(invalidated(queryClient)).toEqual([true, true, true, true]));

    // The kept copy says so too: a reload (offline or not) reads them again rather than trusting "locked".
    await vi.waitFor(
      async () => {
        const reloaded = new QueryClient();
        await startQueryPersistence(reloaded).restored;
        expect(invalidated(reloaded)).toEqual([true, true, true, true]);
      },
      { timeout: 4000 },
    );
    persistence.stop();
  });

  it('a transfer that left `new` takes its PIN off the phone', async () => {
    saveSecret(MAT_NO, ID_TBSMS, { pin: PIN, qr: QR });
    renderWithQuery(<p>home</p>);
    emitEvent('transfer.unlocked', transferEvent('unlocked'));
    expect(readSecret(MAT_NO)).not.toBeNull();
    emitEvent('transfer.confirmed', { ...transferEvent('confirmed', { matStatus: 'process' }), method: 'pin' });
    expect(readSecret(MAT_NO)).toBeNull();
  });
});
