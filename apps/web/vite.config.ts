/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// Vitest loads this file as the "web" project; the PWA and Tailwind plugins only matter for real builds.
const isVitest = Boolean(process.env.VITEST);

const THEME_COLOR = '#b91c1c';

function pwa(): PluginOption {
  return VitePWA({
    registerType: 'autoUpdate',
    // A separate registerSW.js file: the server's CSP allows no inline scripts.
    injectRegister: 'script-defer',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'Gerai — Pesanan Online',
      short_name: 'Gerai',
      description: 'Aplikasi pesanan online untuk kru toko: terima, packing, kirim, dan serahkan pesanan pelanggan.',
      lang: 'id',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // Precache every chunk (lazy pages included) so the whole shell opens offline.
      globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api/],
      // The barcode decoder (ZXing wasm, ~460 kB gzip) is not precached for every phone:
      // it is cached the first time a scan screen loads it (hashed name, so cache-first is safe).
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
          handler: 'CacheFirst',
          options: { cacheName: 'gerai-wasm', expiration: { maxEntries: 4 } },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

export default defineConfig({
  plugins: [react(), ...(isVitest ? [] : [tailwindcss(), pwa()])],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare constants and zod schemas. Marking them
        // side-effect free lets the bundler drop the schemas the web never uses, and
        // zod with them, instead of shipping every schema in the first load.
        // The same for catalogue parts that id.ts only re-exports (id-pod.ts): their
        // words load with the screens that use them.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]shared[\\/]i18n[\\/]id-[a-z-]+\.ts$/.test(id),
      },
      output: {
        codeSplitting: {
          // The framework changes far less often than the app: its own long-cached chunk.
          groups: [{ name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/ }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
