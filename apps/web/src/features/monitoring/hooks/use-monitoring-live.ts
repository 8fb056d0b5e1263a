import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MONITORED_STATUSES, type Monitoring } from '@gerai/contract';
import { monitoringKeys } from '../query-keys';

/** The figures are read again at most this often by the page's own timer. */
export const LIVE_REFETCH_GAP_MS = 1_000;
/** Read again this long after the oldest order of a status passes its service level (the server's clock, rounded). */
const PAST_SLA_MARGIN_MS = 1_000;

/**
 * Calls `fn` at once, then at most once per `gapMs`: calls in between fold into one call at the end
 * of the gap, so the last event is never left unread.
 */
function useThrottled(fn: () => void, gapMs: number): () => void {
  const fnRef = useRef(fn);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    const run = () => {
      timer.current = null;
      last.current = Date.now();
      fnRef.current();
    };
    const wait = last.current + gapMs - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [gapMs]);
}

/**
 * The figures' one change no event says: the moment the oldest order of a status passes its service
 * level they are read again (throttled), so it turns late on screen without waiting for the interval.
 * What the events change is declared in `../live.ts` and applied by the shell's one subscriber.
 */
export function useMonitoringLive({ data, serverNow }: { data: Monitoring | undefined; serverNow: () => number }) {
  const queryClient = useQueryClient();
  const refetch = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitoringKeys.all }), LIVE_REFETCH_GAP_MS);

  const serverNowRef = useRef(serverNow);
  useEffect(() => {
    serverNowRef.current = serverNow;
  }, [serverNow]);
  useEffect(() => {
    if (!data) return;
    const now = serverNowRef.current();
    let next = Infinity;
    for (const status of data.totals) {
      const sla = data.sla.find((s) => s.statusId === status.statusId)?.minutes;
      if (!(MONITORED_STATUSES as readonly number[]).includes(status.statusId) || sla === undefined || !status.oldestAt || status.late > 0) continue;
      const passesAt = Date.parse(status.oldestAt) + sla * 60_000;
      if (passesAt > now) next = Math.min(next, passesAt - now);
    }
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(refetch, next + PAST_SLA_MARGIN_MS);
    return () => clearTimeout(timer);
  }, [data, refetch]);
}
