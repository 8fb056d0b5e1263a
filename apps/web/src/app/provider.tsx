import { useState, type ReactNode } from 'react';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/api/query-client';

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => {
    // TanStack Query assumes "online" until an offline event; a phone that opens
    // the app without signal should pause its queries (and resume on reconnect) instead.
    if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
    return queryClient ?? createQueryClient();
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
