import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { testQueryClient } from '@/test/render';
import { useHeldChange } from './use-held-change';

interface Thing {
  no: string;
  state: string;
  note: string;
}
const HELD = { idOf: (t: Thing) => t.no, signatureOf: (t: Thing) => t.state, mutationKey: (no: string) => ['things', 'mutate', no] };

function setup(initial: Thing) {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ thing, kept }: { thing: Thing | undefined; kept: number }) => useHeldChange(thing, HELD, kept), { wrapper, initialProps: { thing: initial, kept: 0 } });
  return { ...hook, queryClient };
}

describe('useHeldChange', () => {
  it('holds a change of what the crew acts on, made elsewhere, with the object as it was shown, until seen', () => {
    const shown = { no: 'A1', state: 'new', note: '' };
    const { result, rerender } = setup(shown);
    // What the crew does not act on passes without a notice.
    rerender({ thing: { ...shown, note: 'kurir pagi' }, kept: 0 });
    expect(result.current.changedFrom).toBeNull();
    rerender({ thing: { no: 'A1', state: 'done', note: '' }, kept: 0 });
    expect(result.current.changedFrom).toEqual(shown);
    act(() => result.current.acknowledge());
    expect(result.current.changedFrom).toBeNull();
  });

  it("follows a change asked for on this phone (under the object's mutation key), or kept in its outbox", async () => {
    const { result, rerender, queryClient } = setup({ no: 'A1', state: 'new', note: '' });
    await queryClient.getMutationCache().build(queryClient, { mutationKey: HELD.mutationKey('A1'), mutationFn: async () => null }).execute(undefined);
    rerender({ thing: { no: 'A1', state: 'done', note: '' }, kept: 0 });
    expect(result.current.changedFrom).toBeNull();
    rerender({ thing: { no: 'A1', state: 'closed', note: '' }, kept: 1 });
    expect(result.current.changedFrom).toBeNull();
  });

  it('another object opened is no change', () => {
    const { result, rerender } = setup({ no: 'A1', state: 'new', note: '' });
    rerender({ thing: { no: 'B2', state: 'done', note: '' }, kept: 0 });
    expect(result.current.changedFrom).toBeNull();
  });
});
