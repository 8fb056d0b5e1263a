import { createContext, use, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import type { RouteHandle } from './routes';

/** The route table the app renders, for what the shell draws before a screen's code (its title). */
export const RouteTable = createContext<readonly RouteObject[]>([]);

/** What the route at the location tells the shell (its title, area, title bar), if a route of the table matches. */
export function useRouteHandle(): RouteHandle | undefined {
  const routes = use(RouteTable);
  const { pathname } = useLocation();
  return useMemo(() => matchRoutes([...routes], pathname)?.at(-1)?.route.handle as RouteHandle | undefined, [routes, pathname]);
}
