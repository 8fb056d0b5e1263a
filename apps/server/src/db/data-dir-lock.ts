import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * One process at a time on a PGlite data directory. PGlite takes no lock of its own, and a second process on the
 * same directory (a second `npm start`, `npm run seed` while the app runs) wrote over the first one's files and
 * left a database that no longer opened. The holder's pid is written to `gerai.lock` inside the directory; a lock
 * whose process is gone (a crash, a kill) is taken over.
 */

const LOCK_FILE = 'gerai.lock';
/** The directories this process holds (a pid read back as ours is stale unless it is listed here). */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `dir` for this process, or throws naming the process that holds it; returns the release. */
export function lockDataDir(dir: string): () => void {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(resolved);
      const release = () => {
        if (!held.delete(resolved)) return;
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number(readFileSync(file, 'utf8').trim());
    const ours = pid === process.pid && held.has(resolved);
    if (ours || (pid > 0 && pid !== process.pid && isAlive(pid))) {
      throw new Error(`The data directory ${resolved} is in use by another Gerai process (pid ${pid}). Stop it first, or give this one its own DATA_DIR: two processes on one embedded database corrupt it.`);
    }
    // Its process is gone: take it over.
    try {
      unlinkSync(file);
    } catch {
      // Another process took it over first: the next attempt reads its pid.
    }
  }
  throw new Error(`Could not take the data directory ${resolved}: ${LOCK_FILE} keeps changing.`);
}
