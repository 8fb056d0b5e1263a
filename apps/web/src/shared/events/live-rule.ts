import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventType } from '@gerai/contract/event-types';
import type { StreamEvent } from './event-stream';

/**
 * The one live-update rule (decision NNN): each area says, in its `features/<area>/live.ts`, which event
 * types change which of its query keys (`stale`) and, where it reads the answer from the event itself,
 * how the payload is written into its cached data (`patch`). The signed-in shell's one subscriber
 * (`app/live/live-sync.tsx`) applies every event by these declarations to the in-memory cache and,
 * through it, to the phone's saved copy. Types no area cares about are named in `LIVE_IRRELEVANT`.
 */

/** What a declaration sees besides the event: the cache, and the store the phone works in (null: any). */
export interface LiveContext {
  queryClient: QueryClient;
  storeCode: string | null;
  /** Whether this area's own patch of the same event wrote into the cache. */
  patched: boolean;
}

/**
 * A key an event makes stale: its queries (and those under it) are read again when on screen, the
 * others when next shown. `quiet`: only marked, not read now (a change this phone is making answers
 * with newer data); `exact`: this key only, not the keys under it.
 */
export type StaleKey = QueryKey | { queryKey: QueryKey; exact?: boolean; quiet?: boolean };

type StaleMap = { [K in EventType]?: (event: StreamEvent<K>, ctx: LiveContext) => readonly StaleKey[] };
/** Writes an event's payload into cached data; true when it wrote something. */
type PatchMap = { [K in EventType]?: (event: StreamEvent<K>, ctx: Omit<LiveContext, 'patched'>) => boolean | void };

export interface LiveDeclaration {
  /** The area's name (its folder under features/), for the catalogue test's messages. */
  area: string;
  stale: StaleMap;
  patch?: PatchMap;
}

/** Declares an area's live updates (typed per event: each function gets its type's payload). */
export const defineLive = (declaration: LiveDeclaration): LiveDeclaration => declaration;

/** One function for several event types: it takes the union of their events (the map's entry for each accepts it). */
function each<T extends EventType, F>(types: readonly T[], fn: F): Record<T, F> {
  const map = {} as Record<T, F>;
  for (const type of types) map[type] = fn;
  return map;
}

/** The same keys for several event types (an area that reads every event of a list the same way). */
export const staleFor = <T extends EventType>(types: readonly T[], keys: (event: StreamEvent<T>, ctx: LiveContext) => readonly StaleKey[]) => each(types, keys);

/** The same patch for several event types. */
export const patchFor = <T extends EventType>(types: readonly T[], patch: (event: StreamEvent<T>, ctx: Omit<LiveContext, 'patched'>) => boolean | void) => each(types, patch);

/**
 * Event types no area's cache follows, each with the reason. Every type of the contract's catalogue is
 * either handled by some area's declaration or named here (`app/live/live-areas.test.ts`).
 */
export const LIVE_IRRELEVANT: { readonly [K in EventType]?: string } = {};
