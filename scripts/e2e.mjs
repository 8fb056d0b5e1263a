// Builds the web app, starts Gerai on a fresh embedded database, runs Playwright, stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { checkFirstLoad } from './first-load-budget.mjs';

ensureChromium();
const build = spawnSync('npm', ['run', 'build', '-w', '@gerai/web'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (!checkFirstLoad()) process.exit(1);

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(tmpdir(), 'gerai-e2e-'));
const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every spec signs people in from one address; the production limit is tested on its own.
    LOGIN_RATE_LIMIT: process.env.LOGIN_RATE_LIMIT ?? '100',
    // Short-lived access tokens let the refresh test run quickly.
    ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '900',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

const base = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 120_000;
let ready = false;
while (Date.now() < deadline) {
  try {
    const res = await fetch(`${base}/api/health`);
    if (res.ok) {
      ready = true;
      break;
    }
  } catch {}
  if (server.exitCode !== null) break;
  await new Promise((r) => setTimeout(r, 500));
}
if (!ready) {
  console.error('Gerai did not start for the e2e tests');
  stop();
  process.exit(1);
}

const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: base },
});
stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
