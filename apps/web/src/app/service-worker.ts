import { whenIdle } from '@/shared/utils/when-idle';

/** Where the build writes the service worker (vite-plugin-pwa: precache, offline shell, push handlers). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded and the main thread is free (at most 3 s
 * later): registered by the plugin's script on `load`, it was one task of about 100 ms at 4× CPU in
 * every first load, before the screen's content had painted. The app works online without it, so a
 * refused registration (an old webview, a private window) changes nothing else.
 */
export function registerServiceWorker(win: Window = window): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  const register = () => {
    whenIdle(() => {
      container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
    }, 3000);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
