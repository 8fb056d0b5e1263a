import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@gerai/contract';
import { api } from '../api/client';

/**
 * GET /api/app-config: what the server is configured with (app versions, POD
 * limits). Shared because several areas read it: the force-update gate and the
 * POD screens' hints; the shell loads it on start.
 */
export const appConfigKeys = {
  all: ['app-config'] as const,
  config: () => [...appConfigKeys.all, 'config'] as const,
  nativeVersion: () => [...appConfigKeys.all, 'native-version'] as const,
};

/** GET /api/app-config (public) → { minAppVersion, latestAppVersion, serverTime, pod }. */
export function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> {
  return api.get<AppConfig>('/app-config', { signal });
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appConfigKeys.config(),
    queryFn: ({ signal }) => getAppConfig({ signal }),
    staleTime: 10 * 60_000,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
