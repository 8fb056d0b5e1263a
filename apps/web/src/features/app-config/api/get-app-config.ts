import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { getNativeAppVersion } from '@/shared/bridge/native-bridge';
import { appConfigKeys } from '../query-keys';

/** GET /api/app-config (public) → { minAppVersion, latestAppVersion, serverTime }. */
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

/** The native host's app version (null in a browser); asked once per session. */
export function useNativeAppVersion() {
  return useQuery({
    queryKey: appConfigKeys.nativeVersion(),
    queryFn: getNativeAppVersion,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
