import { useState, type ReactNode } from 'react';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/api/query-client';
import { deviceOnline, followNativeNetwork } from '@/shared/bridge/native-network';
import { LazyOutbox, OutboxProvider } from '@/shared/outbox/outbox-context';

export function AppProvider({ children, queryClient, outbox }: { children: ReactNode; queryClient?: QueryClient; outbox?: LazyOutbox }) {
  const [client] = useState(() => {
    // TanStack Query assumes "online" until an offline event; a phone that opens the app
    // without signal (by the native host's word when it gives one) pauses its queries instead.
    followNativeNetwork();
    onlineManager.setOnline(deviceOnline());
    const created = queryClient ?? createQueryClient();
    // What the phone read before (a reload offline) comes back from IndexedDB; its code loads beside the first screen's.
    if (typeof indexedDB !== 'undefined') void import('@/shared/offline/query-persistence').then((m) => m.startQueryPersistence(created));
    return created;
  });
  const [box] = useState(() => outbox ?? new LazyOutbox(() => import('@/shared/outbox/app-outbox').then((m) => m.createAppOutbox(client))));
  return (
    <QueryClientProvider client={client}>
      <OutboxProvider outbox={box}>{children}</OutboxProvider>
    </QueryClientProvider>
  );
}
