import { useState, type ReactNode } from 'react';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/api/query-client';
import { LazyOutbox, OutboxProvider } from '@/shared/outbox/outbox-context';

export function AppProvider({ children, queryClient, outbox }: { children: ReactNode; queryClient?: QueryClient; outbox?: LazyOutbox }) {
  const [client] = useState(() => {
    // TanStack Query assumes "online" until an offline event; a phone that opens
    // the app without signal should pause its queries (and resume on reconnect) instead.
    if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
    return queryClient ?? createQueryClient();
  });
  const [box] = useState(() => outbox ?? new LazyOutbox(() => import('@/shared/outbox/app-outbox').then((m) => m.createAppOutbox(client))));
  return (
    <QueryClientProvider client={client}>
      <OutboxProvider outbox={box}>{children}</OutboxProvider>
    </QueryClientProvider>
  );
}
