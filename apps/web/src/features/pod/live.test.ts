import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PodMyRequests, PodRequestList } from '@gerai/contract';
import { podRequestList, podRequestSummary } from '@/test/fixtures';
import { applyLive, streamEvent } from '@/test/live';
import { podLive } from './live';
import { podKeys } from './query-keys';

const SHP = 'SHP2611224355428';
const listKey = podKeys.list({ status: 'pending', startDate: null, endDate: null, shipmentNo: '', size: 20 });

/** A phone's saved copy: the crew's return POD requests and the queue, neither on screen. */
function savedCopy() {
  const client = new QueryClient();
  const request = podRequestSummary({ id: 7, shipmentNo: SHP, type: 'retur' });
  client.setQueryData<PodMyRequests>(podKeys.orderRequests(SHP, 'retur'), { items: [request] });
  client.setQueryData<InfiniteData<PodRequestList>>(listKey, { pages: [podRequestList([request])], pageParams: [1] });
  return client;
}

describe('a POD decision reaches the saved copy', () => {
  it('writes a rejection into the cached requests (the order’s and the queue’s), and marks them stale', () => {
    const client = savedCopy();
    const rejectReason = { id: 1, label: 'Foto kurang jelas', text: null, display: 'Foto kurang jelas' };
    applyLive(client, [podLive], streamEvent('pod.rejected', { shipmentNo: SHP, orderNo: 'X', requestId: 7, type: 'retur', deciderName: 'Agus Setiawan', requestedBy: 1, rejectReason }));
    expect(client.getQueryData<PodMyRequests>(podKeys.orderRequests(SHP, 'retur'))!.items[0]).toMatchObject({ status: 'rejected', decidedByName: 'Agus Setiawan', rejectReason });
    expect(client.getQueryData<InfiniteData<PodRequestList>>(listKey)!.pages[0]!.items[0]).toMatchObject({ status: 'rejected' });
    expect(client.getQueryState(listKey)!.isInvalidated).toBe(true);
    expect(client.getQueryState(podKeys.orderRequests(SHP, 'retur'))!.isInvalidated).toBe(true);
  });

  it('writes an approval and a system close; another request is left alone', () => {
    const client = savedCopy();
    applyLive(client, [podLive], streamEvent('pod.approved', { shipmentNo: SHP, orderNo: 'X', requestId: 8, type: 'retur', deciderName: 'Agus Setiawan', distanceM: 300 }));
    expect(client.getQueryData<PodMyRequests>(podKeys.orderRequests(SHP, 'retur'))!.items[0]!.status).toBe('pending');
    applyLive(client, [podLive], streamEvent('pod.approved', { shipmentNo: SHP, orderNo: 'X', requestId: 7, type: 'retur', deciderName: 'Agus Setiawan', distanceM: 300 }));
    expect(client.getQueryData<PodMyRequests>(podKeys.orderRequests(SHP, 'retur'))!.items[0]).toMatchObject({ status: 'approved', decidedByName: 'Agus Setiawan' });
    const closed = savedCopy();
    applyLive(closed, [podLive], streamEvent('pod.closed', { shipmentNo: SHP, orderNo: 'X', requestId: 7, type: 'retur', reason: 'Ditutup otomatis: barang retur sudah diambil di lokasi pelanggan.' }));
    expect(closed.getQueryData<PodMyRequests>(podKeys.orderRequests(SHP, 'retur'))!.items[0]).toMatchObject({ status: 'rejected', rejectReason: { display: 'Ditutup otomatis: barang retur sudah diambil di lokasi pelanggan.' } });
  });
});
