import type { FilterValues } from '@/shared/stores/filter-store';
import { ORDER_PAGE_SIZE } from '../api/get-orders';
import type { OrderListParams } from '../query-keys';

/** The list request of a status under the saved filters. */
export function listParams(status: string, filters: FilterValues): OrderListParams {
  return {
    status,
    startDate: filters.startDate,
    endDate: filters.endDate,
    query: filters.query.trim(),
    appId: filters.appId,
    size: ORDER_PAGE_SIZE,
  };
}
