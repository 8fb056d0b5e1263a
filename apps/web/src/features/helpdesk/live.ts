import { HELPDESK_EVENT_TYPES } from '@gerai/contract';
import { defineLive, staleFor } from '@/shared/events/live-rule';
import { helpdeskKeys } from './query-keys';

/**
 * Helpdesk: a ticket created, answered, moved or given files on either side changes the ticket (its
 * status, conversation, files and the moves offered) and every ticket list, the queue included.
 */
export const helpdeskLive = defineLive({
  area: 'helpdesk',
  stale: staleFor(HELPDESK_EVENT_TYPES, (e) => [helpdeskKeys.detail(e.data.ticketId), helpdeskKeys.lists()]),
});
