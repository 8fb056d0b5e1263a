import { defineConfig, devices } from '@playwright/test';
import { BASE_CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
  projects: [{ name: 'chromium-360x640' }],
});
