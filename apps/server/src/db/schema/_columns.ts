import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (uploaded photos): PGlite and node-postgres both read bytea as a Buffer/Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

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
