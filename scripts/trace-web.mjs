// Usage: node scripts/trace-web.mjs <distDir> <path>[,<path>...] [--role crew|chief|area|none] [--runs N] [--port 3491] [--min 30] [--brief] [--save PREFIX]
// A path that names a route whose URL takes demo rows (`/order/detail`, `/order/detail-scan-go`,
// `/booking-list-kecamatan`: the page benchmark's table, e2e/support/a11y-screens.ts) is traced at the
// demo URL bench:web measures; give --role as that table says (`--list`-like line printed first).
// Where a first load's main-thread time goes, by task: starts the app on a build, loads each path at
// 360x640 with 4x CPU throttling, records a Chromium trace with the V8 CPU profiler, and prints every
// main-thread task >= --min ms with its top self-time functions and the app's functions under it
// (mapped through source maps) and its top trace events. The build needs its source maps:
//   (cd apps/web && npx vite build --sourcemap --outDir /tmp/trace-dist)
// Traces on a shared machine are noisy: compare runs (--runs 3) before and after a change.
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, request } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { tsImport } from 'tsx/esm/api';
import { startApp } from './app-server.mjs';

const { values: o, positionals } = parseArgs({ allowPositionals: true, options: { role: { type: 'string', default: 'crew' }, runs: { type: 'string', default: '1' }, port: { type: 'string', default: '3491' }, min: { type: 'string', default: '30' }, brief: { type: 'boolean', default: false }, rate: { type: 'string', default: '4' }, save: { type: 'string' }, keep: { type: 'boolean', default: false } } });
const [distArg, pathsArg] = positionals;
const dist = path.resolve(distArg);
const paths = pathsArg.split(',');
const NIK = { crew: '10000001', chief: '20000001', area: '30000001' };
process.chdir(path.resolve(import.meta.dirname, '..'));
const app = await startApp({ port: o.port, env: { WEB_DIST: path.resolve(dist), LOG_LEVEL: 'error', ESCALATION_STORE_MINUTES: '10000' } });
const maps = new Map();
async function mapOf(url) {
  const file = path.join(dist, new URL(url).pathname);
  if (maps.has(file)) return maps.get(file);
  let c = null;
  if (existsSync(file + '.map')) c = await new SourceMapConsumer(JSON.parse(readFileSync(file + '.map', 'utf8')));
  maps.set(file, c);
  return c;
}
async function nameOf(cf) {
  if (!cf.url || !cf.url.startsWith('http')) return `${cf.functionName || '(anon)'} ${cf.url ? path.basename(cf.url) : ''}`.trim();
  const c = await mapOf(cf.url);
  const base = path.basename(new URL(cf.url).pathname).replace(/-[\w-]{8}\.js$/, '');
  if (!c) return `${cf.functionName || '(anon)'} ${base}:${cf.lineNumber + 1}`;
  const p = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  const src = p.source ? p.source.replace(/^.*node_modules\//, '~').replace(/^.*\/src\//, '') : base;
  return `${p.name || cf.functionName || '(anon)'} ${src}:${p.line}`;
}

/** A path that is a demo-row route's pattern or fixed part becomes the URL the page benchmark measures. */
async function resolvePaths() {
  const { SCREENS, findDemo } = await tsImport('../e2e/support/a11y-screens.ts', import.meta.url);
  const fixedPart = (route) => route.split('/:')[0] || '/';
  const byDemo = (p) => SCREENS.find((s) => !s.variant && s.url.length > 0 && (p === s.route || p === fixedPart(s.route)));
  if (!paths.some(byDemo)) return paths;
  const login = async (nik) => {
    const api = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { origin: app.base, 'X-Requested-With': 'gerai-trace' } });
    if (!(await api.post('/api/auth/login', { data: { nik, password: 'gerai123' } })).ok()) throw new Error('login ' + nik);
    return api;
  };
  const demo = await findDemo(await login(NIK.crew), await login(NIK.chief));
  return paths.map((p) => {
    const s = byDemo(p);
    if (!s) return p;
    const url = s.url(demo);
    console.log(`${p} → ${url} (the benchmark signs in as ${s.role})`);
    return url;
  });
}

try {
  paths.splice(0, paths.length, ...(await resolvePaths()));
  let cookies = [];
  if (o.role !== 'none') {
    const api = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { origin: app.base, 'X-Requested-With': 'gerai-trace' } });
    const res = await api.post('/api/auth/login', { data: { nik: NIK[o.role], password: 'gerai123' } });
    if (!res.ok()) throw new Error('login ' + res.status());
    cookies = (await api.storageState()).cookies;
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'] });
  for (const p of paths) {
    for (let run = 0; run < Number(o.runs); run++) {
      const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      await ctx.addCookies(cookies);
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await page.goto(app.base + '/favicon.svg');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(o.rate) });
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'v8'] });
      let nreq = 0;
      const urls = []; page.on('request', (r) => { nreq++; urls.push(r.url().replace(/^.*\//, '')); });
      await page.goto(app.base + p, { waitUntil: 'load' });
      await page.waitForTimeout(6000);
      const buf = await browser.stopTracing();
      console.log('URLS', urls.join(' '));
      if (!o.brief) console.log('requests', nreq, 'title', await page.title(), (await page.textContent('body')).slice(0, 80));
      if (o.save) writeFileSync(`${o.save}-${p.replace(/\W+/g, '_')}-${run}.json`, buf);
      await report(p, JSON.parse(buf.toString()).traceEvents ?? JSON.parse(buf.toString()));
      await ctx.close();
    }
  }
  await browser.close();
} finally {
  if (!o.keep) app.stop();
}

async function report(p, events) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The renderer main thread with the most script work.
  const count = new Map();
  for (const t of threads) count.set(`${t.pid}:${t.tid}`, events.filter((e) => e.pid === t.pid && e.tid === t.tid && /FunctionCall|EvaluateScript|v8.evaluateModule/.test(e.name)).length);
  const best = [...count.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!o.brief) console.log('threads', [...count.entries()].join(' '));
  const [main, mainTid] = best[0].split(':').map(Number);
  const mine = events.filter((e) => e.pid === main && e.tid === mainTid);
  const nav = mine.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame') ?? events.find((e) => e.name === 'navigationStart');
  const t0 = nav?.ts ?? Math.min(...mine.filter((e) => e.ts).map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main);
  const tasks = mine.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur >= Number(o.min) * 1000).sort((a, b) => a.ts - b.ts);
  // CPU profile: Profile + ProfileChunk events on this pid.
  const nodes = new Map();
  const samples = [];
  const prof = events.filter((e) => e.pid === main && (e.name === 'Profile' || e.name === 'ProfileChunk'));
  let ts = 0;
  for (const e of prof) {
    if (e.name === 'Profile') { ts = e.args.data.startTime; continue; }
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id, i) => { ts += deltas[i]; samples.push({ ts, id }); });
  }
  const parentOf = new Map([...nodes.values()].filter((n) => n.parent).map((n) => [n.id, n.parent]));
  const ms = (us) => (us / 1000).toFixed(0);
  let tbt = 0;
  console.log(`\n=== ${p}  FCP ${fcp ? ms(fcp.ts - t0) : '?'} ms; tasks >= ${o.min} ms: ${tasks.length}`);
  if (o.brief) {
    const all = mine.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts > t0 && e.ts < t0 + 5e6);
    const busy = all.reduce((a, e) => a + e.dur, 0);
    const cpu = all.reduce((a, e) => a + (e.tdur ?? 0), 0);
    const longCpu = all.filter((e) => (e.tdur ?? 0) * 4 > 50000).map((e) => e.tdur * 4);
    console.log(`CPU ${p} thread-cpu(5s) ${ms(cpu)} ms; x4 tasks>50: ${longCpu.map(ms).join(',')}; x4 sum-over-50 ${ms(longCpu.reduce((a, d) => a + d - 50000, 0))}`);
    const long = all.filter((e) => e.dur > 50000);
    console.log(`BRIEF ${p} FCP ${fcp ? ms(fcp.ts - t0) : '?'} busy(5s) ${ms(busy)} ms; >50ms: ${long.map((e) => ms(e.dur)).join(',')}; sum-over-50 ${ms(long.reduce((a, e) => a + e.dur - 50000, 0))}`);
    return;
  }
  for (const t of tasks) {
    if (t.dur > 50000) tbt += t.dur - 50000;
    const inTask = samples.filter((s) => s.ts >= t.ts && s.ts <= t.ts + t.dur);
    const self = new Map();
    const incl = new Map();
    for (let i = 0; i < inTask.length; i++) {
      const dt = (inTask[i + 1]?.ts ?? t.ts + t.dur) - inTask[i].ts;
      const n = nodes.get(inTask[i].id);
      if (!n) continue;
      const k = await nameOf(n.callFrame);
      self.set(k, (self.get(k) ?? 0) + dt);
      const seen = new Set();
      for (let id = inTask[i].id; id; id = parentOf.get(id)) {
        const nn = nodes.get(id);
        if (!nn || !nn.callFrame.url?.includes('/assets/')) continue;
        const kk = await nameOf(nn.callFrame);
        if (seen.has(kk)) continue;
        seen.add(kk);
        incl.set(kk, (incl.get(kk) ?? 0) + dt);
      }
    }
    // Direct children trace events by kind.
    const kids = mine.filter((e) => e.ph === 'X' && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t);
    const kinds = new Map();
    for (const k of kids) {
      if (!['EvaluateScript', 'FunctionCall', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'Paint', 'v8.parseOnBackground', 'V8.GCFinalizeMC', 'MinorGC', 'MajorGC', 'XHRReadyStateChange', 'ResourceReceivedData', 'RunMicrotasks', 'v8.run'].includes(k.name)) continue;
      const label = k.name + (k.args?.data?.url ? ' ' + path.basename(k.args.data.url) : '') + (k.args?.data?.functionName ? ' ' + k.args.data.functionName : '');
      kinds.set(label, (kinds.get(label) ?? 0) + k.dur);
    }
    console.log(`-- task at ${ms(t.ts - t0)} ms, ${ms(t.dur)} ms`);
    console.log('   events: ' + [...kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${ms(v)}`).join(' | '));
    console.log('   self:   ' + [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${ms(v)}`).join(' | '));
    console.log('   app:    ' + [...incl.entries()].filter(([k]) => !k.includes(' ~')).sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k} ${ms(v)}`).join(' | '));
  }
  console.log(`   sum(task-50ms) over all tasks: ${ms(tbt)} ms`);
}
