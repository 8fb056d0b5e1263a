import type { QueryClient } from '@tanstack/react-query';
import { request } from '../api/client';
import { formBody } from '../api/form-body';
import { deviceOnline } from '../bridge/native-network';
import { Outbox, type OutboxAction, type OutboxStorage } from './outbox';
import { defaultOutboxStorage } from './outbox-storage';

/**
 * The app's outbox: sends through the API client (the action's key as its
 * Idempotency-Key) and, when the screen that made an action is gone (a reload, another
 * page), reads again what the action changed once the server has answered it.
 */
export function createAppOutbox(queryClient: QueryClient, storage: OutboxStorage = defaultOutboxStorage()): Outbox {
  const refresh = (action: OutboxAction) => Promise.all(action.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  return new Outbox({
    storage,
    isOnline: deviceOnline,
    transport: ({ key, request: r }) => request(r.path, { method: r.method, body: r.form ? formBody(r.form) : (r.body ?? {}), idempotencyKey: key }),
    // Read again (and awaited) before the action stops being shown as pending.
    onDelivered: (action, _reply, answered) => (answered ? undefined : refresh(action)),
    onRefused: (action, _error, answered) => {
      if (!answered) void refresh(action);
    },
  });
}
