import { and, asc, count, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { StoreListQuery } from '@gerai/contract';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { stores } from '../../db/schema';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { toStoreView } from '../members';

/**
 * The store picker's read, prepared once per shape (decision 163): the caller's scope (`a` every store,
 * `s` the caller's stores as one array value) and the text: none (`n`), fewer than 3 letters (`w`: no
 * trigram for an index, so every store in scope is tested, written as ilike computes it) or a word the
 * trigram indexes find (`t`, decision 157; `offset 0` keeps the matches a subquery sorted by code).
 */
type Shape = `${'a' | 's'}${'n' | 'w' | 't'}`;

function storesWhere(shape: Shape): SQL | undefined {
  const text = sql.placeholder('text');
  const contains = (column: AnyColumn) => (shape[1] === 'w' ? sql`strpos(lower(${column}), lower(${text})) > 0` : ilike(column, text));
  return and(
    shape[0] === 's' ? inScope(stores.code) : undefined,
    shape[1] === 'n' ? undefined : or(contains(stores.code), contains(stores.name), contains(stores.kelurahan), contains(stores.kecamatan)),
  );
}

const storesPage = preparedRead('picker_stores', (db, shape: Shape, as) => {
  if (shape[1] !== 't') return db.select().from(stores).where(storesWhere(shape)).orderBy(asc(stores.code)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(as);
  const matched = db.select().from(stores).where(storesWhere(shape)).offset(sql.placeholder('fence')).as('matched');
  return db.select().from(matched).orderBy(asc(matched.code)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(as);
});
const storesCount = preparedRead('picker_stores_n', (db, shape: Shape, as) => db.select({ n: count() }).from(stores).where(storesWhere(shape)).prepare(as));

export async function listVisibleStores(db: Db, p: Principal, q: StoreListQuery) {
  const scope = scopeKind(p);
  if (scope === 'none') return { items: [], page: q.page, size: q.size, total: 0 };
  const text = q.query ?? '';
  const shape: Shape = `${scope === 'all' ? 'a' : 's'}${!text ? 'n' : text.length < 3 ? 'w' : 't'}`;
  const values = { stores: scopeValue(p), text: shape[1] === 't' ? `%${escapeLike(text)}%` : text, fence: 0 };
  return readPage(q, (w) => [storesPage(db, shape).execute({ ...values, ...w }), storesCount(db, shape).execute(values)], toStoreView);
}
