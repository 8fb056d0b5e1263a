import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The same bound as React.lazy's own: any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** React.lazy for a module's named export (lazy() itself wants a default export). */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
