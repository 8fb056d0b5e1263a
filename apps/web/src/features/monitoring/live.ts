import { MONITORING_CHANGING_EVENT_TYPES } from '@gerai/contract';
import { defineLive, staleFor } from '@/shared/events/live-rule';
import { monitoringKeys } from './query-keys';

/**
 * Monitoring: an order arriving, moving or escalated, and work asked for or decided, change the figures
 * of the event's store: every cached summary and late list whose filter takes that store in (the whole scope, or
 * that store) is read again, and every tile's stores and the store rows; those narrowed to another store are left
 * alone. Scans, notices, chat and tickets change none. The moment an order passes its service level (no event says so) is the page's
 * (`hooks/use-monitoring-live.ts`).
 */
export const monitoringLive = defineLive({
  area: 'monitoring',
  stale: staleFor(MONITORING_CHANGING_EVENT_TYPES, (e, { queryClient }) =>
    [monitoringKeys.summaries(), monitoringKeys.lates()]
      .flatMap((queryKey) => queryClient.getQueryCache().findAll({ queryKey }))
      // One narrowed to a store (its key's filter) moves only with that store's events.
      .filter((q) => {
        const filter = (q.queryKey[2] as { storeCode?: string } | undefined)?.storeCode ?? '';
        return !filter || !e.data.storeCode || filter === e.data.storeCode;
      })
      .map((q) => ({ queryKey: q.queryKey, exact: true }))
      // A tile's stores and "Per toko" cover the caller's whole scope: any store's change may move them.
      .concat([
        { queryKey: monitoringKeys.tiles(), exact: false },
        { queryKey: monitoringKeys.storeRows(), exact: true },
      ]),
  ),
});
