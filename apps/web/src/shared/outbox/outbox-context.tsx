import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import { whenIdle } from '@/shared/utils/when-idle';
import type { Outbox, OutboxAction } from './outbox';

const NOTHING: readonly OutboxAction[] = [];

/**
 * The outbox as the app holds it from its first render. Its code (and IndexedDB)
 * loads with the first use: the first crew action, or the member being known, when
 * what an earlier page left is sent (once the phone is idle after drawing the screen).
 * Not on the first screen's critical path.
 */
export class LazyOutbox {
  private outbox: Outbox | null = null;
  private loading: Promise<Outbox> | null = null;
  private owner: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<Outbox>) {}

  private get(): Promise<Outbox> {
    this.loading ??= this.load().then((outbox) => {
      this.outbox = outbox;
      outbox.subscribe(this.notify);
      outbox.setOwner(this.owner);
      void outbox.load();
      this.notify();
      return outbox;
    });
    return this.loading;
  }

  private readonly notify = () => {
    for (const listener of this.listeners) listener();
  };

  submit: Outbox['submit'] = (input, options) => this.get().then((outbox) => outbox.submit(input, options));
  getSnapshot = (): readonly OutboxAction[] => this.outbox?.getSnapshot() ?? NOTHING;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The signed-in member (null when signed out): their actions are sent. */
  setOwner(owner: string | null): void {
    this.owner = owner;
    if (this.outbox) this.outbox.setOwner(owner);
    else if (owner !== null) {
      // Once the phone has drawn the screen and is idle (a second at most): loading the outbox's code,
      // reading IndexedDB and sending what an earlier page left is not part of drawing the first screen.
      whenIdle(() => {
        if (this.owner !== null) void this.get();
      }, 1000);
    }
    this.mine = null;
    this.notify();
  }

  private mine: { from: readonly OutboxAction[]; actions: readonly OutboxAction[] } | null = null;

  /** The signed-in member's actions (another member's wait on the phone for them). */
  getOwnSnapshot = (): readonly OutboxAction[] => {
    const all = this.getSnapshot();
    if (this.mine?.from !== all) this.mine = { from: all, actions: all.filter((a) => a.owner === this.owner || a.owner === '') };
    return this.mine.actions;
  };

  retryNow(): void {
    void this.get().then((outbox) => outbox.retryNow());
  }

  retry(key: string): Promise<void> {
    return this.get().then((outbox) => outbox.retry(key));
  }

  discard(key: string): Promise<void> {
    return this.get().then((outbox) => outbox.discard(key));
  }
}

const OutboxContext = createContext<LazyOutbox | null>(null);

export function OutboxProvider({ outbox, children }: { outbox: LazyOutbox; children: ReactNode }) {
  return <OutboxContext value={outbox}>{children}</OutboxContext>;
}

export function useOutbox(): LazyOutbox {
  const outbox = use(OutboxContext);
  if (!outbox) throw new Error('useOutbox outside OutboxProvider');
  return outbox;
}

/** The signed-in member's actions the server does not have yet, oldest first (re-renders when they change). */
export function usePendingActions(): readonly OutboxAction[] {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getOwnSnapshot, outbox.getOwnSnapshot);
}
