import type { AppConfig } from '@gerai/contract';
import { useAppConfig } from '@/shared/config/app-config';

export type PodLimits = AppConfig['pod'];

/**
 * The POD limits the server decides with (its config POD_*), as GET
 * /api/app-config serves them: the sketch's radius and the scan-and-go hints and
 * checks follow the server, never a constant of the web. The shell loads the
 * config on start, so it is usually there already; `limits` is undefined until
 * it is, and `query` tells loading from failed.
 */
export function usePodLimits() {
  const query = useAppConfig();
  return { limits: query.data?.pod, query };
}
