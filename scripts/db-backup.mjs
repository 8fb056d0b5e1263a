// `npm run db:backup [-- <file>]`: pg_dump in its custom format (-Fc: compressed, restorable table by table)
// of DATABASE_URL, to <file> or to backups/gerai-<UTC time>.dump.
// `npm run db:restore -- <file>`: restores into a NEW database, RESTORE_DATABASE_URL or else DATABASE_URL.
// It creates the database when it does not exist and refuses one that holds any table, so a restore can
// never overwrite live data. docs/operations.md has the whole procedure (and PITR with WAL archiving,
// which a nightly dump does not replace).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** pg_dump/pg_restore of the newest installed PostgreSQL (Debian's layout), else from PATH. */
export function pgTool(name) {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin', name);
  }
  return name;
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}): ${stderr.trim()}`))));
  });
}

/** backups/gerai-20261128T021500Z.dump */
export function defaultBackupPath(now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return path.join(ROOT, 'backups', `gerai-${stamp}.dump`);
}

/**
 * Dumps `databaseUrl` to `file`. `snapshot` (pg_export_snapshot() of a transaction kept open by the
 * caller) makes the dump read exactly what that transaction sees, so the caller can count what the
 * backup holds in the same snapshot.
 */
export async function backup(databaseUrl, file, { snapshot } = {}) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', ...(snapshot ? [`--snapshot=${snapshot}`] : []), `--file=${file}`, `--dbname=${databaseUrl}`]);
  return file;
}

/** Creates the target database if missing; refuses one with any table in it. Then pg_restore in one transaction. */
export async function restore(file, targetUrl) {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  const target = new URL(targetUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`the target database's name "${name}" must be a plain identifier`);
  const admin = new URL(targetUrl);
  admin.pathname = '/postgres';
  const a = new pg.Client({ connectionString: admin.toString() });
  await a.connect();
  try {
    const exists = (await a.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (!exists) await a.query(`create database "${name}"`);
  } finally {
    await a.end();
  }
  const t = new pg.Client({ connectionString: targetUrl });
  await t.connect();
  try {
    const { rows } = await t.query(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
    if (rows[0].n > 0) throw new Error(`database "${name}" is not empty (${rows[0].n} tables): a restore goes into a new database, never over one in use`);
  } finally {
    await t.end();
  }
  await run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${targetUrl}`, file]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, fileArg] = process.argv.slice(2);
  try {
    if (command === 'backup') {
      const url = process.env.DATABASE_URL;
      if (!url) throw new Error('set DATABASE_URL to the database to back up (postgres://user@host:5432/gerai)');
      const file = fileArg ?? defaultBackupPath();
      const started = Date.now();
      await backup(url, file);
      console.log(`Backup written: ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } else if (command === 'restore') {
      const url = process.env.RESTORE_DATABASE_URL ?? process.env.DATABASE_URL;
      if (!fileArg) throw new Error('name the backup to restore: npm run db:restore -- backups/gerai-<time>.dump');
      if (!url) throw new Error('set RESTORE_DATABASE_URL (or DATABASE_URL) to the NEW database to restore into, e.g. postgres://user@host:5432/gerai_restored');
      const started = Date.now();
      await restore(fileArg, url);
      console.log(`Restored ${fileArg} into ${new URL(url).pathname.slice(1)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      throw new Error('usage: node scripts/db-backup.mjs backup [file] | restore <file>');
    }
  } catch (err) {
    console.error(`db:${command ?? '?'}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
