import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { mockFetch, ok } from '@/test/fetch-mock';
import { testQueryClient } from '@/test/render';
import { podKeys } from '../query-keys';
import { prefetchScanGoRequests } from './get-order-pod-requests';

afterEach(() => vi.unstubAllGlobals());

describe('scan and go opened at start (prefetchScanGoRequests)', () => {
  const SHP = 'SHP2511220000001';
  const mine = { items: [] };

  it("asks for the order's POD requests with the screen's code, under the screen's query key", async () => {
    const server = mockFetch().on('GET', '/api/pod/requests/mine', ok(mine));
    const queryClient = testQueryClient();
    prefetchScanGoRequests(queryClient, `/order/detail-scan-go/1103/${SHP}/delivery`);
    await waitFor(() => expect(queryClient.getQueryData(podKeys.orderRequests(SHP, 'order'))).toEqual(mine));
    const asked = new URL(server.calls[0]!.url, 'http://x').searchParams;
    expect([asked.get('shipmentNo'), asked.get('type')]).toEqual([SHP, 'order']);
  });

  it('asks for nothing on the order detail or another screen', async () => {
    const server = mockFetch().on('GET', '/api/pod/requests/mine', ok(mine));
    prefetchScanGoRequests(testQueryClient(), `/order/detail/1103/${SHP}/delivery`);
    prefetchScanGoRequests(testQueryClient(), '/list-proses');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toHaveLength(0);
  });
});
