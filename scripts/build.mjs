// `npm run build`: the web app (Vite) and the server with the contract it imports, compiled to
// JavaScript that plain node runs (`node apps/server/dist/main.js`). `--if-stale` builds only the
// targets whose sources changed since their last build (scripts/lib/build-stamp.mjs); naming
// targets (`web`, `server`) limits the run to them.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, TARGETS } from './lib/build-stamp.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

function run(cmd, args, cwd = ROOT) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${[cmd, ...args].join(' ')} failed (${code})`))));
  });
}

/**
 * tsc per file, without type checking (`npm run typecheck` checks; with isolatedModules each
 * file's JavaScript never depends on another's types) and without following imports, so each
 * program holds exactly its own package's files: about 10 s of work instead of about 35 s.
 */
const compile = (project) => run(process.execPath, [TSC, '-p', project, '--noCheck', '--noResolve']);

/**
 * Node's ESM loader needs full specifiers, while the sources (bundler resolution) write `./config`
 * and `../orders`: each relative specifier gets the `.js` or `/index.js` that exists beside it, and
 * the contract is imported from its compiled files. A specifier that matches nothing stops the build.
 */
export function fullSpecifiers(dir, contractEntry) {
  const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\2/g;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    const rewritten = source.replace(SPECIFIER, (whole, lead, quote, spec) => {
      if (spec === '@gerai/contract' && contractEntry) return `${lead}${quote}${contractEntry}${quote}`;
      if (!spec.startsWith('./') && !spec.startsWith('../')) return whole;
      if (/\.(m?js|json)$/.test(spec)) return whole;
      const base = path.resolve(path.dirname(file), spec);
      const found = existsSync(`${base}.js`) ? `${spec}.js` : existsSync(path.join(base, 'index.js')) ? `${spec}/index.js` : null;
      if (!found) throw new Error(`${path.relative(ROOT, file)}: cannot resolve '${spec}'`);
      return `${lead}${quote}${found}${quote}`;
    });
    if (rewritten !== source) writeFileSync(file, rewritten);
  }
}

async function buildServer() {
  const contractDist = path.join(ROOT, 'packages/contract/dist');
  const serverDist = path.join(ROOT, 'apps/server/dist');
  rmSync(contractDist, { recursive: true, force: true });
  rmSync(serverDist, { recursive: true, force: true });
  await Promise.all([compile('packages/contract/tsconfig.build.json'), compile('apps/server/tsconfig.build.json')]);
  fullSpecifiers(contractDist);
  fullSpecifiers(serverDist, '@gerai/contract/dist/index.js');
  // The migrator reads the SQL files and the journal beside the compiled db/client.js (the snapshots are drizzle-kit's).
  const from = path.join(ROOT, 'apps/server/src/db/migrations');
  const to = path.join(serverDist, 'db/migrations');
  mkdirSync(path.join(to, 'meta'), { recursive: true });
  for (const f of readdirSync(from)) if (f.endsWith('.sql')) copyFileSync(path.join(from, f), path.join(to, f));
  cpSync(path.join(from, 'meta/_journal.json'), path.join(to, 'meta/_journal.json'));
}

const BUILDERS = {
  web: () => run('npm', ['run', 'build', '-w', '@gerai/web']),
  server: buildServer,
};

/** Builds `names` (the stale ones only unless `force`); resolves with those it built. */
export function build(names = Object.keys(TARGETS), { force = false, log } = {}) {
  return ensureBuilt(ROOT, names, (name) => BUILDERS[name](), { force, log });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !(n in TARGETS));
  if (unknown.length > 0) {
    console.error(`Unknown build target ${unknown.join(', ')}: use ${Object.keys(TARGETS).join(', ')}`);
    process.exit(2);
  }
  const started = Date.now();
  try {
    const built = await build(names.length ? names : undefined, { force: !args.includes('--if-stale') });
    console.log(built.length ? `Built ${built.join(' and ')} in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'Everything is built');
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
