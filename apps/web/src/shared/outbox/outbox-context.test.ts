import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outbox, type OutboxAction } from './outbox';
import { LazyOutbox } from './outbox-context';
import { memoryOutboxStorage } from './outbox-storage';

/** An action an earlier page kept and could not send (a reload with no signal). */
const left: OutboxAction = {
  key: 'k-left',
  seq: 1,
  scope: 'SHP1',
  kind: 'order.scan',
  subject: 'SHP1',
  request: { method: 'POST', path: '/orders/SHP1/scan', body: {} },
  refresh: [],
  owner: 'crew',
  state: 'queued',
  attempts: 0,
  createdAt: 1,
};

function idleQueue() {
  const waiting: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run));
  return {
    run: () => waiting.splice(0).forEach((run) => run()),
    get size() {
      return waiting.length;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('LazyOutbox', () => {
  it('sends what an earlier page left once the phone is idle after the member is known, not during the first render', async () => {
    const idle = idleQueue();
    const storage = memoryOutboxStorage();
    await storage.put(left);
    const sent: string[] = [];
    const load = vi.fn(async () => new Outbox({ storage, transport: async ({ key }) => void sent.push(key) }));
    const box = new LazyOutbox(load);

    box.setOwner('crew');
    expect(load).not.toHaveBeenCalled();
    expect(idle.size).toBe(1);

    idle.run();
    await vi.waitFor(() => expect(sent).toEqual(['k-left']));
    await vi.waitFor(async () => expect(await storage.load()).toEqual([]));
  });

  it('loads at once for a crew action made before the phone was idle, and only once', async () => {
    const idle = idleQueue();
    const sent: string[] = [];
    const load = vi.fn(async () => new Outbox({ storage: memoryOutboxStorage(), transport: async ({ key }) => void sent.push(key) }));
    const box = new LazyOutbox(load);
    box.setOwner('crew');

    await box.submit({ key: 'k-now', scope: 'SHP2', kind: 'order.scan', subject: 'SHP2', request: { method: 'POST', path: '/orders/SHP2/scan', body: {} }, refresh: [] });
    expect(sent).toEqual(['k-now']);
    idle.run();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load for a member who signed out before the phone was idle', () => {
    const idle = idleQueue();
    const load = vi.fn(async () => new Outbox({ storage: memoryOutboxStorage(), transport: async () => undefined }));
    const box = new LazyOutbox(load);
    box.setOwner('crew');
    box.setOwner(null);
    idle.run();
    expect(load).not.toHaveBeenCalled();
  });
});
