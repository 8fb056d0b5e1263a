import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { Outbox, type NewOutboxAction, type OutboxAction, type OutboxStorage } from './outbox';

/** What IndexedDB keeps, as a map (a structured clone on the way in, like IndexedDB). */
function memoryStorage(initial: OutboxAction[] = []) {
  const rows = new Map(initial.map((a) => [a.key, structuredClone(a)]));
  const storage: OutboxStorage & { rows: typeof rows } = {
    rows,
    load: async () => [...rows.values()].map((a) => structuredClone(a)),
    put: async (a) => void rows.set(a.key, structuredClone(a)),
    remove: async (key) => void rows.delete(key),
  };
  return storage;
}

const networkDown = () => new ApiError({ status: 0, code: 'NETWORK', message: 'offline' });
const refused = (status = 409, code = 'ORDER_STATUS_CHANGED') => new ApiError({ status, code: code as never, message: 'Status pesanan sudah berubah.' });

let n = 0;
function action(scope: string, extra: Partial<NewOutboxAction> = {}): NewOutboxAction {
  n += 1;
  return { key: `k${n}`, scope, kind: 'order.scan', subject: scope, request: { method: 'POST', path: `/orders/${scope}/scan`, body: { n } }, refresh: [], ...extra };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function outbox(storage: OutboxStorage, transport: (a: OutboxAction) => Promise<unknown>) {
  const box = new Outbox({ storage, transport, backoffMs: () => 5 });
  box.setOwner('crew');
  return box;
}

describe('outbox', () => {
  it('keeps an action durably before it is sent, and lets it go once the server has it', async () => {
    const storage = memoryStorage();
    const seenStored: boolean[] = [];
    const box = outbox(storage, async (a) => {
      seenStored.push(storage.rows.has(a.key));
      return { ok: a.key };
    });
    const a = action('SHP1');
    await expect(box.submit(a)).resolves.toEqual({ ok: a.key });
    expect(seenStored).toEqual([true]);
    expect(storage.rows.size).toBe(0);
    expect(box.getSnapshot()).toEqual([]);
  });

  it('sends the actions of one order in the order they were made, each once', async () => {
    const sent: string[] = [];
    const box = outbox(memoryStorage(), async (a) => {
      await settle();
      sent.push(a.key);
    });
    const actions = [action('SHP1'), action('SHP1'), action('SHP2'), action('SHP1')];
    await Promise.all(actions.map((a) => box.submit(a)));
    expect(sent).toEqual(actions.map((a) => a.key));
  });

  it('keeps waiting through a lost connection and sends with the same key when it is back', async () => {
    let online = false;
    const attempts: string[] = [];
    const box = outbox(memoryStorage(), async (a) => {
      attempts.push(a.key);
      if (!online) throw networkDown();
      return 'ok';
    });
    const a = action('SHP1');
    const answered = box.submit(a);
    await vi.waitFor(() => expect(box.getSnapshot()[0]?.attempts).toBeGreaterThanOrEqual(2));
    expect(box.getSnapshot()[0]?.state).toBe('queued');
    online = true;
    box.retryNow();
    await expect(answered).resolves.toBe('ok');
    expect(new Set(attempts)).toEqual(new Set([a.key]));
  });

  it('survives a reload: what the page left, a send cut off included, is sent by the next page', async () => {
    const storage = memoryStorage();
    const first = new Outbox({ storage, transport: () => new Promise(() => {}) });
    first.setOwner('crew');
    void first.submit(action('SHP1'));
    void first.submit(action('SHP1'));
    await vi.waitFor(() => expect(storage.rows.size).toBe(2));

    const sent: string[] = [];
    outbox(storage, async (a) => void sent.push(a.key)); // the next page
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(storage.rows.size).toBe(0);
  });

  it('holds the rest of an order after a refusal nobody saw, while other orders go on; discard lets the next go', async () => {
    const sent: string[] = [];
    let online = true;
    const box = new Outbox({ storage: memoryStorage(), backoffMs: () => 5, isOnline: () => online, transport: async (a) => {
      if (!online) throw networkDown();
      if ((a.meta as { refuse?: boolean } | undefined)?.refuse) throw refused();
      sent.push(a.key);
    } });
    box.setOwner('crew');
    const bad = action('SHP1', { meta: { refuse: true } });
    const after = action('SHP1');
    const other = action('SHP2');
    // Offline when made: the screens moved on, so the refusal must stay for the crew to see.
    online = false;
    const badResult = box.submit(bad).catch((e: unknown) => e);
    const afterResult = box.submit(after);
    const otherResult = box.submit(other);
    await vi.waitFor(() => expect(box.getSnapshot()).toHaveLength(3));
    online = true;
    box.retryNow();
    await otherResult;
    const error = await badResult;
    expect(error).toBeInstanceOf(ApiError);
    expect(sent).toEqual([other.key]);
    const held = box.getSnapshot();
    expect(held.map((a) => [a.key, a.state])).toEqual([
      [bad.key, 'refused'],
      [after.key, 'queued'],
    ]);
    expect(held[0]?.refusal).toMatchObject({ status: 409, code: 'ORDER_STATUS_CHANGED', message: 'Status pesanan sudah berubah.' });

    await box.discard(bad.key);
    await afterResult;
    expect(sent).toEqual([other.key, after.key]);
  });

  it('lets a refusal the screen saw go, and holds nothing after it', async () => {
    const sent: string[] = [];
    const box = outbox(memoryStorage(), async (a) => {
      if ((a.meta as { refuse?: boolean } | undefined)?.refuse) throw refused(422, 'SCAN_OVER_QUANTITY');
      sent.push(a.key);
    });
    await expect(box.submit(action('SHP1', { meta: { refuse: true } }))).rejects.toBeInstanceOf(ApiError);
    expect(box.getSnapshot()).toEqual([]);
    const next = action('SHP1');
    await box.submit(next);
    expect(sent).toEqual([next.key]);
  });

  it('takes "already applied" (the reply was lost with a server that died) as done: reads again, holds nothing after it', async () => {
    const storage = memoryStorage();
    const sent: string[] = [];
    const reread: string[] = [];
    const box = new Outbox({
      storage,
      backoffMs: () => 5,
      onDelivered: (a, _reply, answered) => void (answered ? undefined : reread.push(a.key)),
      transport: async (a) => {
        if ((a.meta as { applied?: boolean } | undefined)?.applied) throw refused(409, 'IDEMPOTENCY_ALREADY_APPLIED');
        sent.push(a.key);
      },
    });
    box.setOwner('crew');
    const applied = action('SHP1', { meta: { applied: true } });
    const next = action('SHP1');
    const first = box.submit(applied).catch((e: unknown) => e);
    await box.submit(next);
    expect(((await first) as ApiError).code).toBe('IDEMPOTENCY_ALREADY_APPLIED');
    expect(sent).toEqual([next.key]);
    expect(reread).toEqual([applied.key]);
    expect(storage.rows.size).toBe(0);
    expect(box.getSnapshot()).toEqual([]);
  });

  it('sends a refused action again when the crew retries it', async () => {
    let refuse = true;
    const box = new Outbox({ storage: memoryStorage(), isOnline: () => false, backoffMs: () => 5, transport: async () => {
      if (refuse) throw refused(422, 'SCAN_OVER_QUANTITY');
      return 'ok';
    } });
    box.setOwner('crew');
    const a = action('SHP1');
    await expect(box.submit(a)).rejects.toBeInstanceOf(ApiError);
    expect(box.getSnapshot()[0]?.state).toBe('refused');
    refuse = false;
    await box.retry(a.key);
    await vi.waitFor(() => expect(box.getSnapshot()).toEqual([]));
  });

  it('sends only the signed-in member\'s actions', async () => {
    const storage = memoryStorage();
    const sent: string[] = [];
    const box = new Outbox({ storage, transport: () => new Promise(() => {}) });
    box.setOwner('crew-a');
    void box.submit(action('SHP2'));
    await vi.waitFor(() => expect(box.getSnapshot()).toHaveLength(1));

    const second = new Outbox({ storage, transport: async (a) => void sent.push(a.key) });
    second.setOwner('crew-b');
    const mine = action('SHP1');
    await second.submit(mine);
    expect(sent).toEqual([mine.key]);
    expect(second.getSnapshot().map((a) => a.owner)).toEqual(['crew-a']);
  });
});

describe('outbox: when a screen stops waiting', () => {
  it('says at once when the phone is offline, and after the grace time when no answer comes', async () => {
    let online = false;
    const box = new Outbox({ storage: memoryStorage(), transport: () => new Promise(() => {}), isOnline: () => online, graceMs: 20 });
    box.setOwner('crew');
    const offline = vi.fn();
    void box.submit(action('SHP1'), { onWaiting: offline });
    await vi.waitFor(() => expect(offline).toHaveBeenCalledTimes(1));

    online = true;
    const slow = vi.fn();
    void box.submit(action('SHP2'), { onWaiting: slow });
    await settle();
    expect(slow).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(slow).toHaveBeenCalledTimes(1));
  });

  it('says so when the connection fails, and not when the server answers in time', async () => {
    let fail = true;
    const box = new Outbox({ storage: memoryStorage(), transport: async () => { if (fail) throw networkDown(); return 'ok'; }, isOnline: () => true, graceMs: 10_000, backoffMs: () => 5 });
    box.setOwner('crew');
    const failed = vi.fn();
    const answered = box.submit(action('SHP1'), { onWaiting: failed });
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    fail = false;
    await answered;
    const quick = vi.fn();
    await box.submit(action('SHP2'), { onWaiting: quick });
    expect(quick).not.toHaveBeenCalled();
    expect(failed).toHaveBeenCalledTimes(1);
  });
});
