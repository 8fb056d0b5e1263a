import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

// React Router matches a path by flattening the whole table, ranking its branches and compiling a
// regular expression per branch, on every call: about 30 ms a call at 8× CPU for the app's table, and
// a first load matched the same path four times (the routes, the title bar before the screen's code,
// the screen's data). A path's match is kept per table, it is looked for only among the routes that
// can match its first segment, and the routes render from the matched branch.
const kept = new WeakMap<readonly RouteObject[], Map<string, AppMatch>>();
const bySegment = new WeakMap<readonly RouteObject[], Map<string, RouteObject[]>>();
const KEPT_PATHS = 50;

interface AppMatch {
  matches: RouteMatch[] | null;
  /** The table pruned to the matched branch (each route with only the matched child), for `useRoutes`. */
  branch: RouteObject[] | null;
}

/** The matched branch of `routes` at `pathname` (null: nothing matches), the same arrays for the same path. */
export function matchAppRoutes(routes: readonly RouteObject[], pathname: string): AppMatch {
  let byPath = kept.get(routes);
  if (!byPath) kept.set(routes, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (match) return match;
  const matches = matchRoutes(candidates(routes, firstSegment(pathname)), pathname);
  match = { matches, branch: matches ? [prune(matches)] : null };
  if (byPath.size >= KEPT_PATHS) byPath.delete(byPath.keys().next().value!);
  byPath.set(pathname, match);
  return match;
}

function prune(matches: RouteMatch[]): RouteObject {
  return matches.reduceRight<RouteObject | null>((child, { route }) => ({ ...route, children: child ? [child] : undefined }) as RouteObject, null)!;
}

/** A path's first segment as React Router compares it (decoded, case-insensitive). */
function firstSegment(pathname: string): string {
  const segment = pathname.split('/').find(Boolean) ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The routes of `routes` that can match a path starting with `segment`: the layouts, and the routes
 * whose full path starts with that segment, a parameter, a splat or nothing (React Router still
 * decides among them, with its own ranking).
 */
function candidates(routes: readonly RouteObject[], segment: string): RouteObject[] {
  let bySeg = bySegment.get(routes);
  if (!bySeg) bySegment.set(routes, (bySeg = new Map()));
  let routesFor = bySeg.get(segment);
  if (routesFor) return routesFor;
  routesFor = keepFor(routes, segment, '');
  if (bySeg.size >= KEPT_PATHS) bySeg.delete(bySeg.keys().next().value!);
  bySeg.set(segment, routesFor);
  return routesFor;
}

function keepFor(routes: readonly RouteObject[], segment: string, parentPath: string): RouteObject[] {
  const out: RouteObject[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath}/${route.path}`;
    const head = firstSegment(path);
    if (route.children?.length) {
      const children = keepFor(route.children, segment, path);
      if (children.length) out.push({ ...route, children } as RouteObject);
    } else if (head === '' || head === segment || head.startsWith(':') || head === '*') {
      out.push(route);
    }
  }
  return out;
}
