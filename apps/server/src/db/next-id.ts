import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** The next value of a table's `id` sequence, for a row whose number shows its id (BK…, MAT…): drawn before the insert. */
export async function nextId(tx: Tx, table: PgTable): Promise<number> {
  const [row] = await tx
    .select({ id: sql`nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))`.mapWith(Number) })
    .from(sql`(values (1)) as one (n)`);
  return row!.id;
}
