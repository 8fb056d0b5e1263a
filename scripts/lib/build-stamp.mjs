// What `npm start` builds: each target's inputs hashed by content and compared with the stamp its
// last build left in its output. Content rather than mtimes: a clone, a checkout, `cp -p`, `tar x` or
// a CI cache set mtimes that say nothing about what the output was built from (older than the stamp:
// a stale build served; newer: a rebuild for nothing), and hashing every input takes well under a
// second (`npm start` prints how long).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Tests and their kits are never part of a build: editing them rebuilds nothing. */
const NOT_BUILT = [/\.test\.tsx?$/, /-test-kit\.ts$/, /(^|\/)test\//, /(^|\/)(node_modules|dist|dev-dist)\//];

/** The build procedure itself: a change to how things are built rebuilds them. */
const PROCEDURE = ['scripts/build.mjs', 'scripts/lib/build-stamp.mjs', 'tsconfig.base.json', 'package-lock.json'];
const CONTRACT = ['packages/contract/src', 'packages/contract/package.json', 'packages/contract/tsconfig.build.json'];

/**
 * The targets, each with the inputs it is built from (folders walked, files read), a file of its
 * output and where its stamp is kept. The stamp holds the inputs' hash and that output file's
 * hash, so a dist deleted, or rebuilt from other sources by hand (`vite build`), counts as stale.
 * Stamps live outside the output: everything in the web app's dist is served to phones.
 */
export const TARGETS = {
  web: {
    inputs: ['apps/web', ...CONTRACT, ...PROCEDURE],
    // Names every hashed asset: any other build of the web app writes another one.
    output: 'apps/web/dist/index.html',
    stamp: 'node_modules/.cache/gerai-build/web.json',
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.build.json', ...CONTRACT, ...PROCEDURE],
    output: 'apps/server/dist/main.js',
    stamp: 'node_modules/.cache/gerai-build/server.json',
  },
};

/** Every file under `inputs` (relative to `root`, sorted) that a build reads. */
export function inputFiles(root, inputs) {
  const files = [];
  const walk = (rel) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (NOT_BUILT.some((re) => re.test(`${child}${e.isDirectory() ? '/' : ''}`))) continue;
      if (e.isDirectory()) walk(child);
      else if (e.isFile()) files.push(child);
    }
  };
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) walk(input);
    else files.push(input);
  }
  return [...new Set(files)].sort();
}

const fileHash = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** One hash of the inputs' names and contents. */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Whether `target` must be built: never built, or built from other inputs. Returns the inputs' hash too. */
export function staleness(root, target) {
  const hash = inputsHash(root, target.inputs);
  const stampFile = path.join(root, target.stamp);
  const output = path.join(root, target.output);
  if (!existsSync(output) || !existsSync(stampFile)) return { stale: true, hash, why: 'not built yet' };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return { stale: true, hash, why: 'unreadable stamp' };
  }
  if (stamp.output !== fileHash(output)) return { stale: true, hash, why: 'output not from the last build' };
  return stamp.hash === hash ? { stale: false, hash } : { stale: true, hash, why: 'sources changed' };
}

/** Written after a successful build, with the hash of the inputs as they were when it started. */
export function writeStamp(root, target, hash) {
  const stampFile = path.join(root, target.stamp);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ hash, output: fileHash(path.join(root, target.output)), builtAt: new Date().toISOString() }) + '\n');
}

/**
 * Builds each of `names` that is stale (all of them with `force`), side by side, and stamps each
 * one that succeeded. `build(name)` does the work and resolves when it is done (rejects on failure).
 * Resolves with the names built.
 */
export async function ensureBuilt(root, names, build, { force = false, targets = TARGETS, log = console.log } = {}) {
  const plan = names.map((name) => ({ name, ...(force ? { stale: true, hash: inputsHash(root, targets[name].inputs), why: 'asked to' } : staleness(root, targets[name])) }));
  const todo = plan.filter((p) => p.stale);
  for (const p of todo) log(`Building ${p.name} (${p.why})`);
  await Promise.all(
    todo.map(async (p) => {
      await build(p.name);
      writeStamp(root, targets[p.name], p.hash);
    }),
  );
  return todo.map((p) => p.name);
}
