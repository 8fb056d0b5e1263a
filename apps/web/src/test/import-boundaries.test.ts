import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow shared → features → app: shared imports neither, a feature never
 * imports another feature or the app (eslint's import/no-restricted-paths, as a test).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Resolves an import to "app", "shared", "test", "feature:<name>" or null for packages. */
function layerOf(file: string, spec: string): string | null {
  let target: string;
  if (spec.startsWith('@/')) target = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
  else return null;
  const rel = path.relative(SRC, target).split(path.sep);
  if (rel[0] === 'features') return `feature:${rel[1]}`;
  return rel[0] ?? null;
}

describe('import boundaries', () => {
  it('shared imports no feature and not the app', () => {
    const bad = files(path.join(SRC, 'shared'))
      .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'))
      .flatMap((f) => imports(f).map((i) => [f, i, layerOf(f, i)] as const))
      .filter(([, , layer]) => layer === 'app' || layer?.startsWith('feature:'));
    expect(bad).toEqual([]);
  });

  it('a feature imports neither another feature nor the app', () => {
    const featuresDir = path.join(SRC, 'features');
    const bad = readdirSync(featuresDir).flatMap((feature) =>
      files(path.join(featuresDir, feature))
        .flatMap((f) => imports(f).map((i) => [path.relative(SRC, f), i, layerOf(f, i)] as const))
        .filter(([, , layer]) => layer === 'app' || (layer?.startsWith('feature:') && layer !== `feature:${feature}`)),
    );
    expect(bad).toEqual([]);
  });

  it('kebab-case file names', () => {
    const bad = files(SRC)
      .map((f) => path.basename(f))
      .filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*\.(ts|tsx)$/.test(name));
    expect(bad).toEqual([]);
  });
});
