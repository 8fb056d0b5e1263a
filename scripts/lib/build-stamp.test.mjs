import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fullSpecifiers } from '../build.mjs';
import { ensureBuilt, TARGETS } from './build-stamp.mjs';

/** A tree with a file at each of the real targets' inputs, built by a stand-in that counts its runs. */
let root;
let runs;
const put = (rel, text) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
const startBuilt = () =>
  ensureBuilt(
    root,
    ['web', 'server'],
    async (name) => {
      runs.push(name);
      put(TARGETS[name].output, `built ${name} ${runs.length}`);
    },
    { log: () => undefined },
  );

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'gerai-build-stamp-'));
  runs = [];
  for (const file of [
    'apps/web/src/main.tsx',
    'apps/web/src/app/home.test.tsx',
    'apps/web/src/test/fetch-mock.ts',
    'apps/web/index.html',
    'apps/server/src/main.ts',
    'apps/server/src/platform/events.test.ts',
    'apps/server/src/platform/process-test-kit.ts',
    'apps/server/src/db/migrations/0000_init.sql',
    'apps/server/tsconfig.build.json',
    'packages/contract/src/index.ts',
    'package-lock.json',
    'scripts/build.mjs',
  ])
    put(file, `// ${file}\n`);
  expect(await startBuilt()).toEqual(['web', 'server']);
  runs = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only what is stale', () => {
  it('builds nothing when nothing changed, even when the files were touched', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/server/src/main.ts'), later, later);
    expect(await startBuilt()).toEqual([]);
  });

  it('rebuilds the server alone after a server source or a migration changes, once', async () => {
    put('apps/server/src/main.ts', '// changed\n');
    expect(await startBuilt()).toEqual(['server']);
    expect(await startBuilt()).toEqual([]);
    put('apps/server/src/db/migrations/0001_next.sql', 'select 1;\n');
    expect(await startBuilt()).toEqual(['server']);
  });

  it('rebuilds the web app alone after a web source changes, and both after the contract or the lockfile', async () => {
    put('apps/web/src/main.tsx', '// changed\n');
    expect(await startBuilt()).toEqual(['web']);
    put('packages/contract/src/index.ts', '// changed\n');
    expect(await startBuilt()).toEqual(['web', 'server']);
    put('package-lock.json', '{}\n');
    expect(await startBuilt()).toEqual(['web', 'server']);
  });

  it('rebuilds nothing for a test, a test kit or a test helper', async () => {
    put('apps/server/src/platform/events.test.ts', '// changed\n');
    put('apps/server/src/platform/process-test-kit.ts', '// changed\n');
    put('apps/web/src/app/home.test.tsx', '// changed\n');
    put('apps/web/src/test/fetch-mock.ts', '// changed\n');
    expect(await startBuilt()).toEqual([]);
  });

  it('rebuilds an output that is missing or was not made by the last build', async () => {
    rmSync(path.join(root, TARGETS.server.output));
    put(TARGETS.web.output, 'built by hand from other sources');
    expect(await startBuilt()).toEqual(['web', 'server']);
  });

  it('leaves no stamp when the build fails, so the next start tries again', async () => {
    put('apps/server/src/main.ts', '// broken\n');
    await expect(ensureBuilt(root, ['server'], async () => Promise.reject(new Error('tsc failed')), { log: () => undefined })).rejects.toThrow('tsc failed');
    expect(await startBuilt()).toEqual(['server']);
  });
});

describe('compiled specifiers', () => {
  it('gives each relative import the file node loads and points the contract at its compiled entry', () => {
    put('dist/modules/orders/index.js', 'export const x = 1;\n');
    put('dist/config.js', 'export const c = 1;\n');
    put(
      'dist/main.js',
      "import { c } from './config';\nimport { x } from './modules/orders';\nexport * from './config';\nimport { z } from '@gerai/contract';\nimport pg from 'pg';\nconst m = await import('./config');\n",
    );
    fullSpecifiers(path.join(root, 'dist'), '@gerai/contract/dist/index.js');
    expect(readFileSync(path.join(root, 'dist/main.js'), 'utf8')).toBe(
      "import { c } from './config.js';\nimport { x } from './modules/orders/index.js';\nexport * from './config.js';\nimport { z } from '@gerai/contract/dist/index.js';\nimport pg from 'pg';\nconst m = await import('./config.js');\n",
    );
  });

  it('stops the build on an import it cannot resolve', () => {
    put('dist/main.js', "import { gone } from './gone';\n");
    expect(() => fullSpecifiers(path.join(root, 'dist'))).toThrow("cannot resolve './gone'");
  });
});
