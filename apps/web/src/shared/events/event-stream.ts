import { create } from 'zustand';
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

export interface StreamEvent {
  type: string;
  id: string;
  data: Record<string, unknown>;
}

export interface EventStreamOptions {
  /** Named event types to listen to (SSE `event:` field). */
  types: readonly string[];
  onEvent: (event: StreamEvent) => void;
  url?: string;
  /** Test seam. */
  EventSourceImpl?: typeof EventSource;
}

const MAX_BACKOFF_MS = 30_000;

function parseData(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string' || !raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Opens the stream; returns a function that closes it for good. */
export function startEventStream({ types, onEvent, url = `${API_BASE}/events`, EventSourceImpl }: EventStreamOptions): () => void {
  const Impl = EventSourceImpl ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  if (!Impl) return () => {};
  const setStatus = useStreamStatus.getState().set;

  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = () => {
    if (stopped) return;
    const target = lastEventId ? `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}` : url;
    const es = new Impl(target);
    source = es;
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
    const handle = (type: string) => (e: MessageEvent) => {
      if (e.lastEventId) lastEventId = e.lastEventId;
      onEvent({ type, id: e.lastEventId, data: parseData(e.data) });
    };
    for (const type of ['ready', ...types]) es.addEventListener(type, handle(type) as EventListener);
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
    setStatus('idle');
  };
}
