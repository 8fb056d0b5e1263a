import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mockFetch, ok } from '@/test/fetch-mock';
import { testQueryClient } from '@/test/render';
import { api } from './client';
import { useIdempotentMutation } from './use-idempotent-mutation';

afterEach(() => vi.unstubAllGlobals());

function useSave() {
  return useIdempotentMutation<unknown, { storeCode: string }>({
    mutationFn: ({ idempotencyKey, ...body }) => api.post('/members/me/store', body, { idempotencyKey }),
  });
}

describe('useIdempotentMutation', () => {
  it('retries a network failure with backoff through TanStack Query, reusing the same Idempotency-Key', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', (_c, n) => (n < 3 ? 'network-error' : ok({ saved: true })));
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useSave(), { wrapper });

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
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useSave(), { wrapper });
    await act(() => result.current.mutateAsync({ storeCode: 'T001' }));
    await act(() => result.current.mutateAsync({ storeCode: 'T001' }));
    const keys = server.callsTo('/api/members/me/store').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('does not retry a business error (4xx)', async () => {
    const server = mockFetch().on('POST', '/api/members/me/store', { status: 404, body: { message: 'Toko tidak ditemukan.', code: 'NOT_FOUND' } });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useSave(), { wrapper });
    act(() => result.current.mutate({ storeCode: 'T999' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(server.callsTo('/api/members/me/store')).toHaveLength(1);
    expect(result.current.error?.message).toBe('Toko tidak ditemukan.');
  });
});
