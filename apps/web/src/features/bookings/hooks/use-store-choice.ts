import { useSearchParams } from 'react-router';
import type { StoreProximity } from '@gerai/contract';

export type StoreRing = 'kelurahan' | 'kecamatan';

/** Why the page was opened, from its query string. */
type Context =
  | { kind: 'picking'; shipmentNo: string; lineId: number }
  | { kind: 'reoffer'; bookID: number }
  | { kind: 'browse'; productId: string; qty: number }
  | { kind: 'none' };

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

function contextOf(search: URLSearchParams): Context {
  const shipmentNo = search.get('shipmentNo')?.trim() ?? '';
  const lineId = positive(search.get('lineId'));
  if (shipmentNo && lineId) return { kind: 'picking', shipmentNo, lineId };
  const bookID = positive(search.get('bookID'));
  if (bookID) return { kind: 'reoffer', bookID };
  const productId = search.get('productId')?.trim() ?? '';
  if (productId) return { kind: 'browse', productId, qty: positive(search.get('qty')) || 1 };
  return { kind: 'none' };
}

/** The page's own parameters: the store search and the "nearby" chip, kept apart from the context. */
const OWN_PARAMS = ['q', 'nearby'];

/**
 * The store choice's state, all in the query string: why the page was opened (its context), the ring
 * (kelurahan, kecamatan, or nearby beyond it), the store search, and the context's query string for
 * the other ring.
 */
export function useStoreChoice(scope: StoreRing) {
  const [search, setSearch] = useSearchParams();
  const context = contextOf(search);
  const nearby = scope === 'kecamatan' && search.get('nearby') === '1';
  const ring: StoreProximity = scope === 'kelurahan' ? 'kelurahan' : nearby ? 'nearby' : 'kecamatan';
  const query = search.get('q') ?? '';

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };
  // The context goes along to the other ring; the search and the chip are this page's.
  const contextSearch = (() => {
    const next = new URLSearchParams(search);
    for (const key of OWN_PARAMS) next.delete(key);
    const qs = next.toString();
    return qs ? `?${qs}` : '';
  })();
  return { context, nearby, ring, query, update, contextSearch };
}
