import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

/** Every server test file below src, relative to it. */
function testFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith('.test.ts') ? [path.relative(SRC, full)] : [];
  });
}

// The server project shares loaded modules between files (vitest.config.ts, isolate: false), so a
// vi.mock there would be ignored after another file loaded the module, or leak into the next file.
it('a server test that mocks a module is a *.mocked.test.ts, run in a module graph of its own', () => {
  const mocking = testFiles().filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(SRC, f), 'utf8')));
  expect(mocking.filter((f) => !f.endsWith('.mocked.test.ts'))).toEqual([]);
  expect(mocking.length).toBeGreaterThan(0);
});
