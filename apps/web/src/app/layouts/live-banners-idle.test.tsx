import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { staffMember } from '@/test/fixtures';
import { emitEvent, FakeEventSource, installFakeEventSource } from '@/test/fake-event-source';
import { renderApp, signedInServer, setUpAppTests } from '../app-test-kit';

// Idle callbacks run when the test says: what the shell defers to them is seen waiting.
const idle = vi.hoisted(() => ({ queue: [] as Array<() => void> }));
vi.mock('@/shared/utils/when-idle', () => ({
  whenIdle: (fn: () => void) => {
    idle.queue.push(fn);
    return () => {
      idle.queue = idle.queue.filter((queued) => queued !== fn);
    };
  },
}));
const runIdle = () =>
  act(() => {
    const due = idle.queue;
    idle.queue = [];
    due.forEach((fn) => fn());
  });

setUpAppTests();

describe('live banners', () => {
  it('mount in an idle task after the cache subscriber opened the stream; an order that rings before still shows', async () => {
    installFakeEventSource();
    signedInServer(staffMember);
    renderApp('/');
    await screen.findByTestId('member-name');
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0), { timeout: 9_000 });
    act(() => FakeEventSource.instances.forEach((es) => es.open()));
    emitEvent('order.created', { shipmentNo: 'SHP2611270000009', orderNo: 'ORD9', appId: 379, statusId: 1101, deliveryType: 0, price: 10_000 });
    // The stream is open and the event applied to the cache, but no banner is mounted yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();

    await runIdle();
    expect(await screen.findByTestId('new-order-banner', {}, { timeout: 9_000 })).toBeInTheDocument();
  }, 30_000);
});
