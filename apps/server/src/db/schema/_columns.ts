import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamptz column; every time in the schema carries its zone. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

/**
 * `col in (…)` with the values inlined: check constraints and index predicates
 * are DDL, where bound parameters are not allowed.
 */
export function sqlIn(column: AnyColumn, values: readonly (string | number)[]): SQL {
  const list = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
