import { STOCK_MOVING_EVENT_TYPES, type StockLookup } from '@gerai/contract';
import { defineLive, staleFor, type StaleKey } from '@/shared/events/live-rule';
import { stockKeys } from './query-keys';
import { movesShownStock } from './utils/stock-moves';

const isLookup = (data: unknown): data is StockLookup => typeof data === 'object' && data !== null && 'store' in data && 'nearby' in data;

/**
 * Stock: after an event that may have moved units (a pack, a packed order's cancellation, a received
 * return, a booking taken, received or cancelled once taken, a transfer sent, cancelled or finished),
 * each cached lookup whose product and stores it concerns is read again, and so are the search's
 * "my stock" figures; the other stores' figures follow every OTHER_STORES_REFRESH_MS (decision 88).
 */
export const stockLive = defineLive({
  area: 'stock',
  stale: staleFor(STOCK_MOVING_EVENT_TYPES, (e, { queryClient }) => {
    const moved: StaleKey[] = queryClient
      .getQueriesData({ queryKey: stockKeys.details() })
      .filter(([, data]) => isLookup(data) && movesShownStock(e, data))
      .map(([queryKey]) => ({ queryKey, exact: true }));
    return movesShownStock(e, undefined) ? [...moved, stockKeys.lists()] : moved;
  }),
});
