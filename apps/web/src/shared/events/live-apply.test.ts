import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { streamEvent } from '@/test/live';
import { createLiveApplier } from './live-apply';
import { defineLive } from './live-rule';

const KEY = ['tickets', 'detail', 7];
const ticketsLive = defineLive({ area: 'tickets', stale: { 'ticket.status_changed': () => [KEY] } });
const closed = streamEvent('ticket.status_changed', { ticketId: 7, shipmentNo: 'SHP1', status: 'closed', from: 'resolved', actorName: 'Helpdesk' });

/** A server whose answers the test releases one by one: what it says is what the ticket is at the time it was asked. */
function server() {
  let status = 'resolved';
  const waiting: Array<() => void> = [];
  const queryFn = ({ signal }: { signal: AbortSignal }) =>
    new Promise<{ status: string }>((resolve, reject) => {
      const answer = { status };
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      waiting.push(() => resolve(answer));
    });
  return { queryFn, close: () => (status = 'closed'), release: () => waiting.splice(0).forEach((r) => r()), asked: () => waiting.length };
}

describe('the live applier', () => {
  it('a first read begun before the change (a screen opening) is sent again: its answer never lands as the ticket now', async () => {
    const client = new QueryClient();
    const api = server();
    const observer = new QueryObserver(client, { queryKey: KEY, queryFn: api.queryFn, staleTime: 10_000 });
    const unsubscribe = observer.subscribe(() => {});
    api.close();
    const applier = createLiveApplier([ticketsLive], { queryClient: client });
    applier.apply(closed);
    applier.flush();
    await vi.waitFor(() => expect(api.asked()).toBe(2));
    api.release();
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual({ status: 'closed' }));
    unsubscribe();
  });

  it('a read no screen waits for (a prefetch) is sent again too; a key nobody reads is only marked', async () => {
    const client = new QueryClient();
    const api = server();
    void client.prefetchQuery({ queryKey: KEY, queryFn: api.queryFn, staleTime: 10_000 });
    client.setQueryData(['tickets', 'list'], { items: [] });
    api.close();
    const applier = createLiveApplier([defineLive({ area: 'tickets', stale: { 'ticket.status_changed': () => [KEY, ['tickets', 'list']] } })], { queryClient: client });
    applier.apply(closed);
    applier.flush();
    await vi.waitFor(() => expect(api.asked()).toBe(2));
    api.release();
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual({ status: 'closed' }));
    expect(client.getQueryState(['tickets', 'list'])!.isInvalidated).toBe(true);
  });

  it('writes the saved copy again once the read the event set off is answered, so a reload then keeps the change', async () => {
    const client = new QueryClient();
    const api = server();
    const observer = new QueryObserver(client, { queryKey: KEY, queryFn: api.queryFn, staleTime: 10_000 });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(api.asked()).toBe(1));
    api.release();
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual({ status: 'resolved' }));
    // What the shell's saved copy would hold each time it is written.
    const saved: unknown[] = [];
    const applier = createLiveApplier([ticketsLive], { queryClient: client, onApplied: () => saved.push(client.getQueryData(KEY)) });
    api.close();
    applier.apply(closed);
    applier.flush();
    expect(saved).toEqual([{ status: 'resolved' }]);
    await vi.waitFor(() => expect(api.asked()).toBe(1));
    api.release();
    await vi.waitFor(() => expect(saved).toEqual([{ status: 'resolved' }, { status: 'closed' }]));
    unsubscribe();
  });

  it('a burst is applied once per key, after its last event', () => {
    const client = new QueryClient();
    client.setQueryData(KEY, { status: 'resolved' });
    let applied = 0;
    const applier = createLiveApplier([ticketsLive], { queryClient: client, onApplied: () => (applied += 1), gatherMs: 10_000 });
    applier.apply(closed);
    applier.apply(closed);
    expect(client.getQueryState(KEY)!.isInvalidated).toBe(false);
    applier.flush();
    expect(client.getQueryState(KEY)!.isInvalidated).toBe(true);
    expect(applied).toBe(1);
  });
});
