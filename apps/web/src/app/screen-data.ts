import type { QueryClient } from '@tanstack/react-query';
import { matchAppRoutes } from './route-match';
import { appRoutes, type FirstScreen, type RouteHandle } from './routes';

/**
 * The data of the screen a first load opens on, for the screens whose data the shell does not ask
 * for itself (the orders' and scan and go's): its route names its area's prefetch (`data`, a chunk of
 * its own with the screen's query options), asked for once the member is known, so on a slow network a
 * list's first page arrives with the screen's code instead of a round trip after its code ran
 * (Lighthouse: the LCP's render delay). Other screens load nothing more.
 */
export async function prefetchScreenData(queryClient: QueryClient, screen: FirstScreen): Promise<void> {
  const handle = matchAppRoutes(appRoutes, screen.pathname).matches?.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.data) return;
  const area = await handle.data().catch(() => null);
  area?.prefetch(queryClient, screen);
}
