import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Some columns of a table by name, as a select's fields: the order fields a request's screens show beside it
 * are one list of names in each area instead of a `name: orders.name` line per field.
 */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(table: T, names: readonly K[]): Pick<T['_']['columns'], K> {
  const all: T['_']['columns'] = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
