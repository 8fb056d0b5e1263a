// `npm run bench:web`: Lighthouse (mobile preset: its default config with mobile emulation
// and simulated slow-4G / 4× CPU throttling) on the real built app, signed in as the demo
// member whose role opens each screen, as a phone on a slow network receives it. Prints a
// table per screen and exits non-zero when a budget is missed, naming the route. Only
// 127.0.0.1; stops by itself.
//
//   npm run bench:web                    build, then 3 runs of /login, / and /order (the median run is reported)
//   npm run bench:web -- --all           every route of the app (e2e/support/a11y-screens.ts: role and demo URL)
//   npm run bench:web -- --all --variants  and the second states of a route (the kepala toko's home, picking…)
//   npm run bench:web -- /monitoring /retur/list   only the routes named (pattern, its fixed part or the URL)
//   npm run bench:web -- --runs 1        a quick screening (--runs 5: more runs per screen)
//   npm run bench:web -- --all --list    only print the screens a run would measure (route, role, URL)
//   npm run bench:web -- --no-build      measure the build already in apps/web/dist
//   npm run bench:web -- --json DIR      also write each median Lighthouse report as JSON
//   npm run bench:web -- --cpu 8         a headroom probe: Lighthouse's CPU slowdown at 8× instead of the
//                                        mobile config's 4×, about what 4× gives on a host half as fast
//                                        (the budgets are judged at 4×; a probe's misses say where it is thin)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { request } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { startApp, stopAfter } from './app-server.mjs';
import { ensureChromium, CHROMIUM } from './ensure-chromium.mjs';
import { FIRST_LOAD_BUDGET_KB, firstLoadOnWire } from './first-load-budget.mjs';

// One route table with the accessibility walk: who opens each screen and which demo row its params name.
const { ROLES, SCREENS, findDemo } = await tsImport('../e2e/support/a11y-screens.ts', import.meta.url);

const BUDGET = { performance: 90, tbtMs: 200, firstLoadKb: FIRST_LOAD_BUDGET_KB };
// The quick default: a new user's first screen (no session), home and the order list.
const QUICK = ['/login', '/', '/order'];
const PASSWORD = 'gerai123';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    all: { type: 'boolean', default: false },
    variants: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    cpu: { type: 'string' },
  },
});
const runs = Math.max(1, Math.min(9, Number(opts.runs) || 3));
// Lighthouse's mobile config slows the CPU 4× in its simulation; another factor only probes the headroom.
const cpuSlowdown = opts.cpu ? Math.max(1, Math.min(20, Number(opts.cpu) || 4)) : null;
if (cpuSlowdown) console.log(`CPU slowdown ${cpuSlowdown}× (a headroom probe; the budgets are judged at the mobile config's 4×)`);

const trim = (p) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
/** A route's fixed part: `/retur/list/:status` → `/retur/list`, `/help-center/:mode?/…` → `/help-center`. */
const fixedPart = (route) => trim(route.split('/:')[0] || '/');
const label = (s) => `${s.route}${s.variant ? ` (${s.variant})` : ''}`;

/** The screens to measure: the quick three, every route (`--all`, `--variants` for second states) or the routes named. */
function selectScreens() {
  const main = opts.variants ? SCREENS : SCREENS.filter((s) => !s.variant);
  if (opts.all) return main;
  const wanted = (positionals.length ? positionals : QUICK).map((p) => trim(p.split('?')[0]));
  const picked = main.filter((s) => wanted.some((w) => w === s.route || w === fixedPart(s.route) || (s.url.length === 0 && w === trim(s.url().split('?')[0]))));
  const unknown = wanted.filter((w) => !picked.some((s) => w === s.route || w === fixedPart(s.route) || (s.url.length === 0 && w === trim(s.url().split('?')[0]))));
  if (unknown.length) {
    console.error(`✗ bench:web: no route ${unknown.join(', ')} (routes: ${[...new Set(SCREENS.map((s) => fixedPart(s.route)))].join(' ')})`);
    process.exit(1);
  }
  return picked;
}
const screens = selectScreens();
if (opts.list) {
  for (const s of screens) console.log(`${label(s)}  as ${s.role ?? 'no session'}  ${s.url.length ? '(URL from the demo data)' : s.url()}`);
  process.exit(0);
}
// About a minute per Lighthouse run on a busy 2-core machine, plus the start.
const HARD_LIMIT_MS = (5 + screens.length * runs * 1.5) * 60_000;

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
  for (const api of apis.values()) api.dispose().catch(() => {});
  app?.stop();
};
const limit = stopAfter(HARD_LIMIT_MS, 'bench:web', cleanUp);

const apis = new Map();
/** Signs a demo member of `role` in through the API (once) and returns that session. */
async function session(base, role) {
  if (apis.has(role)) return apis.get(role);
  // Origin and X-Requested-With: what the CSRF check asks of a cookie-authenticated change (the demo lookup makes one return).
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base, 'X-Requested-With': 'gerai-bench' } });
  const res = await api.post('/api/auth/login', { data: { nik: ROLES[role], password: PASSWORD } });
  if (!res.ok()) throw new Error(`login ${ROLES[role]} answered ${res.status()}: ${await res.text()}`);
  apis.set(role, api);
  return api;
}

/** A role's session cookies as a Cookie header, for Lighthouse's requests. */
async function cookieOf(base, role) {
  const { cookies } = await (await session(base, role)).storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
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
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
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
    benchmarkIndexes: results.map((r) => Math.round(r.environment.benchmarkIndex)),
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
      // A whole `--all` run on one sign-in per role; its logins are not the rate limit's business.
      ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
      LOGIN_RATE_LIMIT: '100',
      LOG_LEVEL: 'error',
      JWT_SECRET: randomBytes(32).toString('hex'),
      CHANNEL_SECRETS: JSON.stringify(Object.fromEntries([379, 410, 91, 95, 901, 911, 87].map((appId) => [appId, randomBytes(32).toString('hex')]))),
    },
  });
  // The demo rows the screens' params name (a screen whose URL takes them is a function of one argument).
  const demo = screens.some((s) => s.url.length > 0) ? await findDemo(await session(app.base, 'crew'), await session(app.base, 'chief')) : undefined;
  const firstLoad = await firstLoadOnWire(app.base);
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM, chromeFlags: CHROME_FLAGS });

  const rows = [];
  for (const screen of screens) {
    const url = screen.url(demo);
    console.log(`Lighthouse ${label(screen)} ${url} (${runs} run${runs > 1 ? 's' : ''}, ${screen.role ? `as ${screen.role} ${ROLES[screen.role]}` : 'no session'})…`);
    const m = await measure(`${app.base}${url}`, screen.role ? await cookieOf(app.base, screen.role) : undefined);
    console.log(`  performance ${m.scores.join('/')}, TBT ${ms(m.tbt)}, benchmarkIndex ${m.benchmarkIndexes.join('/')}`);
    rows.push({ screen, url, ...m });
    if (opts.json) {
      mkdirSync(opts.json, { recursive: true });
      const name = `${fixedPart(screen.route)}${screen.variant ? `-${screen.variant}` : ''}`.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      writeFileSync(path.join(opts.json, `${name}.json`), JSON.stringify(m.lhr, null, 2));
    }
  }

  console.log('\nLighthouse mobile (simulated slow 4G, 4× CPU), median of', runs, 'run(s):\n');
  console.log('| route | as | performance | FCP | LCP | TBT | CLS | JS transferred | benchmarkIndex |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of rows) {
    console.log(
      `| \`${label(r.screen)}\` | ${r.screen.role ?? '—'} | ${r.performance} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ` +
        `${r.jsKb.toFixed(1)} kB (${r.jsRequests} files) | ${r.benchmarkIndex} |`,
    );
  }
  const firstLoadKb = firstLoad.js.bytes / 1000;
  console.log(
    `\nfirst-load JavaScript as sent: ${firstLoadKb.toFixed(1)} kB ${firstLoad.js.encodings} in ${firstLoad.js.files} files; ` +
      `CSS ${(firstLoad.css.bytes / 1000).toFixed(1)} kB ${firstLoad.css.encodings}; HTML ${(firstLoad.html.bytes / 1000).toFixed(1)} kB ${firstLoad.html.encoding}`,
  );
  if (runs > 1) console.log(`performance scores of each run: ${rows.map((r) => `${label(r.screen)} ${r.scores.join('/')}`).join(', ')}`);
  const indexes = rows.flatMap((r) => r.benchmarkIndexes);
  console.log(
    `host benchmarkIndex of every run (Lighthouse; higher is faster, a busy machine scores lower and looks slower): ` +
      `${Math.min(...indexes)}–${Math.max(...indexes)}, median run's per screen in the table`,
  );

  console.log('\nbudgets:');
  const check = (ok, text) => {
    console.log(`${ok ? '✓' : '✗'} ${text}`);
    if (!ok) failed = true;
    return ok;
  };
  const missed = new Set();
  for (const r of rows) {
    const where = `${label(r.screen)} ${r.url}`;
    if (!check(r.performance >= BUDGET.performance, `${where}: performance ${r.performance} (≥ ${BUDGET.performance})`)) missed.add(label(r.screen));
    if (!check(r.tbt <= BUDGET.tbtMs, `${where}: TBT ${ms(r.tbt)} (≤ ${BUDGET.tbtMs} ms)`)) missed.add(label(r.screen));
  }
  check(firstLoadKb <= BUDGET.firstLoadKb && firstLoad.js.encodings === 'br', `first-load JavaScript ${firstLoadKb.toFixed(1)} kB as sent, ${firstLoad.js.encodings} (≤ ${BUDGET.firstLoadKb} kB brotli)`);
  if (missed.size) console.log(`\n✗ budget missed on ${missed.size} of ${rows.length} screens: ${[...missed].join(', ')}`);
} catch (err) {
  console.error(`✗ bench:web failed: ${err instanceof Error ? err.message : String(err)}`);
  failed = true;
} finally {
  clearTimeout(limit);
  cleanUp();
}
process.exit(failed ? 1 : 0);
