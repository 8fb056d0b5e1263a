/**
 * CPU time from /proc (utime + stime, in ms), so `npm run bench -- day` can say what a step cost in
 * core-ms per order on each side: the server process and PostgreSQL (every child of the postmaster:
 * the pool's backends and the background workers, checkpointer and autovacuum included).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICK_MS = 10;

/** [parent pid, utime + stime in ticks] of a process, null once gone. */
function statOf(pid: number): [number, number] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": state is the first, ppid the second, utime and stime the 12th and 13th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(f[1]), Number(f[11]) + Number(f[12])];
  } catch {
    return null;
  }
}

/** CPU ms a process has used so far (0 once gone). */
export function processCpuMs(pid: number): number {
  return (statOf(pid)?.[1] ?? 0) * TICK_MS;
}

/** CPU ms used so far by a process and by each of its children alive now, by pid. */
export function treeCpuMs(parent: number): Map<number, number> {
  const out = new Map<number, number>([[parent, (statOf(parent)?.[1] ?? 0) * TICK_MS]]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(Number(name));
    if (s && s[0] === parent) out.set(Number(name), s[1] * TICK_MS);
  }
  return out;
}

/**
 * The CPU a process tree used between two snapshots: a process started since counts from zero; one
 * that exited since took its time with it (a pooled connection closed when idle), so this is a
 * lower bound.
 */
export function treeCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += Math.max(0, now - (before.get(pid) ?? 0));
  return ms;
}

export interface StepCpu {
  /** CPU ms of the server process over the step. */
  serverMs: number;
  /** CPU ms of PostgreSQL over the step (a lower bound: see treeCpuSince). */
  postgresMs: number;
  /** Wall ms of the step. */
  wallMs: number;
}

/** The CPU the server and PostgreSQL use while `work` runs. */
export async function measureCpu<T>(serverPid: number, postmasterPid: number, work: () => Promise<T>): Promise<{ result: T; cpu: StepCpu }> {
  const server = processCpuMs(serverPid);
  const postgres = treeCpuMs(postmasterPid);
  const t = performance.now();
  const result = await work();
  return { result, cpu: { serverMs: processCpuMs(serverPid) - server, postgresMs: treeCpuSince(postgres, treeCpuMs(postmasterPid)), wallMs: performance.now() - t } };
}

/** The postmaster of a PostgreSQL on this host: the parent of a backend of ours. */
export function postmasterOfBackend(backendPid: number): number {
  const s = statOf(backendPid);
  if (!s) throw new Error(`no process ${backendPid}: PostgreSQL is not on this host`);
  return s[0];
}
