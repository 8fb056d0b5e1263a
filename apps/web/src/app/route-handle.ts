import { createContext, use } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { matchAppRoutes } from './route-match';
import type { RouteHandle } from './routes';

/** The route table the app renders, for what the shell draws before a screen's code (its title). */
export const RouteTable = createContext<readonly RouteObject[]>([]);

/** What the route at the location tells the shell (its title, area, title bar), if a route of the table matches. */
export function useRouteHandle(): RouteHandle | undefined {
  const { pathname } = useLocation();
  return matchAppRoutes(use(RouteTable), pathname).matches?.at(-1)?.route.handle as RouteHandle | undefined;
}
