// Builds what is stale (the web app, the server), starts Gerai on a fresh embedded database, checks
// the first-load JavaScript as the server sends it, runs Playwright, stops the server.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startApp } from './app-server.mjs';
import { build } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { checkFirstLoad } from './first-load-budget.mjs';

ensureChromium();
// `--built`: `npm test` has just built everything beside its typecheck and lint.
const built = process.argv.includes('--built');
const playwrightArgs = process.argv.slice(2).filter((a) => a !== '--built');
if (!built) {
  try {
    await build();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

// The chat spec's simulated customer listens here (e2e/chat.spec.ts); every channel's notices go to it.
const chatPort = process.env.E2E_CHAT_PORT ?? '3199';
const channelWebhooks = Object.fromEntries([379, 410, 91, 95, 901, 911, 87].map((appId) => [appId, `http://127.0.0.1:${chatPort}/notices/${appId}`]));

let app;
try {
  app = await startApp({
    port: process.env.E2E_PORT ?? '3100',
    env: {
      NODE_ENV: 'test',
      // Every spec signs people in from one address; the production limit is tested on its own.
      LOGIN_RATE_LIMIT: process.env.LOGIN_RATE_LIMIT ?? '100',
      // Short-lived access tokens let the refresh test run quickly.
      ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '900',
      CHANNEL_WEBHOOKS: process.env.E2E_CHANNEL_WEBHOOKS ?? JSON.stringify(channelWebhooks),
    },
  });
} catch (err) {
  console.error(`${err.message} for the e2e tests`);
  process.exit(1);
}
process.on('SIGINT', () => {
  app.stop();
  process.exit(130);
});

let status;
try {
  const withinBudget = await checkFirstLoad(app.base);
  // The browser tests run either way, so one failure does not hide the other's result.
  const run = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: app.base, E2E_CHAT_PORT: chatPort },
  });
  status = run.status ?? 1;
  printFailureContexts();
  if (!withinBudget) {
    // Said again after Playwright's report, where it is read.
    await checkFirstLoad(app.base);
    status ||= 1;
  }
} finally {
  app.stop();
}
process.exit(status);

/**
 * What the page held when a test failed (Playwright's `error-context.md`: the ARIA snapshot), printed
 * for every failed attempt — also one that passed on retry, so a flaky test's cause is in CI's log.
 */
function printFailureContexts() {
  let entries;
  try {
    entries = readdirSync('test-results', { recursive: true });
  } catch {
    return;
  }
  for (const entry of entries.filter((e) => String(e).endsWith('error-context.md'))) {
    const file = join('test-results', String(entry));
    console.log(`\n=== ${file} ===\n${readFileSync(file, 'utf8').slice(0, 6000)}`);
  }
}
