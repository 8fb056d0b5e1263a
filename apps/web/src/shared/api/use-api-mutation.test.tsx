import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { TestProviders, testQueryClient } from '@/test/render';
import { api } from './client';
import { replaceCached, useApiMutation, type MutationPlan } from './use-api-mutation';

afterEach(() => vi.unstubAllGlobals());

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <TestProviders queryClient={client}>{children}</TestProviders>;
}

function useSave(plan: MutationPlan<{ saved: boolean; storeCode?: string }, { storeCode: string }> = {}) {
  return useApiMutation<{ saved: boolean; storeCode?: string }, { storeCode: string }>({
    ...plan,
    mutationFn: ({ idempotencyKey, ...body }) => api.post('/members/me/store', body, { idempotencyKey }),
  });
}

describe('useApiMutation', () => {
  it('retries a network failure with backoff through TanStack Query, reusing the same Idempotency-Key', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', (_c, n) => (n < 3 ? 'network-error' : ok({ saved: true })));
    const { result } = renderHook(() => useSave(), { wrapper: wrapperFor(testQueryClient()) });

    act(() => result.current.mutate({ storeCode: 'T002' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    const calls = server.callsTo('/api/members/me/store');
    expect(calls).toHaveLength(3);
    const keys = new Set(calls.map((c) => c.headers.get('Idempotency-Key')));
    expect(keys.size).toBe(1);
    expect(calls.every((c) => (c.body as { storeCode: string }).storeCode === 'T002')).toBe(true);
    expect(calls[0]!.body).not.toHaveProperty('idempotencyKey');
  });

  it('gives each new user action its own key', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', ok({}));
    const { result } = renderHook(() => useSave(), { wrapper: wrapperFor(testQueryClient()) });
    await act(() => result.current.mutateAsync({ storeCode: 'T001' }));
    await act(() => result.current.mutateAsync({ storeCode: 'T001' }));
    const keys = server.callsTo('/api/members/me/store').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('returns the key it minted; resend sends the same action again with that key', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', ok({}));
    const { result } = renderHook(() => useSave(), { wrapper: wrapperFor(testQueryClient()) });
    let key = '';
    act(() => {
      key = result.current.mutate({ storeCode: 'T002' });
    });
    await waitFor(() => expect(server.callsTo('/api/members/me/store')).toHaveLength(1));
    await act(async () => result.current.resend({ storeCode: 'T002', idempotencyKey: key }));
    await waitFor(() => expect(server.callsTo('/api/members/me/store')).toHaveLength(2));
    expect(server.callsTo('/api/members/me/store').map((c) => c.headers.get('Idempotency-Key'))).toEqual([key, key]);
  });

  it('offers onError a resend with the same key (no silent retry when the screen asks for none), and refreshes on a refusal only', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', (_c, n) => (n === 1 ? 'network-error' : n === 2 ? fail(409, 'CONFLICT', 'x') : ok({})));
    const client = testQueryClient();
    const refetched = vi.spyOn(client, 'invalidateQueries');
    let again: (() => void) | null = null;
    const { result } = renderHook(
      () =>
        useApiMutation<unknown, { storeCode: string }>({
          retry: false,
          refetchOnError: { keys: [['me']], codes: 'refused' },
          onError: (_error, _vars, resend) => {
            again = resend;
          },
          mutationFn: ({ idempotencyKey, ...body }) => api.post('/members/me/store', body, { idempotencyKey }),
        }),
      { wrapper: wrapperFor(client) },
    );
    act(() => void result.current.mutate({ storeCode: 'T002' }));
    await waitFor(() => expect(again).not.toBeNull());
    expect(server.callsTo('/api/members/me/store')).toHaveLength(1);
    expect(refetched).not.toHaveBeenCalled();
    act(() => again!());
    await waitFor(() => expect(server.callsTo('/api/members/me/store')).toHaveLength(2));
    await waitFor(() => expect(refetched).toHaveBeenCalledWith({ queryKey: ['me'] }));
    const keys = server.callsTo('/api/members/me/store').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not retry a business error (4xx)', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', { status: 404, body: { message: 'Toko tidak ditemukan.', code: 'NOT_FOUND' } });
    const { result } = renderHook(() => useSave(), { wrapper: wrapperFor(testQueryClient()) });
    act(() => result.current.mutate({ storeCode: 'T999' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(server.callsTo('/api/members/me/store')).toHaveLength(1);
    expect(result.current.error?.message).toBe('Toko tidak ditemukan.');
  });

  it('writes the reply into the cache, then refreshes the queries the change touched', async () => {
    mockFetch().on('POST', '/api/members/me/store', ok({ saved: true, storeCode: 'T002' }));
    const client = testQueryClient();
    client.setQueryData(['me'], { storeCode: 'T001' });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useSave({
          write: (qc, data) => replaceCached<{ storeCode?: string }>(qc, ['me'], () => ({ storeCode: data.storeCode })),
          invalidate: [['count'], ['lists']],
        }),
      { wrapper: wrapperFor(client) },
    );
    await act(() => result.current.mutateAsync({ storeCode: 'T002' }, { onSuccess }));
    expect(client.getQueryData(['me'])).toEqual({ storeCode: 'T002' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['count'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['lists'] });
    expect(onSuccess).toHaveBeenCalled();
  });

  it('refetches what a refusal says is out of date, and only for those codes', async () => {
    let reply = fail(409, 'ORDER_STATUS_CHANGED', 'Status pesanan sudah berubah.');
    mockFetch().on('POST', '/api/members/me/store', () => reply);
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const onError = vi.fn();
    const { result } = renderHook(() => useApiMutation<unknown, { storeCode: string }>({
      mutationFn: ({ idempotencyKey, ...body }) => api.post('/members/me/store', body, { idempotencyKey }),
      refetchOnError: { keys: [['detail']], codes: ['ORDER_STATUS_CHANGED'] },
      onError,
    }), { wrapper: wrapperFor(client) });

    act(() => result.current.mutate({ storeCode: 'T001' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'ORDER_STATUS_CHANGED' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['detail'] });

    invalidate.mockClear();
    reply = fail(422, 'SCAN_NOT_IN_ORDER', 'Produk ini tidak ada di pesanan.');
    act(() => result.current.mutate({ storeCode: 'T001' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('runs the changes of one scope one after another, in the order they were made', async () => {
    const order: string[] = [];
    const releases: Array<() => void> = [];
    mockFetch().on('POST', '/api/members/me/store', (call) => {
      order.push((call.body as { storeCode: string }).storeCode);
      return new Promise((resolve) => releases.push(() => resolve(ok({ saved: true }))));
    });
    const { result } = renderHook(() => useSave({ scope: 'member:1' }), { wrapper: wrapperFor(testQueryClient()) });
    act(() => {
      result.current.mutate({ storeCode: 'T001' });
      result.current.mutate({ storeCode: 'T002' });
    });
    await waitFor(() => expect(order).toEqual(['T001']));
    // The second waits until the first has its reply.
    act(() => releases[0]!());
    await waitFor(() => expect(order).toEqual(['T001', 'T002']));
    act(() => releases[1]!());
  });
});

describe('useApiMutation: crew actions go through the outbox', () => {
  function useScan(onQueued = vi.fn(), onSuccess = vi.fn()) {
    return useApiMutation<{ picked: number }, { barcode: string }>({
      scope: 'shipment:SHP1',
      subject: 'SHP1',
      invalidate: [['orders', 'count']],
      action: { kind: 'order.scan', request: ({ barcode }) => ({ method: 'POST', path: '/orders/SHP1/scan', body: { barcode } }) },
      onQueued,
      onSuccess,
    });
  }

  it('keeps an action made offline, says so at once, and sends it once the connection is back', async () => {
    let online = false;
    const server = mockFetch().on('POST', '/api/orders/SHP1/scan', () => (online ? ok({ picked: 1 }) : 'network-error'));
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const onQueued = vi.fn();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useScan(onQueued, onSuccess), { wrapper: wrapperFor(testQueryClient()) });

    act(() => result.current.mutate({ barcode: '8991234567890' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledWith(expect.objectContaining({ barcode: '8991234567890' })));
    await waitFor(() => expect(result.current.queued).toBe(true));

    online = true;
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ picked: 1 }, expect.anything()), { timeout: 8000 });
    const keys = server.callsTo('/api/orders/SHP1/scan').map((c) => c.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(1);
    expect(server.callsTo('/api/orders/SHP1/scan').at(-1)!.body).toEqual({ barcode: '8991234567890' });
    expect(result.current.queued).toBe(false);
  });

  it('shows a refusal to the screen that is waiting for it', async () => {
    mockFetch().on('POST', '/api/orders/SHP1/scan', fail(422, 'SCAN_NOT_IN_ORDER', 'Produk ini tidak ada di pesanan.'));
    const { result } = renderHook(() => useScan(), { wrapper: wrapperFor(testQueryClient()) });
    act(() => result.current.mutate({ barcode: '1' }));
    await waitFor(() => expect(result.current.error?.code).toBe('SCAN_NOT_IN_ORDER'));
  });
});
