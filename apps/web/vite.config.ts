/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { blocksChunk, chunkGraph, preloadList } from './chunk-plan';

// Vitest loads this file as the "web" project; the PWA and Tailwind plugins only matter for real builds.
const isVitest = Boolean(process.env.VITEST);

const THEME_COLOR = '#b91c1c';

function pwa(): PluginOption {
  return VitePWA({
    registerType: 'autoUpdate',
    // The app registers it itself once the page is idle (app/service-worker.ts): the plugin's
    // registerSW.js did so in the load event, a long task before the first screen's content.
    injectRegister: false,
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
      // The push handlers (features/push/worker), built apart by pushWorker() below.
      importScripts: [PUSH_WORKER_FILE],
    },
  });
}

const PUSH_WORKER_FILE = 'push-sw.js';
const PUSH_WORKER_ENTRY = fileURLToPath(new URL('./src/features/push/worker/sw-entry.ts', import.meta.url));

/**
 * The service worker's push part (issue 28), bundled on its own (a few kB, with the contract's
 * push module and the route table) and emitted as push-sw.js for workbox's importScripts: the
 * generated worker keeps its precache untouched, and the file is precached with the rest.
 */
function pushWorker(): Plugin {
  return {
    name: 'gerai:push-worker',
    apply: 'build',
    async generateBundle() {
      const { rolldown } = await import('rolldown');
      const bundle = await rolldown({
        input: PUSH_WORKER_ENTRY,
        resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
        platform: 'browser',
        // As in the app's build: the contract's modules only declare constants.
        treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) },
      });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        this.emitFile({ type: 'asset', fileName: PUSH_WORKER_FILE, source: output[0].code });
      } finally {
        await bundle.close();
      }
    },
  };
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-error-boundary|@tanstack|zustand)[\\/]/;
const FRAMEWORK_LATER = /[\\/](mutationObserver|useMutation|shallow|hydration)\.m?js$/;
// The saved copy of the cache (IndexedDB, dehydrate/hydrate): every screen restores it at start,
// /login included, so it is a small chunk of its own. In the "screens" chunk (the live side
// imports it too), /login loaded and evaluated all of that chunk to restore a copy.
const PERSISTENCE = /[\\/](src[\\/]shared[\\/]offline[\\/]query-persistence\.ts|node_modules[\\/]idb-keyval[\\/].*|node_modules[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js)$/;

// The code a phone loads right after the shell on any signed-in screen: the home and order
// list pages (the screens a crew opens), the modal layer, the force-update check, the live
// updates (every area's live declarations, the connection pill, the escalation alert) and the
// outbox. Each is a lazy chunk; the modules they reach go into one chunk (below). Every signed-in
// screen loads the live side: apart, its modules were a dozen small chunks, each one more
// request and one more <link rel="modulepreload"> the preload helper writes on the main thread.
// The Batal list's queue of cancellation requests comes with the lists, so it is not a round trip after
// their cards (it pushed them down on a slow phone).
// By convention, whatever the home screen loads lazily (its tile badges and notices) goes with
// it: a new area's badge joins the chunk without being named here.
const SCREENS_ROOTS = /[\\/]src[\\/](app[\\/]routes[\\/](home|not-found|account)\.tsx|app[\\/]layouts[\\/]overlays\.tsx|app[\\/]live[\\/]app-live-sync\.tsx|shared[\\/]outbox[\\/](connection-status\.tsx|app-outbox\.ts)|features[\\/]monitoring[\\/]components[\\/]escalation-alert\.tsx|shared[\\/]ui[\\/]unavailable-page\.tsx|features[\\/]orders[\\/]pages[\\/]order-list-page\.tsx|features[\\/]orders[\\/]components[\\/](order-live-updates|order-filter-modal)\.tsx|features[\\/]cancellations[\\/]components[\\/]cancel-pending-section\.tsx|features[\\/]pod[\\/]components[\\/]pod-live-updates\.tsx|features[\\/]app-config[\\/]components[\\/]force-update-gate\.tsx|features[\\/]push[\\/]start-push\.ts)$/;
const HOME = /[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/;
/** A lazy chunk of the "screens" group: named above, or loaded lazily by the home screen. */
function isScreensRoot(root: string, ctx: ChunkingContext): boolean {
  if (SCREENS_ROOTS.test(root)) return true;
  return ctx.getModuleInfo(root)?.dynamicImporters.some((importer) => HOME.test(importer)) ?? false;
}
const LOGIN_ROOT = /[\\/]src[\\/]app[\\/]routes[\\/]login\.tsx$/;
const SCREEN_CODE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]contract[\\/]src)[\\/]|[\\/]node_modules[\\/](@tanstack|zustand)[\\/]/;
// Never grouped: zod with the schemas (login and forms only), the camera scanner, the QR code.
// The hardware-scanner listener is a few hundred bytes the order lists use too: it is grouped.
const OWN_CHUNK = /[\\/]node_modules[\\/](zod|zxing-wasm|barcode-detector|qrcode\.react|react-hook-form|@hookform)[\\/]|[\\/]contract[\\/]src[\\/](schemas|events)|[\\/]src[\\/]shared[\\/]scanner[\\/](?!use-keyboard-wedge|scan-gate)/;

/**
 * One "screens" chunk instead of one chunk per shared module: the home or order list page
 * then takes a few requests after the shell instead of 15–38 over HTTP/1.1's six connections
 * (and the preload helper adds one <link> per chunk, each costing main-thread time).
 * What the entry (index.html) reaches goes into one "shell" chunk: left to automatic
 * chunking, the modules it shares with "screens" were split into small common chunks, all
 * in the first load. What the login screen reaches keeps its own small chunks, so a new
 * user's first screen does not wait for the app's. Other pages (detail, scan, POD, guide)
 * keep automatic chunks and share these.
 */
function screensChunk(id: string, ctx: ChunkingContext): string | null {
  if (!SCREEN_CODE.test(id) || OWN_CHUNK.test(id)) return null;
  if (staticRoots(id, ctx, SHELL_BARRELS).has('entry')) return 'shell';
  // The pages do import the contract through its index: walked through for everything but the shell.
  const roots = staticRoots(id, ctx, PAGE_BARRELS);
  const screens = [...roots].some((r) => isScreensRoot(r, ctx));
  // What login shares with the other screens (mutations, the app config) is one chunk of its own.
  if ([...roots].some((r) => LOGIN_ROOT.test(r))) return screens ? 'common' : null;
  return screens ? 'screens' : null;
}

// TanStack Query's index only re-exports: importing one hook through it does not load the
// others, so it is no way in (else the mutation hooks would look like shell code). The same
// for the contract's index, when deciding what is shell: first-load code imports the contract
// by module, so what only the pages use (geo, shipment codes) is not shell. The pages import
// it through the index, so their grouping ("screens") still walks through it.
const TANSTACK_BARREL = /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/]index\.js$/;
const CONTRACT_INDEX = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;
const SHELL_BARRELS = [TANSTACK_BARREL, CONTRACT_INDEX];
const PAGE_BARRELS = [TANSTACK_BARREL];

const rootsCache = new Map<readonly RegExp[], Map<string, Set<string>>>();
/**
 * The lazy chunks (dynamically imported modules) and the entry ('entry') that reach a module
 * through static imports alone: they are what loads it.
 */
function staticRoots(id: string, ctx: ChunkingContext, barrels: readonly RegExp[]): Set<string> {
  const cache = rootsCache.get(barrels) ?? new Map<string, Set<string>>();
  rootsCache.set(barrels, cache);
  const cached = cache.get(id);
  if (cached) return cached;
  const roots = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    // index.html is the entry (it has no module info of its own).
    if (current.endsWith('.html')) {
      roots.add('entry');
      continue;
    }
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) roots.add('entry');
    if (info.dynamicImporters.length > 0) roots.add(current);
    for (const importer of info.importers) {
      if (seen.has(importer) || barrels.some((b) => b.test(importer))) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  cache.set(id, roots);
  return roots;
}

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

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(isVitest ? [] : [tailwindcss(), pwa(), pushWorker(), chunkGraph(), precompress()])],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // React Router's package exports point only at its development build, whose dev warnings
      // (on by a constant) ship otherwise; builds take the production build beside it.
      ...(command === 'build' ? { 'react-router': fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) } : {}),
    },
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
    modulePreload: {
      polyfill: false,
      resolveDependencies: preloadList,
    },
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare constants and zod schemas. Marking them
        // side-effect free lets the bundler drop the schemas the web never uses, and
        // zod with them, instead of shipping every schema in the first load.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          // The framework changes far less often than the app: its own long-cached chunk, in
          // every first load. The parts only later screens use (mutations, zustand's shallow
          // compare, the cache's dehydrate/hydrate of the offline copy) stay out of it and
          // load with those screens. Infinite lists are in: the
          // shell asks for the order list's first page itself (features/orders/utils/list-route.ts).
          groups: [
            { name: 'persistence', test: (id) => PERSISTENCE.test(id), includeDependenciesRecursively: false, priority: 3 },
            { name: 'framework', test: (id) => FRAMEWORK.test(id) && !FRAMEWORK_LATER.test(id), priority: 2 },
            { name: screensChunk, includeDependenciesRecursively: false, priority: 1 },
            { name: blocksChunk, includeDependenciesRecursively: false, minShareCount: 2, priority: 0 },
          ],
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
}));
