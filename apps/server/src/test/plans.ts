import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';

/** A statement as the app sent it to PostgreSQL. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

/** A parameter as an SQL literal, for EXECUTE. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `array[${v.map(literal).join(', ')}]::text[]`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

/**
 * The plan PostgreSQL picks for a statement the app sent, prepared as the app prepares it, with sequential
 * scans priced out (and any `also` setting, e.g. `enable_hashjoin = off`): it shows whether an index answers at all.
 */
export async function planOf(db: Db, { text, values }: SentStatement, also: readonly string[] = []): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    for (const setting of also) await tx.execute(sql.raw(`set local ${setting}`));
    await tx.execute(sql.raw(`prepare explained as ${text}`));
    try {
      const { rows } = (await tx.execute(sql.raw(`explain execute explained(${values.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await tx.execute(sql`deallocate explained`);
    }
  });
}

/** Records every statement any node-postgres connection sends from now on, alone or in a transaction; `stop` ends it. */
export function recordStatements(): { sent: SentStatement[]; stop: () => void } {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    const c = config as string | { text: string; values?: unknown[] };
    sent.push(typeof c === 'string' ? { text: c, values: (values as unknown[]) ?? [] } : { text: c.text, values: c.values ?? (values as unknown[]) ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return { sent, stop: () => (pg.Client.prototype.query = query) };
}
