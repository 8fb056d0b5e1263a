import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Principal } from '../platform/principal';
import type { Db } from './client';

/** What a Drizzle prepared query gives: run with its placeholders' values. */
interface Prepared {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A read written with Drizzle and built once per database and shape, then run by its placeholders
 * (`sql.placeholder`) as a named prepared statement (decision 163): building a query of seven joins
 * cost more CPU than running it, and the SQL text went over the wire with every call. `shape` names
 * which optional filters and which order a call has, so each shape is its own statement, and it must
 * decide the SQL text alone: a value that changes the text (a list written out as `in ($1, $2)`) is a
 * placeholder instead (`inScope`). The statement's name on PostgreSQL is `name` and the shape.
 */
export function preparedRead<Shape extends string, Q extends Prepared>(name: string, build: (db: Db, shape: Shape, as: string) => Q): (db: Db, shape: Shape) => Q {
  const built = new WeakMap<Db, Map<Shape, Q>>();
  return (db, shape) => {
    let byShape = built.get(db);
    if (!byShape) built.set(db, (byShape = new Map()));
    let query = byShape.get(shape);
    if (!query) byShape.set(shape, (query = build(db, shape, shape ? `${name}_${shape}` : name)));
    return query;
  };
}

/**
 * Store scope for a prepared read: the caller's stores as one array placeholder (`scopeValue` gives
 * its value), so an area of ten stores and a store of one share a statement. A super user's reads
 * have no scope at all (`scopeKind` 'all'); a member without a store reads nothing ('none').
 */
export const inScope = (column: Column, placeholder = 'stores'): SQL => sql`${column} = any(${sql.placeholder(placeholder)}::text[])`;

export type ScopeKind = 'all' | 'some' | 'none';
export const scopeKind = (p: Principal): ScopeKind => (p.storeCodes === 'all' ? 'all' : p.storeCodes.length === 0 ? 'none' : 'some');
export const scopeValue = (p: Principal): string[] => (p.storeCodes === 'all' ? [] : p.storeCodes);
