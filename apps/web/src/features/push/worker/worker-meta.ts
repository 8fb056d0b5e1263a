// What the service worker needs of the page to subscribe again on its own (pushsubscriptionchange
// fires with no page open): this install's device id. Kept in Cache Storage, which both the page
// and the worker reach (localStorage is the page's only); workbox's cleanup touches only its own caches.

export const PUSH_META_CACHE = 'gerai-push-meta';
const META_URL = '/__gerai/push-meta';

export interface PushMeta {
  deviceId: string;
}

interface CacheStorageLike {
  open(name: string): Promise<{ put(url: string, res: Response): Promise<void>; match(url: string): Promise<Response | undefined> }>;
}

const cacheStorage = (): CacheStorageLike | null => (typeof caches === 'undefined' ? null : (caches as unknown as CacheStorageLike));

export async function savePushMeta(meta: PushMeta, store = cacheStorage()): Promise<void> {
  if (!store) return;
  const cache = await store.open(PUSH_META_CACHE);
  await cache.put(META_URL, new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }));
}

export async function readPushMeta(store = cacheStorage()): Promise<PushMeta | null> {
  if (!store) return null;
  const res = await (await store.open(PUSH_META_CACHE)).match(META_URL);
  if (!res) return null;
  const meta = (await res.json().catch(() => null)) as Partial<PushMeta> | null;
  return typeof meta?.deviceId === 'string' ? { deviceId: meta.deviceId } : null;
}
