import type { QueryClient } from '@tanstack/react-query';
import { request } from '../api/client';
import { formBody } from '../api/form-body';
import { Outbox, type OutboxAction, type OutboxStorage } from './outbox';
import { defaultOutboxStorage } from './outbox-storage';

/**
 * The app's outbox: sends through the API client (the action's key as its
 * Idempotency-Key) and, when the screen that made an action is gone (a reload, another
 * page), reads again what the action changed once the server has answered it.
 */
export function createAppOutbox(queryClient: QueryClient, storage: OutboxStorage = defaultOutboxStorage()): Outbox {
  const refresh = (action: OutboxAction) => {
    for (const queryKey of action.refresh) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };
  return new Outbox({
    storage,
    transport: ({ key, request: r }) => request(r.path, { method: r.method, body: r.form ? formBody(r.form) : (r.body ?? {}), idempotencyKey: key }),
    onDelivered: (action, _reply, answered) => {
      if (!answered) refresh(action);
    },
    onRefused: (action, _error, answered) => {
      if (!answered) refresh(action);
    },
  });
}
