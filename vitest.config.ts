import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file opens its own database; two workers fit a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Migrates and seeds once per run; each file then copies that template (test/test-db.ts).
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'docs',
          root: './docs',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e-support',
          root: './e2e',
          include: ['support/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
