/**
 * The crew's changes, kept on the phone until the server has them. Every change is
 * written here (durably, see outbox-storage.ts) with its Idempotency-Key before it is
 * sent; it leaves only when the server has answered it. Changes of one scope (one
 * shipment) are sent one after another in the order they were made. A refusal the
 * screen is still waiting for is shown there and leaves; a refusal nobody saw (the
 * action was sent later, after a reload) stays and holds the rest of its scope until
 * the crew decides (retry or discard), so nothing is sent blindly after it. A lost
 * connection or a server that cannot answer keeps the change queued and tries again;
 * the server's idempotency makes a re-send harmless.
 */
import { ApiError } from '../api/api-error';
import { isTransient, type NewOutboxAction, type OutboxAction, type OutboxOptions, type SubmitOptions } from './outbox-types';

export { isTransient } from './outbox-types';
export type { NewOutboxAction, OutboxAction, OutboxActionState, OutboxOptions, OutboxRefusal, OutboxRequest, OutboxStorage, OutboxTransport, SubmitOptions } from './outbox-types';

const defaultBackoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5));

interface Waiter {
  resolve: (reply: unknown) => void;
  reject: (error: unknown) => void;
  waiting?: () => void;
  answer?: (reply: unknown) => unknown;
  grace?: ReturnType<typeof setTimeout>;
  /** The screen was told the answer comes later: it no longer shows what happens to it. */
  movedOn?: boolean;
}

export class Outbox {
  private readonly actions = new Map<string, OutboxAction>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly OutboxAction[] = [];
  private owner: string | null = null;
  private loaded: Promise<void> | null = null;
  private draining = false;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSeq = 0;
  private readonly now: () => number;
  private readonly backoff: (attempt: number) => number;

  constructor(private readonly options: OutboxOptions) {
    this.now = options.now ?? Date.now;
    this.backoff = options.backoffMs ?? defaultBackoff;
  }

  /** Reads what an earlier page left (a reload, a killed webview). */
  load(): Promise<void> {
    this.loaded ??= this.options.storage.load().then((stored) => {
      for (const a of stored) {
        // A send cut off by the reload may or may not have arrived: the key makes sending it again safe.
        // No screen of this page waits for what an earlier page made.
        this.actions.set(a.key, { ...a, state: a.state === 'sending' ? 'queued' : a.state, waiting: true });
        this.lastSeq = Math.max(this.lastSeq, a.seq);
      }
      this.publish();
    });
    return this.loaded;
  }

  /** The signed-in member: their actions are sent, others wait for them to sign in again. */
  setOwner(owner: string | null): void {
    this.owner = owner;
    this.kick();
  }

  /**
   * Keeps the action durably, then sends it in its turn. The promise settles with
   * the server's answer (the reply, or the refusal as ApiError); it stays pending
   * while the action waits for the network: `queued` tells the screen at once.
   */
  async submit(input: NewOutboxAction, options: SubmitOptions = {}): Promise<unknown> {
    await this.load();
    const seq = Math.max(this.now() * 1000, this.lastSeq + 1);
    this.lastSeq = seq;
    const action: OutboxAction = { ...input, owner: this.owner ?? '', seq, createdAt: this.now(), state: 'queued', attempts: 0 };
    const waiter: Waiter = { resolve: () => {}, reject: () => {}, waiting: options.onWaiting, answer: options.onAnswer };
    const answered = new Promise<unknown>((resolve, reject) => Object.assign(waiter, { resolve, reject }));
    this.waiters.set(action.key, waiter);
    await this.options.storage.put(action);
    this.actions.set(action.key, action);
    this.publish();
    // Only a phone that says it is offline is (webviews without the flag are taken as online).
    const online = this.options.isOnline?.() ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
    if (!online || this.isHeld(action)) this.notifyWaiting(action.key);
    else waiter.grace = setTimeout(() => this.notifyWaiting(action.key), this.options.graceMs ?? 3_000);
    this.kick();
    return answered;
  }

  /** Waits behind a refused action of its scope. */
  private isHeld(action: OutboxAction): boolean {
    return this.snapshot.some((a) => a.scope === action.scope && a.state === 'refused' && a.seq < action.seq);
  }

  private notifyWaiting(key: string): void {
    const waiter = this.waiters.get(key);
    if (!waiter || waiter.movedOn) return;
    const action = this.actions.get(key);
    if (action && !action.waiting) void this.update({ ...action, waiting: true });
    clearTimeout(waiter.grace);
    const waiting = waiter.waiting;
    waiter.waiting = undefined;
    waiter.movedOn = true;
    waiting?.();
  }

  /** Every action not yet accepted by the server, oldest first. */
  getSnapshot = (): readonly OutboxAction[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sends what waits, now (the network is back, the crew tapped "Kirim ulang"). */
  retryNow(): void {
    this.kick(true);
  }

  /** Sends a refused action again (the crew fixed what the server objected to). */
  async retry(key: string): Promise<void> {
    const a = this.actions.get(key);
    if (!a || a.state !== 'refused') return;
    await this.update({ ...a, state: 'queued', refusal: undefined });
    this.kick(true);
  }

  /** Drops a refused action; the next of its scope goes on. */
  async discard(key: string): Promise<void> {
    const a = this.actions.get(key);
    if (!a || a.state !== 'refused') return;
    await this.forget(key);
    this.kick();
  }

  /** The action leaves the phone: storage first, then what the screens see. */
  private async forget(key: string): Promise<void> {
    await this.options.storage.remove(key);
    this.actions.delete(key);
    this.publish();
  }

  /** Starts sending (soon, or at once with `now`); safe to call any time. */
  kick(now = false): void {
    if (now && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.timer) return;
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      await this.load();
      do {
        this.again = false;
        const next = this.nextToSend();
        if (!next) break;
        const delivered = await this.send(next);
        // A transient failure: the network (or server) is not there; everything waits for it.
        if (!delivered) return;
        this.again = true;
      } while (this.again);
    } finally {
      this.draining = false;
    }
  }

  /** The oldest action whose scope is not held by a refusal, of the signed-in member. */
  private nextToSend(): OutboxAction | undefined {
    if (this.owner === null) return undefined;
    const held = new Set<string>();
    for (const a of this.snapshot) {
      if (held.has(a.scope)) continue;
      if (a.state === 'refused' || (a.owner !== this.owner && a.owner !== '')) {
        held.add(a.scope);
        continue;
      }
      return a;
    }
    return undefined;
  }

  /** true: answered (delivered or refused); false: try again later. */
  private async send(action: OutboxAction): Promise<boolean> {
    const sending = { ...action, state: 'sending' as const, attempts: action.attempts + 1 };
    this.actions.set(action.key, sending);
    this.publish();
    try {
      const reply = await this.options.transport(sending);
      const waiter = this.waiters.get(action.key);
      try {
        await waiter?.answer?.(reply);
        await this.options.onDelivered?.(sending, reply, Boolean(waiter));
      } catch {
        // The server has it; a failed cache update is mended by the next read.
      }
      await this.forget(action.key);
      this.settle(action.key, (w) => w.resolve(reply));
      return true;
    } catch (error) {
      if (isTransient(error)) {
        await this.update({ ...sending, state: 'queued' });
        this.notifyWaiting(action.key);
        this.timer = setTimeout(() => {
          this.timer = null;
          void this.drain();
        }, this.backoff(sending.attempts));
        return false;
      }
      const apiError = error as ApiError;
      const waiter = this.waiters.get(action.key);
      if (apiError.code === 'IDEMPOTENCY_ALREADY_APPLIED') {
        // An earlier send was applied but its reply was lost with the server that made it: the action is done.
        // Its reply is unknown, so what it changed is read again; a screen still waiting is told.
        try {
          await this.options.onDelivered?.(sending, undefined, false);
        } catch {
          // Mended by the next read.
        }
        await this.forget(action.key);
        this.settle(action.key, (w) => w.reject(apiError));
        return true;
      }
      if (waiter && !waiter.movedOn) {
        // The screen that made it is still waiting and shows the refusal itself: nothing is held.
        await this.forget(action.key);
      } else {
        // Nobody saw it refused: it stays, named in the pending list, and holds the rest of its scope.
        await this.update({ ...sending, state: 'refused', refusal: { status: apiError.status, code: apiError.code, message: apiError.message } });
      }
      this.options.onRefused?.(sending, apiError, Boolean(waiter));
      this.settle(action.key, (w) => w.reject(apiError));
      return true;
    }
  }

  private settle(key: string, how: (w: Waiter) => void): void {
    const waiter = this.waiters.get(key);
    if (!waiter) return;
    clearTimeout(waiter.grace);
    this.waiters.delete(key);
    how(waiter);
  }

  private async update(action: OutboxAction): Promise<void> {
    this.actions.set(action.key, action);
    this.publish();
    await this.options.storage.put(action);
  }

  private publish(): void {
    this.snapshot = [...this.actions.values()].sort((a, b) => a.seq - b.seq);
    for (const l of this.listeners) l();
  }
}
