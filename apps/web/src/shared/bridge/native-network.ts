/**
 * The connection as the native host sees it, when it says: a webview's navigator.onLine
 * often stays true on a dead mobile connection, while the host knows. A host reports it
 * by injecting `window.GeraiNativeInfo.online` before the page loads and dispatching
 * `gerai-native-network` events (`detail: { online: boolean }`) when it changes; the
 * page then raises the browser's own online/offline events, so every listener (TanStack
 * Query, the outbox, the screens) follows the host. Tiny and dependency-free: the shell
 * reads it on every screen.
 */
export const NATIVE_NETWORK_EVENT = 'gerai-native-network';

let hostOnline: boolean | null = null;

/** Online by the host's word when it gave one, else by the browser's. */
export function deviceOnline(): boolean {
  if (hostOnline !== null) return hostOnline;
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Starts following the host's network reports (once, at start). */
export function followNativeNetwork(): void {
  if (typeof window === 'undefined') return;
  const injected = window.GeraiNativeInfo?.online;
  if (typeof injected === 'boolean') hostOnline = injected;
  window.addEventListener(NATIVE_NETWORK_EVENT, (event) => {
    const online = (event as CustomEvent<{ online?: unknown }>).detail?.online;
    if (typeof online !== 'boolean' || online === hostOnline) return;
    hostOnline = online;
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
