import { defineConfig } from 'vitest/config';

/** Server test files that mock a module: named so (test/isolation.test.ts checks), run isolated. */
const MOCKED = 'src/**/*.mocked.test.ts';

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
          exclude: [MOCKED],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Migrates and seeds once per run; each file then copies that template (test/test-db.ts).
          globalSetup: ['./src/test/global-setup.ts'],
          // Each file opens its own database and app, so files share only the loaded modules: a
          // worker imports the server and compiles PGlite once instead of once per file.
          isolate: false,
        },
      },
      {
        // Files that replace a module (vi.mock) need a module graph of their own; they open no database.
        test: {
          name: 'server-mocked',
          root: './apps/server',
          include: [MOCKED],
          environment: 'node',
        },
      },
      {
        // The benchmark's pure parts (the peak-hour mix, rate steps); no database.
        test: {
          name: 'bench',
          root: './apps/server',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
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
        // The build and start scripts' pure parts (what is stale, the compiled specifiers).
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
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
