import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { forgetPersistedQueries, PERSISTED_MAX_AGE_MS, startQueryPersistence } from './query-persistence';

const detailKey = ['orders', 'detail', 'SHP1'];

async function keptByAnEarlierPage(data: unknown) {
  const earlier = new QueryClient();
  const { restored, stop } = startQueryPersistence(earlier);
  await restored;
  earlier.setQueryData(detailKey, data);
  // The save follows a second after the cache settles.
  await vi.waitFor(async () => {
    const next = new QueryClient();
    await startQueryPersistence(next).restored;
    expect(next.getQueryData(detailKey)).toEqual(data);
  }, { timeout: 3000 });
  stop();
}

describe('the query cache kept on the phone', () => {
  it('comes back in the next page, offline', async () => {
    await forgetPersistedQueries();
    await keptByAnEarlierPage({ shipmentNo: 'SHP1', statusId: 1102 });
    const next = new QueryClient();
    await startQueryPersistence(next).restored;
    expect(next.getQueryData(detailKey)).toEqual({ shipmentNo: 'SHP1', statusId: 1102 });
  });

  it('brings back what it kept as stale: a screen reads it again before taking it as the truth', async () => {
    await forgetPersistedQueries();
    await keptByAnEarlierPage({ shipmentNo: 'SHP1', statusId: 1102 });
    const next = new QueryClient();
    await startQueryPersistence(next).restored;
    // Read a moment ago (well within any staleTime), yet not fresh: the change that followed may not be in it.
    expect(next.getQueryState(detailKey)).toMatchObject({ isInvalidated: true, data: { statusId: 1102 } });
  });

  it('does not replace what the network already brought', async () => {
    await forgetPersistedQueries();
    await keptByAnEarlierPage({ statusId: 1102 });
    const next = new QueryClient();
    next.setQueryData(detailKey, { statusId: 1103 });
    await startQueryPersistence(next).restored;
    expect(next.getQueryData(detailKey)).toEqual({ statusId: 1103 });
  });

  it('is dropped after a shift, and when the member signs out', async () => {
    await forgetPersistedQueries();
    await keptByAnEarlierPage({ statusId: 1102 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + PERSISTED_MAX_AGE_MS + 1);
    const later = new QueryClient();
    await startQueryPersistence(later).restored;
    expect(later.getQueryData(detailKey)).toBeUndefined();
    vi.restoreAllMocks();

    await keptByAnEarlierPage({ statusId: 1102 });
    await forgetPersistedQueries();
    const after = new QueryClient();
    await startQueryPersistence(after).restored;
    expect(after.getQueryData(detailKey)).toBeUndefined();
  });
});
