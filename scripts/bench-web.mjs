// `npm run bench:web`: Lighthouse (mobile preset: its default config with mobile emulation
// and simulated slow-4G / 4× CPU throttling) on the real built app, signed in as a demo
// crew member, as a phone on a slow network receives it. Prints a table per page and
// exits non-zero when a budget is missed. Only 127.0.0.1; stops by itself.
//
//   npm run bench:web                    build, then 3 runs per page (the median run is reported)
//   npm run bench:web -- --runs 5        more runs per page
//   npm run bench:web -- --no-build      measure the build already in apps/web/dist
//   npm run bench:web -- --json DIR      also write each median Lighthouse report as JSON
//   npm run bench:web -- /order/         only the pages named (/login, /, /order/)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { startApp, stopAfter } from './app-server.mjs';
import { ensureChromium, CHROMIUM } from './ensure-chromium.mjs';
import { FIRST_LOAD_BUDGET_KB, firstLoadOnWire } from './first-load-budget.mjs';

const BUDGET = { performance: 90, tbtMs: 200, firstLoadKb: FIRST_LOAD_BUDGET_KB };
const PAGES = [
  // A new user's first screen: no session.
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/order/', signedIn: true },
];
const DEMO = { nik: '10000001', password: 'gerai123' };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const HARD_LIMIT_MS = 10 * 60_000;

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const runs = Math.max(1, Math.min(9, Number(opts.runs) || 3));
// `npm run bench:web -- /order/` measures only the pages named.
const pages = positionals.length ? PAGES.filter((p) => positionals.includes(p.path)) : PAGES;

ensureChromium();
if (!opts['no-build']) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@gerai/web'], { stdio: 'inherit', timeout: 5 * 60_000 });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let app;
let chrome;
const cleanUp = () => {
  try {
    chrome?.kill();
  } catch {}
  app?.stop();
};
const limit = stopAfter(HARD_LIMIT_MS, 'bench:web', cleanUp);

/** Signs the demo crew member in through the API and returns the session cookies as a Cookie header. */
async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const ms = (v) => `${Math.round(v)} ms`;

async function measure(url, cookie) {
  const results = [];
  let failures = 0;
  while (results.length < runs) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      maxWaitForLoad: 45_000,
      // Lighthouse resets storage between runs: every run is a first visit (no service worker, empty cache).
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const error = !result ? 'no result' : result.lhr.runtimeError ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` : null;
    if (error) {
      // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART): that run is tried again.
      if (++failures > 2) throw new Error(`${url}: ${error}`);
      console.log(`  run failed (${error}); trying again`);
      continue;
    }
    results.push(result.lhr);
  }
  const lhr = computeMedianRun(results);
  const audit = (name) => lhr.audits[name]?.numericValue ?? NaN;
  const scriptRow = lhr.audits['resource-summary']?.details?.items?.find((r) => r.resourceType === 'script');
  return {
    lhr,
    scores: results.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)),
    // Lighthouse's own measure of this machine's speed: simulated timings scale with it.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: (scriptRow?.transferSize ?? 0) / 1000,
    jsRequests: scriptRow?.requestCount ?? 0,
  };
}

let failed = false;
try {
  app = await startApp({
    port: process.env.BENCH_WEB_PORT ?? '3210',
    // Production refuses the public demo secrets: this run gets its own.
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      JWT_SECRET: randomBytes(32).toString('hex'),
      CHANNEL_SECRETS: JSON.stringify(Object.fromEntries([379, 410, 91, 95, 901, 911, 87].map((appId) => [appId, randomBytes(32).toString('hex')]))),
    },
  });
  const cookie = await signIn(app.base);
  const firstLoad = await firstLoadOnWire(app.base);
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM, chromeFlags: CHROME_FLAGS });

  const rows = [];
  for (const page of pages) {
    const url = `${app.base}${page.path}`;
    console.log(`Lighthouse ${page.path} (${runs} run${runs > 1 ? 's' : ''}, ${page.signedIn ? 'signed in' : 'no session'})…`);
    const m = await measure(url, page.signedIn ? cookie : undefined);
    rows.push({ page, ...m });
    if (opts.json) {
      mkdirSync(opts.json, { recursive: true });
      const name = page.path.replace(/\//g, '_').replace(/^_|_$/g, '') || 'home';
      writeFileSync(path.join(opts.json, `${name}.json`), JSON.stringify(m.lhr, null, 2));
    }
  }

  console.log('\nLighthouse mobile (simulated slow 4G, 4× CPU), median of', runs, 'run(s):\n');
  console.log('| page | performance | FCP | LCP | TBT | CLS | JS transferred |');
  console.log('|---|--:|--:|--:|--:|--:|--:|');
  for (const r of rows) {
    console.log(`| \`${r.page.path}\` | ${r.performance} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${r.jsKb.toFixed(1)} kB (${r.jsRequests} files) |`);
  }
  const firstLoadKb = firstLoad.js.bytes / 1000;
  console.log(
    `\nfirst-load JavaScript as sent: ${firstLoadKb.toFixed(1)} kB ${firstLoad.js.encodings} in ${firstLoad.js.files} files; ` +
      `CSS ${(firstLoad.css.bytes / 1000).toFixed(1)} kB ${firstLoad.css.encodings}; HTML ${(firstLoad.html.bytes / 1000).toFixed(1)} kB ${firstLoad.html.encoding}`,
  );
  if (runs > 1) console.log(`performance scores of each run: ${rows.map((r) => `${r.page.path} ${r.scores.join('/')}`).join(', ')}`);
  console.log(`host benchmarkIndex (Lighthouse; higher is faster, a busy machine scores lower and looks slower): ${rows.map((r) => r.benchmarkIndex).join(', ')}`);

  console.log('\nbudgets:');
  const check = (ok, text) => {
    console.log(`${ok ? '✓' : '✗'} ${text}`);
    if (!ok) failed = true;
  };
  for (const r of rows) {
    check(r.performance >= BUDGET.performance, `${r.page.path}: performance ${r.performance} (≥ ${BUDGET.performance})`);
    check(r.tbt <= BUDGET.tbtMs, `${r.page.path}: TBT ${ms(r.tbt)} (≤ ${BUDGET.tbtMs} ms)`);
  }
  check(firstLoadKb <= BUDGET.firstLoadKb && firstLoad.js.encodings === 'br', `first-load JavaScript ${firstLoadKb.toFixed(1)} kB as sent, ${firstLoad.js.encodings} (≤ ${BUDGET.firstLoadKb} kB brotli)`);
} catch (err) {
  console.error(`✗ bench:web failed: ${err instanceof Error ? err.message : String(err)}`);
  failed = true;
} finally {
  clearTimeout(limit);
  cleanUp();
}
process.exit(failed ? 1 : 0);
