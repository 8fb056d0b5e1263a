import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OrderDetail } from '@gerai/contract';
import { orderDetail } from '@/test/fixtures';
import { testQueryClient } from '@/test/render';
import { orderMutationKey } from '../query-keys';
import { useShownStatus } from './use-shown-status';

function setup(initial: OrderDetail, keptHere = 0) {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ order, kept }) => useShownStatus(order, kept), { wrapper, initialProps: { order: initial, kept: keptHere } });
  return { ...hook, queryClient };
}

describe('useShownStatus', () => {
  it('holds a change made on another phone until the crew has seen it', () => {
    const { result, rerender } = setup(orderDetail({ statusId: 1101 }));
    rerender({ order: orderDetail({ statusId: 1102, pickerName: 'Agus' }), kept: 0 });
    expect(result.current.changedFrom).toBe(1101);
    act(() => result.current.acknowledge());
    expect(result.current.changedFrom).toBeNull();
  });

  it('follows a change this phone asked for', async () => {
    const { result, rerender, queryClient } = setup(orderDetail({ statusId: 1101 }));
    const order = orderDetail({ statusId: 1102 });
    // The claim as useApiMutation sends it: under the order's mutation key.
    await queryClient.getMutationCache().build(queryClient, { mutationKey: orderMutationKey(order.shipmentNo), mutationFn: async () => order }).execute(undefined);
    rerender({ order, kept: 0 });
    expect(result.current.changedFrom).toBeNull();
  });

  it('follows what the outbox applies after a reload (the order is this phone\'s work)', () => {
    const { result, rerender } = setup(orderDetail({ statusId: 1102 }));
    rerender({ order: orderDetail({ statusId: 1103 }), kept: 1 });
    expect(result.current.changedFrom).toBeNull();
  });
});
