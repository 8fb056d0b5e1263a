// Starts the real Gerai server on 127.0.0.1 with a fresh embedded database in a temp
// directory (seeded with the demo data on start), for the e2e run and the web benchmark.
// It runs the compiled server (built first if its sources changed), as `npm start` does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, ROOT } from './build.mjs';

/**
 * @param {{ port: string | number, env?: Record<string, string>, readyTimeoutMs?: number }} options
 * @returns {Promise<{ base: string, stop: () => void }>} rejects when the server does not answer in time
 */
export async function startApp({ port, env = {}, readyTimeoutMs = 120_000 }) {
  await build(['server']);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gerai-app-'));
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Several servers may run at once (the e2e run's and the monitoring spec's): none takes the default metrics port.
      METRICS_PORT: 'off',
      // No escalation alarm during the specs and the page benchmark (an order one spec leaves unclaimed
      // would ring over another's screens); e2e/monitoring.spec.ts runs its own server with short ones.
      ESCALATION_STORE_MINUTES: '10000',
      ESCALATION_CHIEF_MINUTES: '10020',
      ESCALATION_AREA_MINUTES: '10040',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping it stops everything it started.
    detached: true,
  });

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { base, stop };
    } catch {}
    if (server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`Gerai did not start on ${base}`);
}

/**
 * Keeps a measuring script bounded: past `ms` it says so, cleans up and exits 2; Ctrl-C cleans
 * up and exits 130. Returns the timer, to clear when the work is done.
 */
export function stopAfter(ms, name, cleanUp) {
  const timer = setTimeout(() => {
    console.error(`✗ ${name} took longer than ${ms / 60_000} minutes: stopped`);
    cleanUp();
    process.exit(2);
  }, ms);
  process.on('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  return timer;
}
