import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          // Each file opens its own database; PGlite is CPU bound, two at a time fits 2 cores.
          maxWorkers: 2,
        },
      },
      './apps/web/vite.config.ts',
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
