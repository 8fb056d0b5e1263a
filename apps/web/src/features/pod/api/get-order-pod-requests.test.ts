import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { appConfigKeys } from '@/shared/config/app-config';
import { mockFetch, ok } from '@/test/fetch-mock';
import { appConfig } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { podKeys } from '../query-keys';
import { prefetchScanGoData } from './get-order-pod-requests';

afterEach(() => vi.unstubAllGlobals());

describe('scan and go opened at start (prefetchScanGoData)', () => {
  const SHP = 'SHP2511220000001';
  const mine = { items: [] };

  it("asks for the order's POD requests and the POD limits with the screen's code, under the screen's query keys", async () => {
    const config = appConfig();
    const server = mockFetch().on('GET', '/api/pod/requests/mine', ok(mine)).on('GET', '/api/app-config', ok(config));
    const queryClient = testQueryClient();
    prefetchScanGoData(queryClient, `/order/detail-scan-go/1103/${SHP}/delivery`);
    await waitFor(() => expect(queryClient.getQueryData(podKeys.orderRequests(SHP, 'order'))).toEqual(mine));
    await waitFor(() => expect(queryClient.getQueryData(appConfigKeys.config())).toEqual(config));
    const asked = new URL(server.callsTo('/api/pod/requests/mine')[0]!.url, 'http://x').searchParams;
    expect([asked.get('shipmentNo'), asked.get('type')]).toEqual([SHP, 'order']);
  });

  it('asks for nothing on the order detail or another screen', async () => {
    const server = mockFetch().on('GET', '/api/pod/requests/mine', ok(mine)).on('GET', '/api/app-config', ok(appConfig()));
    prefetchScanGoData(testQueryClient(), `/order/detail/1103/${SHP}/delivery`);
    prefetchScanGoData(testQueryClient(), '/list-proses');
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls).toHaveLength(0);
  });
});
