import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  /** The cluster's directory (its data in data/, its log in postgres.log). */
  dir: string;
  /** The postmaster's pid (every backend is its child). */
  postmasterPid(): number;
  stop(): void;
}

/** The newest /usr/lib/postgresql/<version>/bin that has initdb and pg_ctl. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function idOf(user: string): { uid: number; gid: number } | null {
  const res = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (res.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * initdb + pg_ctl start in a temp directory, tuned for a benchmark (fsync off).
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export function startThrowawayPostgres(bin: string, port: number): ThrowawayPostgres {
  const dir = mkdtempSync(path.join(tmpdir(), 'gerai-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] as const : [path.join(bin, cmd), args] as const;
    const res = spawnSync(full[0], full[1] as string[], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  if (asRoot) {
    const pgUser = idOf('postgres');
    if (!pgUser) throw new Error('running as root needs the "postgres" system user (apt-get install -y postgresql creates it)');
    chownSync(dir, pgUser.uid, pgUser.gid);
  }
  const data = path.join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Sized to the hot part of the day's largest chain, not the whole of it (20,000 stores: 5.5 GB;
      // the orders in work, their indexes, the active stores' stock and the events fit in 1 GB), as a
      // deployment sizes it to its data (docs/scaling.md). 256 MB kept the tail reading pages from the OS.
      '-c shared_buffers=1GB',
      '-c effective_cache_size=4GB',
      // What the tail of a step met: every checkpoint and autovacuum run, in postgres.log.
      '-c log_checkpoints=on',
      '-c log_autovacuum_min_duration=0',
      '-c max_connections=100',
      '-c maintenance_work_mem=256MB',
      '-c max_wal_size=4GB',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-o', options, '-w', '-t', '30', 'start']);
    started = true;
  } catch (err) {
    stop();
    throw err;
  }
  const postmasterPid = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, postmasterPid, stop };
}
