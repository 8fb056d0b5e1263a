import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientStateForTests } from '@/shared/api/client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { testQueryClient } from '@/test/render';
import { transferKeys, type TransferListParams } from '../query-keys';
import { MAT_NO, page, transferDetail, transferItem } from '../transfers-test-kit';
import { transfersQueryOptions } from './get-transfers';

const PARAMS: TransferListParams = { side: 'out', status: 'finish', startDate: null, endDate: null, q: '', size: 20 };

beforeEach(() => resetClientStateForTests());
afterEach(() => vi.unstubAllGlobals());

describe('the transfer list corrects a kept detail', () => {
  it('marks a kept detail stale when the list shows its transfer moved on, and leaves one that did not', async () => {
    const client = testQueryClient();
    const other = 'MAT251122000042';
    // Both details kept from before the reload, fresh by their age; the first has been finished since.
    client.setQueryData(transferKeys.detail(MAT_NO), transferDetail({ matStatus: 'process' }));
    client.setQueryData(transferKeys.detail(other), transferDetail({ matNo: other, matStoreNo: other, matStatus: 'finish' }));
    mockFetch().on('GET', '/api/transfers', () => ok(page([transferItem({ matStatus: 'finish' }), transferItem({ matNo: other, matStoreNo: other, matStatus: 'finish' })])));
    await client.fetchInfiniteQuery(transfersQueryOptions(PARAMS));
    expect(client.getQueryState(transferKeys.detail(MAT_NO))?.isInvalidated).toBe(true);
    expect(client.getQueryState(transferKeys.detail(other))?.isInvalidated).toBe(false);
  });
});
