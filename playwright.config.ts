import { defineConfig, devices } from '@playwright/test';
import { BASE_CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

/** The specs of the first queue; every other spec is in the second. */
const SCREENS_QUEUE = ['a11y', 'field', 'pod', 'return-pod', 'returns', 'auth', 'pwa', 'print', 'recap'];

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
   * one spec at a time. A spec that picks existing demo rows (the a11y walk's orders, POD and
   * return requests) shares a queue with the specs that change those rows; specs that make their
   * own orders, bookings and transfers form the other. The queues take about as long each.
   */
  projects: [
    { name: 'screens-360x640', workers: 1, testMatch: SCREENS_QUEUE.map((f) => `**/${f}.spec.ts`) },
    { name: 'flows-360x640', workers: 1, testIgnore: SCREENS_QUEUE.map((f) => `**/${f}.spec.ts`) },
  ],
});
