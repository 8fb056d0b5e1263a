import type { Db } from './client';

/** Runs SQL text with $n parameters on the database a Db was opened on. */
export type RawRunner = (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

const runners = new WeakMap<Db, RawRunner>();

/** Called by openDb for every database it opens. */
export function registerRawRunner(db: Db, runner: RawRunner): void {
  runners.set(db, runner);
}

/**
 * A hot statement in plain SQL: only for a path with its own `npm run bench`
 * row (order count, list, detail, scan, idempotency keys); everything else
 * uses Drizzle (docs/decisions.md). On PostgreSQL it is a named prepared
 * statement, parsed and planned once per connection; the query builder is
 * not involved, so a call costs no SQL building either. Runs outside any
 * transaction: each call is its own atomic statement.
 */
export function statement<Row, Params extends unknown[]>(name: string, text: string, options: StatementOptions = {}): (db: Db, ...params: Params) => Promise<Row[]> {
  // An unnamed statement is planned for its parameters on every call.
  const prepareAs = options.plan === 'per-call' ? '' : name;
  return async (db, ...params) => {
    const run = runners.get(db);
    if (!run) throw new Error(`statement ${name}: this database was not opened by openDb`);
    return (await run(prepareAs, text, params)).rows as Row[];
  };
}

export interface StatementOptions {
  /**
   * 'per-call' for statements whose best plan depends on the values: a
   * prepared statement soon switches to one generic plan, which assumes an
   * average store — wrong for a busy one with a hundred times more orders.
   */
  plan?: 'prepared' | 'per-call';
}

/**
 * True when the database itself refused a statement with an ERROR (a SQLSTATE and that
 * severity, as node-postgres and PGlite report it): the statement, run outside any
 * transaction, changed nothing. Not for FATAL, connection failures (class 08) or errors
 * without a SQLSTATE (a dropped socket): whether those committed is unknown.
 */
export function refusedByDatabase(err: unknown): boolean {
  const { code, severity } = (err ?? {}) as { code?: unknown; severity?: unknown };
  return severity === 'ERROR' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08');
}
