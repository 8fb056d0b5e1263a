/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
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

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/;
const FRAMEWORK_LATER = /[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|shallow)\.m?js$/;

// Text (and the wasm decoder) compresses to a quarter or less; images are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;

/**
 * Writes file.br and file.gz next to every compressible file of the build, the service
 * worker included, so the server sends what the phone accepts without compressing per
 * request (apps/server/src/platform/web-app.ts). Brotli at its best quality: once per
 * build, for every phone; the 1 MB wasm decoder gets quality 9 (quality 11 takes ~6 s
 * for ~10 % less on a file only the scan screens load).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'gerai:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa's closeBundle, which writes sw.js and the workbox runtime.
    closeBundle: {
      order: 'post',
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            const body = await readFile(full);
            const quality = body.length > 1_000_000 ? 9 : zlib.BROTLI_MAX_QUALITY;
            const [br, gzipped] = await Promise.all([
              brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gz(body, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            // A tiny file can grow when compressed: then the plain one is what goes out.
            if (br.length < body.length) await writeFile(`${full}.br`, br);
            if (gzipped.length < body.length) await writeFile(`${full}.gz`, gzipped);
          }),
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), ...(isVitest ? [] : [tailwindcss(), pwa(), precompress()])],
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
    // Every browser of that target but Safari 16 preloads modules itself; there the hint is
    // only lost (the app still loads), so the polyfill is not worth its place in every first load.
    modulePreload: { polyfill: false },
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
          // The framework changes far less often than the app: its own long-cached chunk, in
          // every first load. The parts only later screens use (mutations, infinite lists,
          // zustand's shallow compare) stay out of it and load with those screens.
          groups: [{ name: 'framework', test: (id) => FRAMEWORK.test(id) && !FRAMEWORK_LATER.test(id) }],
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
