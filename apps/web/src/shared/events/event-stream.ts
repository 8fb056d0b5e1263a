import { useEffect, useRef } from 'react';
import { create } from 'zustand';
// Types only: the catalogue's schemas are zod, which must stay out of the web's first load.
import type { EventData, EventType } from '@gerai/contract';
import { EVENT_TYPES } from '@gerai/contract/event-types';
import { takeReadCursor } from './read-cursor';
import { refreshSession } from '../api/client';
import { API_BASE } from '../config/app';

/**
 * The one Server-Sent Events connection of a signed-in session (GET /api/events).
 *
 * EventSource reconnects by itself after a dropped connection and sends
 * Last-Event-ID, so the server replays what was missed. It gives up for good
 * when the server answers with an error status (an expired access cookie → 401):
 * then we refresh the session and open a new stream ourselves, passing the last
 * id as ?lastEventId= (a new EventSource cannot set the header).
 */
export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

interface StreamStatusStore {
  status: StreamStatus;
  set: (status: StreamStatus) => void;
}

export const useStreamStatus = create<StreamStatusStore>()((set) => ({ status: 'idle', set: (status) => set({ status }) }));

/**
 * One event as a subscriber gets it: for a union of types a discriminated union,
 * so `switch (e.type)` narrows `e.data` to that type's payload (plus storeCode and at).
 */
export type StreamEvent<T extends EventType = EventType> = { [K in T]: { type: K; id: string; data: EventData<K> } }[T];

export interface EventStreamOptions<T extends EventType> {
  /** Named event types to listen to (SSE `event:` field); the contract's lists (ORDER_EVENT_TYPES…). */
  types: readonly T[];
  onEvent: (event: StreamEvent<T>) => void;
  url?: string;
  /** Also hand over the recent events that came before this subscriber, heard or not (the shell's cache subscriber). */
  replayRecent?: boolean;
  /** Test seam. */
  EventSourceImpl?: typeof EventSource;
}

const MAX_BACKOFF_MS = 30_000;
/**
 * Sent by the server when a stream opens without a resume point: its id is the
 * newest event, so a reconnect resumes from there. Nobody subscribes to it.
 */
const READY = 'ready';
/**
 * An event that arrives before anyone listens for its type (the stream opened for one listener, the
 * shell's others still loading) waits this long for its first listener, which gets it at once.
 */
const UNHEARD_KEEP_MS = 10_000;
const UNHEARD_MAX = 50;

/**
 * Where a new connection resumes: the last event this tab was sent, kept in sessionStorage so a
 * reload or a webview brought back resumes where the previous page stopped (what came in between is
 * replayed, not lost). Only a recent point is used: after longer, the screens read everything again
 * anyway, and replaying an hour of events would ring for orders long handled.
 */
const RESUME_KEY = 'gerai.events.resume';
const RESUME_MAX_AGE_MS = 60_000;

interface ResumePoint {
  id: string;
  at: number;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function saveResumePoint(id: string): void {
  try {
    storage()?.setItem(RESUME_KEY, JSON.stringify({ id, at: Date.now() } satisfies ResumePoint));
  } catch {
    // A full or blocked storage only costs the resume after a reload.
  }
}

function readResumePoint(): string | null {
  try {
    const point = JSON.parse(storage()?.getItem(RESUME_KEY) ?? 'null') as ResumePoint | null;
    return point && typeof point.id === 'string' && Date.now() - point.at <= RESUME_MAX_AGE_MS ? point.id : null;
  } catch {
    return null;
  }
}

/** Signed out: the next session starts from its own first event. */
export function forgetEventResumePoint(): void {
  try {
    storage()?.removeItem(RESUME_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * The payload as the server wrote it. The server records only payloads its
 * catalogue accepts (a test parses every one), so the web does not check them
 * again: that would need zod at run time. A body that is not an object is dropped.
 */
function parseData(raw: unknown): object | null {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

interface Subscriber {
  types: ReadonlySet<string>;
  onEvent: (event: StreamEvent) => void;
  /** The shell's cache subscriber: it hears everything, so its hearing an event does not make it heard for a screen's listener. */
  replayRecent: boolean;
}

/** The one connection, shared by every subscriber (orders, POD…) of the signed-in shell. */
interface Connection {
  subscribers: Set<Subscriber>;
  /** Event types with a listener on the current EventSource. */
  listening: Set<string>;
  /** Events no subscriber took yet (oldest first), handed to the first that subscribes to their type. */
  unheard: Array<{ at: number; event: StreamEvent }>;
  /** Every event of the last UNHEARD_KEEP_MS (at most UNHEARD_MAX), heard or not: for `replayRecent`. */
  recent: Array<{ at: number; event: StreamEvent }>;
  source: EventSource | null;
  close: () => void;
  listen: (types: Iterable<string>) => void;
}

let connection: Connection | null = null;

function openConnection(url: string, Impl: typeof EventSource): Connection {
  const setStatus = useStreamStatus.getState().set;
  // No resume point: the first reads' cursor, so what came between them and this stream is sent too.
  let lastEventId: string | null = readResumePoint() ?? takeReadCursor(RESUME_MAX_AGE_MS);
  // The point is fresh as long as the page lives: leaving it (a reload, the webview closed) dates it.
  const onPageHide = () => {
    if (lastEventId) saveResumePoint(lastEventId);
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const conn: Connection = {
    subscribers: new Set(),
    listening: new Set(),
    unheard: [],
    recent: [],
    source: null,
    close: () => {
      stopped = true;
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
      if (timer) clearTimeout(timer);
      conn.source?.close();
      conn.source = null;
      setStatus('idle');
    },
    listen: (types) => {
      for (const type of types) {
        if (conn.listening.has(type)) continue;
        conn.listening.add(type);
        conn.source?.addEventListener(type, handle(type) as EventListener);
      }
    },
  };

  const handle = (type: string) => (e: MessageEvent) => {
    if (e.lastEventId) {
      lastEventId = e.lastEventId;
      saveResumePoint(lastEventId);
    }
    if (type === READY) return;
    const data = parseData(e.data);
    if (!data) return;
    // The SSE `event:` field names the type; the catalogue ties each type to its payload.
    const event = { type, id: e.lastEventId, data } as StreamEvent;
    conn.recent.push({ at: Date.now(), event });
    if (conn.recent.length > UNHEARD_MAX) conn.recent.shift();
    const takers = [...conn.subscribers].filter((sub) => sub.types.has(type));
    for (const sub of takers) sub.onEvent(event);
    // Kept for the first listener of its type still loading (a banner), even when the cache subscriber heard it.
    if (!takers.some((sub) => !sub.replayRecent)) {
      conn.unheard.push({ at: Date.now(), event });
      if (conn.unheard.length > UNHEARD_MAX) conn.unheard.shift();
    }
  };

  const connect = () => {
    if (stopped) return;
    const target = lastEventId ? `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}` : url;
    const es = new Impl(target);
    conn.source = es;
    setStatus(failures > 0 ? 'reconnecting' : 'connecting');

    es.onopen = () => {
      failures = 0;
      setStatus('open');
    };
    es.onerror = () => {
      if (stopped) return;
      if (es.readyState === Impl.CONNECTING) {
        // The browser retries by itself (with Last-Event-ID).
        setStatus('reconnecting');
        return;
      }
      // CLOSED: an error status (401 after the access cookie expired, 5xx from a proxy…).
      es.close();
      failures += 1;
      setStatus('reconnecting');
      const delay = Math.min(1000 * 2 ** Math.min(failures - 1, 5), MAX_BACKOFF_MS);
      timer = setTimeout(() => {
        timer = null;
        // A refresh is harmless when the session was fine, and needed when the cookie lapsed.
        void refreshSession()
          .catch(() => 'refreshed' as const)
          .then((outcome) => {
            if (outcome !== 'expired') connect();
            else setStatus('idle');
          });
      }, delay);
    };
    // A new EventSource: every type any subscriber wants.
    for (const type of conn.listening) es.addEventListener(type, handle(type) as EventListener);
  };

  // Every type of the catalogue from the start: an event for a listener still loading is kept, not lost.
  for (const type of [READY, ...EVENT_TYPES]) conn.listening.add(type);
  connect();
  return conn;
}

/**
 * Subscribes to the stream; returns the unsubscribe function. The first
 * subscriber opens the one EventSource of the session, later ones share it
 * (their event types are added to it), and the last one to leave closes it.
 */
export function startEventStream<T extends EventType>({ types, onEvent, url = `${API_BASE}/events`, replayRecent = false, EventSourceImpl }: EventStreamOptions<T>): () => void {
  const Impl = EventSourceImpl ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  if (!Impl) return () => {};
  const subscriber: Subscriber = { types: new Set(types), onEvent: onEvent as unknown as (event: StreamEvent) => void, replayRecent };
  connection ??= openConnection(url, Impl);
  const conn = connection;
  conn.subscribers.add(subscriber);
  conn.listen(types);
  // What came before anyone listened for it is this subscriber's, if it is of its types and recent.
  const since = Date.now() - UNHEARD_KEEP_MS;
  let kept: typeof conn.unheard;
  if (replayRecent) {
    kept = conn.recent.filter((u) => u.at >= since && subscriber.types.has(u.event.type));
  } else {
    kept = conn.unheard.filter((u) => u.at >= since && subscriber.types.has(u.event.type));
    conn.unheard = conn.unheard.filter((u) => u.at >= since && !subscriber.types.has(u.event.type));
  }
  if (kept.length > 0) {
    queueMicrotask(() => {
      if (conn.subscribers.has(subscriber)) for (const u of kept) subscriber.onEvent(u.event);
    });
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    conn.subscribers.delete(subscriber);
    if (conn.subscribers.size > 0 || connection !== conn) return;
    connection = null;
    conn.close();
  };
}

/**
 * Hands the events of `types` to `onEvent` while mounted (and `enabled`), typed
 * by the contract's catalogue:
 * `useEvents(['order.scanned', 'order.claimed'], (e) => e.type === 'order.scanned' && e.data.lineId)`.
 * The latest `onEvent` is called, so it may close over fresh state.
 */
export function useEvents<T extends EventType>(types: readonly T[], onEvent: (event: StreamEvent<T>) => void, { enabled = true, replayRecent = false }: { enabled?: boolean; replayRecent?: boolean } = {}): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);
  // The list is usually written inline: subscribe again only when its content changes.
  const key = types.join(',');
  useEffect(() => {
    if (!enabled) return;
    return startEventStream<T>({ types: (key ? key.split(',') : []) as T[], onEvent: (e) => handler.current(e), replayRecent });
  }, [key, enabled, replayRecent]);
}
