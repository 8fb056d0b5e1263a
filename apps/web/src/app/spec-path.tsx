import { createContext, use, type ReactNode } from 'react';
import { matchPath, useLocation, type Params } from 'react-router';

// React Router turns a path with n optional segments into 2^n branches, and every
// navigation matches against every branch: the spec's help-center paths alone made 64 of
// the app's ~110. A path with two or more optional segments is therefore one splat route
// (its fixed head + `/*`) whose element checks the full spec path and hands its params on.

const OPTIONAL_SEGMENT = /\/:[^/]+\?/g;

/** The path given to the router for a spec path. */
export function routerPath(specPath: string): string {
  const optional = [...specPath.matchAll(OPTIONAL_SEGMENT)];
  if (optional.length < 2) return specPath;
  return `${specPath.slice(0, optional[0]!.index)}/*`;
}

const SpecParams = createContext<Params | null>(null);

/** Renders `children` when the location matches the spec path, `fallback` otherwise. */
export function SpecPathGuard({ path, fallback, children }: { path: string; fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const match = matchPath({ path, end: true }, pathname);
  return match ? <SpecParams value={match.params}>{children}</SpecParams> : fallback;
}

/** The route's params: the spec path's own under a splat route, React Router's otherwise. */
export function useSpecParams(): Params {
  const params = use(SpecParams);
  if (!params) throw new Error('useSpecParams outside a spec path route');
  return params;
}
