import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mockFetch, ok } from '@/test/fetch-mock';
import { storeT001, superUserWithoutStore } from '@/test/fixtures';
import { TestProviders, testQueryClient } from '@/test/render';
import { memberKeys } from '../query-keys';
import { useSelectStore } from './select-store';

describe('useSelectStore', () => {
  it('makes the new store the member’s and reads every other area again (their answers were the previous store’s)', async () => {
    const picked = { ...superUserWithoutStore, store: storeT001 };
    mockFetch().on('POST', '/api/members/me/store', ok(picked));
    const client = testQueryClient();
    client.setQueryData(memberKeys.me(), superUserWithoutStore);
    client.setQueryData(['transfers', 'count'], { sender: null, receiver: null });
    client.setQueryData(['bookings', 'count'], { incomingWaiting: 3 });
    const { result } = renderHook(() => useSelectStore(), { wrapper: ({ children }: { children: ReactNode }) => <TestProviders queryClient={client}>{children}</TestProviders> });

    act(() => result.current.mutate({ storeCode: 'T001' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData(memberKeys.me())).toEqual(picked);
    expect(client.getQueryState(memberKeys.me())?.isInvalidated).toBe(false);
    expect(client.getQueryState(['transfers', 'count'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['bookings', 'count'])?.isInvalidated).toBe(true);
  });
});
