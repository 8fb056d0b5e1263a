import { chromium, request } from 'playwright-core';
import { startApp } from './app-server.mjs';
const paths = process.argv.slice(2);
const app = await startApp({ port: 3498, env: { WEB_DIST: process.env.WEB_DIST, LOG_LEVEL: 'error', ESCALATION_STORE_MINUTES: '10000' } });
const hook = () => {
  const commits = [];
  window.__commits = commits;
  const t0 = performance.now();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; }, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
    onCommitFiberRoot(_id, root) {
      const names = {}; let n = 0; const starts = [];
      const nameOf = (f) => (typeof f.type === 'function' ? f.type.displayName || f.type.name || '?' : typeof f.type === 'object' && f.type ? (f.type.displayName || f.type.render?.name || f.type.type?.name || null) : null);
      const count = (f, parentRendered, mount) => { const nm = nameOf(f); if (nm) { n++; names[nm] = (names[nm] || 0) + 1; if (!parentRendered && !mount) starts.push(nm); } return nm !== null; };
      const mountAll = (f) => { for (let c = f; c; c = c.sibling) { count(c, true, true); mountAll(c.child); } };
      const visit = (next, prev, parentRendered) => {
        let rendered = parentRendered;
        if (!prev) { count(next, true, true); mountAll(next.child); return; }
        if (nameOf(next) && (next.flags & 1)) { count(next, parentRendered, false); rendered = true; } else if (nameOf(next)) rendered = false;
        if (next.child !== prev.child) for (let c = next.child; c; c = c.sibling) visit(c, c.alternate, rendered);
      };
      const cur = root.current;
      if (cur.alternate) visit(cur, cur.alternate, false); else mountAll(cur.child);
      commits.push({ at: Math.round(performance.now() - t0), n, names, starts });
    },
  };
};
try {
  const api = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { origin: app.base, 'X-Requested-With': 'x' } });
  if (!(await api.post('/api/auth/login', { data: { nik: process.env.NIK ?? '10000001', password: 'gerai123' } })).ok()) throw new Error('login');
  const cookies = (await api.storageState()).cookies;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const p of paths) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    await ctx.addCookies(cookies);
    await ctx.addInitScript(hook);
    const page = await ctx.newPage();
    await page.goto(app.base + p, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const commits = await page.evaluate(() => window.__commits);
    console.log(`\n=== ${p}: ${commits.length} commits, ${commits.reduce((a, c) => a + c.n, 0)} component renders`);
    for (const c of commits) console.log(`${c.at} ms: ${c.n} from [${c.starts.join(',')}] — ${Object.entries(c.names).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k}${v > 1 ? '×' + v : ''}`).join(' ')}`);
    await ctx.close();
  }
  await browser.close();
} finally { app.stop(); }
