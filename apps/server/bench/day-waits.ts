/**
 * What PostgreSQL's busy backends were doing during a step of `npm run bench -- day`: pg_stat_activity
 * sampled every few ms on a connection of its own (CPU when a backend waits on nothing; a lock, an
 * LWLock, IO or the client otherwise; idle in a transaction while the server process works between statements), and the locks that were waited for, by relation and mode, with
 * the statement that waited. A tail that grows with the chain shows here as waits; one that does not,
 * as CPU or the client.
 */
import pg from 'pg';

export interface StepWaits {
  /** Samples taken. */
  samples: number;
  /** Busy backends seen per wait, summed over the samples ("CPU" when waiting on nothing). */
  waits: Record<string, number>;
  /** Lock waits seen per "locktype relation mode: statement", summed over the samples. */
  locks: Record<string, number>;
}

// A connection idle inside a transaction waits for the server process to send its next statement: its
// locks are held meanwhile, so a slow round trip there is everyone's wait on those rows.
const ACTIVITY = `select case when a.state = 'active' then coalesce(a.wait_event_type || ':' || a.wait_event, 'CPU') else 'idle in transaction (server)' end as wait, count(*)::int as n
  from pg_stat_activity a
  where a.datname = current_database() and a.state in ('active', 'idle in transaction') and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'
    and a.query not ilike 'LISTEN%'
  group by 1`;
const LOCKS = `select l.locktype || ' ' || coalesce(l.relation::regclass::text, '') || ' ' || l.mode || ': ' || left(regexp_replace(a.query, '\\s+', ' ', 'g'), 70) as lock, count(*)::int as n
  from pg_locks l join pg_stat_activity a on a.pid = l.pid
  where not l.granted and a.datname = current_database()
  group by 1`;

/** Adds one sample's rows to the totals. */
export function addSample(into: Record<string, number>, rows: ReadonlyArray<{ n: number } & Record<string, unknown>>, key: string): void {
  for (const r of rows) into[String(r[key])] = (into[String(r[key])] ?? 0) + r.n;
}

/** The `n` largest entries as "name share %" (of all busy-backend samples), largest first. */
export function topShares(totals: Record<string, number>, n: number, of = Object.values(totals).reduce((a, b) => a + b, 0)): string[] {
  return Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${name} ${of > 0 ? ((count / of) * 100).toFixed(1) : '0'} %`);
}

/** Samples the database at `url` every `everyMs` until the returned stop() is awaited. */
export async function sampleWaits(url: string, everyMs = 10): Promise<() => Promise<StepWaits>> {
  const client = new pg.Client({ connectionString: url, application_name: 'gerai-bench-waits' });
  await client.connect();
  const out: StepWaits = { samples: 0, waits: {}, locks: {} };
  let running = true;
  const loop = (async () => {
    while (running) {
      const [activity, locks] = [await client.query(ACTIVITY), await client.query(LOCKS)];
      addSample(out.waits, activity.rows as Array<{ wait: string; n: number }>, 'wait');
      addSample(out.locks, locks.rows as Array<{ lock: string; n: number }>, 'lock');
      out.samples++;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop.catch(() => undefined);
    await client.end();
    return out;
  };
}
