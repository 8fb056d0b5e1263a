import { defineConfig, devices } from '@playwright/test';
import { BASE_CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

/** The specs of the first queue; every other spec is in the second. */
const SCREENS_QUEUE = ['a11y', 'transfers', 'transfers-live', 'helpdesk', 'pwa', 'monitoring'];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two phones' worth of specs at once (see `projects`): each project runs its files one at a time.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  // Chooses the products of the order test and writes the fake camera's video.
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100',
    ...devices['Pixel 5'],
    viewport: { width: 360, height: 640 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: BASE_CHROMIUM_ARGS,
    },
  },
  /*
   * The suite shares one server and its demo data, so it runs as two queues side by side, each
   * one spec at a time. Every spec that makes T001 orders (and so rings T001's phones with live
   * banners and moves its counts and stock) is in the second queue with every spec that measures
   * a screen those would disturb; the first holds the a11y walk (which visits the oldest demo rows,
   * which no spec changes), transfers, help center, the PWA check and monitoring (its own
   * server). The transfer spec sends products from the end of the catalogue, orders take theirs
   * from its start.
   */
  projects: [
    { name: 'screens-360x640', workers: 1, testMatch: SCREENS_QUEUE.map((f) => `**/${f}.spec.ts`) },
    { name: 'flows-360x640', workers: 1, testIgnore: SCREENS_QUEUE.map((f) => `**/${f}.spec.ts`) },
  ],
});
