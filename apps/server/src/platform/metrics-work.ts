// The work monitoring shows, as metrics: orders per status, late orders and escalated ones, for the
// chain and per store with work. Read from the kept figures (decision 135) and the index of orders
// in work, never a scan of the orders: a scrape costs what one monitoring read of the chain costs.
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { ESCALATION_LEVEL, MONITORED_STATUSES, MONITORING_STATUSES, ORDER_STATUS } from '@gerai/contract';
import type { Config } from '../config';
import { rowsOf, type Db } from '../db/client';
import { monitoringSettings } from '../modules/monitoring';

const MINUTE_MS = 60_000;

type Num = number | string | null;

/**
 * One read for every gauge of a scrape: prom-client collects each metric side by side and writes
 * each as soon as its own collect is done, so a gauge must hold its values by then. The first
 * collect starts the read, the others of the same scrape share it.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= read().finally(() => (pending = null)));
}

interface Work {
  chain: Array<{ status: string; n: number; late: number | null }>;
  stores: Array<{ store: string; status: string; n: number; late: number }>;
  escalated: Array<{ store: string; level: string; n: number }>;
  seconds: number;
}

/** Registers the work gauges on `registry`; each scrape reads them afresh (a store with no work left drops out). */
export function collectWork(registry: Registry, db: Db, config: Config): void {
  const settings = monitoringSettings(config);
  const readWork = sharedRead(async (): Promise<Work | null> => {
    const started = performance.now();
    const now = Date.now();
    const cutoff = (minutes: number) => new Date(now - minutes * MINUTE_MS).toISOString();
    try {
      // The chain's counts: 16 slot rows, one array entry per status of MONITORING_STATUSES.
      const totals = rowsOf<{ i: number; n: Num }>(
        await db.execute(sql`select k.i, sum(s.n[k.i]) as n from monitoring_status_slots s, generate_series(1, ${MONITORING_STATUSES.length}::int) k(i) group by k.i`),
      );
      // Each store's kept counts of open work, and its orders still on time (arrived after the cutoff: a service level's worth of arrivals).
      const counts = rowsOf<{ store: string; status: number; n: Num }>(
        await db.execute(
          sql`select store_code as store, status_id as status, n from order_status_counts where n > 0 and status_id in (${sql.join(
            MONITORED_STATUSES.map((s) => sql`${s}::int`),
            sql`, `,
          )})`,
        ),
      );
      const onTime = new Map<string, number>();
      for (const status of MONITORED_STATUSES) {
        const rows = rowsOf<{ store: string; n: Num }>(
          await db.execute(
            sql`select store_code as store, count(*) as n from orders where status_id = ${status}::int and created_at > ${cutoff(settings.sla[status])}::timestamptz group by store_code`,
          ),
        );
        for (const row of rows) onTime.set(`${row.store}:${status}`, Number(row.n ?? 0));
      }
      // New orders old enough to have rung again, by the highest level they reached.
      const escalated = rowsOf<{ store: string; level: Num; n: Num }>(
        await db.execute(sql`select store, level, count(*) as n from (
            select o.store_code as store, (select max(e.level) from order_escalations e where e.order_id = o.id) as level
            from orders o where o.status_id = ${ORDER_STATUS.NEW}::int and o.created_at <= ${cutoff(settings.escalation[ESCALATION_LEVEL.STORE])}::timestamptz
          ) x where level is not null group by store, level`),
      );
      const stores = counts.map((row) => {
        const n = Number(row.n ?? 0);
        return { store: row.store, status: String(row.status), n, late: Math.max(0, n - (onTime.get(`${row.store}:${row.status}`) ?? 0)) };
      });
      const monitored = new Set<string>(MONITORED_STATUSES.map(String));
      const chain = totals.map((row) => {
        const status = String(MONITORING_STATUSES[Number(row.i) - 1]);
        const late = monitored.has(status) ? stores.filter((s) => s.status === status).reduce((sum, s) => sum + s.late, 0) : null;
        return { status, n: Number(row.n ?? 0), late };
      });
      return {
        chain,
        stores,
        escalated: escalated.map((row) => ({ store: row.store, level: String(row.level), n: Number(row.n ?? 0) })),
        seconds: (performance.now() - started) / 1000,
      };
    } catch {
      // The database is away: the other figures (LISTEN down, the pool) are what a scrape should still say.
      return null;
    }
  });

  /** A gauge filled from the scrape's one read; a failed read leaves its last values. */
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: (g: Gauge<L>, work: Work) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const work = await readWork();
        if (!work) return;
        this.reset();
        fill(this, work);
      },
    });
  gauge('gerai_orders', "The chain's orders per status (monitoring's tiles, kept at commit).", ['status'], (g, w) => {
    for (const c of w.chain) g.set({ status: c.status }, c.n);
  });
  gauge('gerai_orders_late', "The chain's orders past their status's service level (SLA_*_MINUTES), per status.", ['status'], (g, w) => {
    for (const c of w.chain) if (c.late !== null) g.set({ status: c.status }, c.late);
  });
  gauge('gerai_store_orders', 'Open orders of a store per status (stores with open work only).', ['store', 'status'], (g, w) => {
    for (const s of w.stores) g.set({ store: s.store, status: s.status }, s.n);
  });
  gauge('gerai_store_orders_late', 'Late orders of a store per status (stores with late work only).', ['store', 'status'], (g, w) => {
    for (const s of w.stores) if (s.late > 0) g.set({ store: s.store, status: s.status }, s.late);
  });
  gauge(
    'gerai_store_orders_escalated',
    'Unclaimed new orders of a store by the highest escalation level they reached (1 store phones, 2 kepala toko, 3 area supervisor).',
    ['store', 'level'],
    (g, w) => {
      for (const e of w.escalated) g.set({ store: e.store, level: e.level }, e.n);
    },
  );
  gauge('gerai_work_scrape_seconds', 'How long reading the work figures took at the last scrape.', [], (g, w) => g.set(w.seconds));
}
