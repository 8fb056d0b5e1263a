import { useInfiniteQuery } from '@tanstack/react-query';
import type { TicketList } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { DEFAULT_ERROR_MODAL } from '@gerai/contract';
import { serverMessageOf } from '@/shared/modal/error-to-modal';
import { helpdeskKeys, type TicketListParams } from '../query-keys';
import { pagedQueryOptions } from '@/shared/api/paged-query';

/** Spec §8: a ticket list failure keeps the server's message in localStorage under this key. */
export const TICKET_LIST_ERROR_KEY = 'error';

/** GET /api/helpdesk/tickets → the store's tickets or the helpdesk queue, newest change first. */
export async function getTickets(params: TicketListParams, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<TicketList> {
  try {
    return await api.get<TicketList>('/helpdesk/tickets', {
      query: { status: params.status, storeCode: params.storeCode, from: params.from, to: params.to, page, size: params.size },
      signal,
    });
  } catch (error) {
    // A caller's abort is not a failure of the list.
    if (!signal?.aborted) localStorage.setItem(TICKET_LIST_ERROR_KEY, serverMessageOf(error) ?? DEFAULT_ERROR_MODAL.message);
    throw error;
  }
}

export const ticketsQueryOptions = (params: TicketListParams) => pagedQueryOptions(helpdeskKeys.list(params), (page, { signal }) => getTickets(params, page, { signal }));

export function useTickets(params: TicketListParams, enabled = true) {
  return useInfiniteQuery({ ...ticketsQueryOptions(params), enabled });
}
