// The JavaScript a phone downloads before the first screen, as the server sends it:
// index.html is fetched from the running app with `Accept-Encoding: br, gzip` like a
// browser, then every module script and modulepreload it names, and the compressed
// bytes on the wire are added up. Fails above the budget, so a stray import (a schema
// module pulling zod into the shell) or a server that stops compressing is caught here.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 100;

/** GET without decoding: node:http hands over the body exactly as it came over the wire. */
function getRaw(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip' }, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'] ?? 'identity', body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

function decode({ encoding, body }) {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/** The first load's pieces as sent by the server at `base` (http://127.0.0.1:port). */
export async function firstLoadOnWire(base) {
  const page = await getRaw(`${base}/`);
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  const html = decode(page).toString('utf8');
  const scripts = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) scripts.add(m[1]);
  // A classic script (vite-plugin-pwa's registerSW.js was one) runs in the load event before the screen's
  // content: the app registers its service worker itself when idle (app/service-worker.ts).
  const classic = [...html.matchAll(/<script(?![^>]*type="module")[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  // What those modules import statically loads before anything runs too: an entry that lost its
  // modulepreload links (a module outside every chunk group becomes an entry chunk of its own) still
  // loads the framework and the shell, one round trip later.
  for (const url of [...scripts]) {
    const code = decode(await getRaw(new URL(url, base).href)).toString('utf8');
    for (const file of staticImportsOf(code)) {
      const next = new URL(file, new URL(url, base)).pathname;
      if (!scripts.has(next)) scripts.add(next);
    }
  }
  const styles = new Set();
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)) styles.add(m[1]);

  const sum = async (urls) => {
    let bytes = 0;
    const encodings = new Set();
    for (const url of urls) {
      const res = await getRaw(new URL(url, base).href);
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
      bytes += res.body.length;
      encodings.add(res.encoding);
    }
    return { bytes, files: urls.size, encodings: [...encodings].join('+') || 'none' };
  };
  return { html: { bytes: page.body.length, encoding: page.encoding }, js: await sum(scripts), css: await sum(styles), classic, start: await startPreloads(base, scripts) };
}

/** The relative files a module imports statically (`import{a as b}from"./x.js"`, `import"./y.js"`), not `import(…)`. */
export function staticImportsOf(code) {
  return [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[\w.~-]+\.js)["']/g)].map((m) => m[1]);
}

/**
 * The files Vite's preload helper writes a <link rel="modulepreload"> for with each lazy import of the
 * shell's code (apps/web/vite.config.ts, preloadList), by the imported chunk's name (its hash taken off):
 * each link is main-thread work when the import runs (decisions 137, 147).
 */
export function preloadListsOf(code) {
  const table = code.match(/__vite__mapDeps=\([^]*?m\.f\|\|\(m\.f=(\[[^\]]*\])\)/);
  const names = table ? JSON.parse(table[1].replace(/`/g, '"')) : [];
  const lists = new Map();
  // `import(`./x.js`)…,__vite__mapDeps([i,…])` or `…,[])`: the nearest list after the import is its own.
  for (const m of code.matchAll(/import\(["'`]\.\/([\w.~-]+\.js)["'`]\)[^;]*?,(?:__vite__mapDeps\(\[([\d,]*)\]\)|\[\]\))/g)) {
    const files = (m[2] ?? '').split(',').filter(Boolean).map((i) => names[Number(i)].replace(/^.*\//, ''));
    lists.set(chunkName(m[1]), files);
  }
  return lists;
}

const chunkName = (file) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

/**
 * The most files a lazy import may preload. The saved copy of the cache, which the shell's first
 * render imports: nothing (in the "screens" chunk it took that chunk along, on /login too). The pages
 * whose budgets failed on them (issue 27): the screens chunk and its dependencies are the overlays'
 * to preload, and the page's shared pieces come in few chunks. Scan and go's form checks without zod, whose
 * core was one of its 8 files (the `schemas` chunk: 7 kB brotli run before its first content).
 */
export const PRELOAD_BUDGET = { persistence: 0, 'order-detail': 4, 'order-scan-go': 7, 'recap-page': 1, 'booking-list-kecamatan-page': 5 };

/** The preload lists of the shell's lazy imports, fetched from the app at `base`, and what is over budget. */
async function startPreloads(base, scripts) {
  const lists = new Map();
  for (const url of scripts) {
    for (const [name, files] of preloadListsOf(decode(await getRaw(new URL(url, base).href)).toString('utf8'))) lists.set(name, files);
  }
  const over = Object.entries(PRELOAD_BUDGET)
    .filter(([name, most]) => !lists.has(name) || lists.get(name).length > most)
    .map(([name, most]) => (lists.has(name) ? `${name} preloads ${lists.get(name).length} files (at most ${most}: ${lists.get(name).map(chunkName).join(' ')})` : `no lazy import of ${name} in the shell`));
  return { lists, over };
}

/** Prints the summary line; false when the first-load JavaScript is over the budget. */
export async function checkFirstLoad(base) {
  const { html, js, css, classic, start } = await firstLoadOnWire(base);
  if (classic.length) {
    console.error(`✗ index.html loads classic scripts: ${classic.join(' ')} (only the entry module and its preloads belong there)`);
    return false;
  }
  if (start.over.length) {
    for (const line of start.over) console.error(`✗ ${line}`);
    return false;
  }
  const kb = js.bytes / 1000;
  const line =
    `first-load JS as sent: ${kb.toFixed(1)} kB ${js.encodings} in ${js.files} files (budget ${FIRST_LOAD_BUDGET_KB} kB); ` +
    `CSS ${(css.bytes / 1000).toFixed(1)} kB ${css.encodings}, HTML ${(html.bytes / 1000).toFixed(1)} kB ${html.encoding}`;
  if (kb > FIRST_LOAD_BUDGET_KB) {
    console.error(`✗ ${line}`);
    return false;
  }
  console.log(`✓ ${line}`);
  return true;
}
