import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import type { ReturnDetail, ReturnList } from '@gerai/contract';
import { applyLive, streamEvent } from '@/test/live';
import { returnDetail, returnSummary, SHP } from './returns-test-kit';
import { returnKeys } from './query-keys';
import { returnsLive } from './live';

const listKey = returnKeys.list({ status: 'approved', query: '', size: 20 });
const collected = streamEvent('return.collected', { shipmentNo: SHP, orderNo: 'AGF261120000555', returnId: 7, status: 'collected', actorName: 'Agus Setiawan', distanceM: 300 });

describe('a return step taken on another phone reaches the saved copy', () => {
  it('writes the new status into the cached detail (its old actions cleared) and the cached lists', () => {
    const client = new QueryClient();
    client.setQueryData<ReturnDetail>(returnKeys.detail(SHP), returnDetail({ status: 'approved', deliveryType: 1, actions: ['collect'] }));
    client.setQueryData<InfiniteData<ReturnList>>(listKey, { pages: [{ items: [returnSummary({ status: 'approved' })], page: 1, size: 20, total: 1 } as unknown as ReturnList], pageParams: [1] });
    applyLive(client, [returnsLive], collected);
    expect(client.getQueryData<ReturnDetail>(returnKeys.detail(SHP))).toMatchObject({ status: 'collected', actions: [] });
    expect(client.getQueryData<InfiniteData<ReturnList>>(listKey)!.pages[0]!.items[0]!.status).toBe('collected');
  });

  it('leaves a detail on screen to its page (which says who moved it)', () => {
    const client = new QueryClient();
    client.setQueryData<ReturnDetail>(returnKeys.detail(SHP), returnDetail({ status: 'approved', deliveryType: 1, actions: ['collect'] }));
    // A mounted page observes the query.
    const unsubscribe = new QueryObserver(client, { queryKey: returnKeys.detail(SHP), enabled: false }).subscribe(() => {});
    applyLive(client, [returnsLive], collected);
    expect(client.getQueryData<ReturnDetail>(returnKeys.detail(SHP))!.status).toBe('approved');
    unsubscribe();
  });
});
