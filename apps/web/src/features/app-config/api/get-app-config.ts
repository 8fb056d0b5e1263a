import { useQuery } from '@tanstack/react-query';
import { getNativeAppVersion } from '@/shared/bridge/native-bridge';
import { appConfigKeys } from '@/shared/config/app-config';

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
