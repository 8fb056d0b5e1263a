import { and, asc, count, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Store, StoreListQuery } from '@gerai/contract';
import type { Db } from '../../db/client';
import { containsValue, containsWord, isPairWord, isShortWord, PAIR_WALK_FROM, piecesCountOf, piecesHold } from '../../db/like';
import { inScope, preparedRead, scopeKind, scopeValue } from '../../db/prepared';
import { fieldPieces, stores, storeSearchPairs } from '../../db/schema';
import { emptyPage, readPage, readPageByCount, type PageOf } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { toStoreView } from '../members';

/**
 * The store picker's read, prepared once per shape (decision 163): the caller's scope (`a` every store,
 * `s` the caller's stores as one array value) and the text (db/like.ts): none (`n`), too short for a
 * trigram (`w`: every store in scope is tested, in code order for the page), a two-letter word the
 * chain's few stores hold (`p`: found from the pieces' indexes) or a word the trigram indexes find (`t`,
 * decision 157). `offset 0` keeps the matches of `t` and `p` a subquery sorted by code.
 */
type Shape = `${'a' | 's'}${'n' | 'w' | 'p' | 't'}`;

function storesWhere(shape: Shape): SQL | undefined {
  const text = sql.placeholder('text');
  const contains = (column: AnyColumn) => containsWord(column, text, shape[1] === 'w');
  const word =
    shape[1] === 'n'
      ? undefined
      : shape[1] === 'p'
        ? or(piecesHold(fieldPieces(stores.code, stores.name), text), piecesHold(fieldPieces(stores.kelurahan, stores.kecamatan), text))
        : or(contains(stores.code), contains(stores.name), contains(stores.kelurahan), contains(stores.kecamatan));
  return and(shape[0] === 's' ? inScope(stores.code) : undefined, word);
}

const storesPage = preparedRead('picker_stores', (db, shape: Shape, as) => {
  if (shape[1] === 'n' || shape[1] === 'w') return db.select().from(stores).where(storesWhere(shape)).orderBy(asc(stores.code)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(as);
  const matched = db.select().from(stores).where(storesWhere(shape)).offset(sql.placeholder('fence')).as('matched');
  return db.select().from(matched).orderBy(asc(matched.code)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(as);
});
const storesCount = preparedRead('picker_stores_n', (db, shape: Shape, as) => db.select({ n: count() }).from(stores).where(storesWhere(shape)).prepare(as));
/** How many of the chain's stores hold a two-letter word in any of the four fields: one row of the pieces' counts. */
const chainPairCount = preparedRead('picker_pair_n', (db, _shape: '', as) =>
  db
    .select({ n: storeSearchPairs.stores })
    .from(storeSearchPairs)
    .where(piecesCountOf('all'))
    .prepare(as),
);

export async function listVisibleStores(db: Db, p: Principal, q: StoreListQuery, walkFrom = PAIR_WALK_FROM): Promise<PageOf<Store>> {
  const scope = scopeKind(p);
  if (scope === 'none') return emptyPage(q);
  const text = q.query ?? '';
  if (scope === 'all' && isPairWord(text)) {
    const values = { stores: [], text, fence: 0 };
    return readPageByCount(
      q,
      () => chainPairCount(db, '').execute({ text }),
      (total, w) => storesPage(db, total >= walkFrom ? 'aw' : 'ap').execute({ ...values, ...w }),
      toStoreView,
    );
  }
  const shape: Shape = `${scope === 'all' ? 'a' : 's'}${!text ? 'n' : isShortWord(text) ? 'w' : 't'}`;
  const values = { stores: scopeValue(p), text: containsValue(text, shape[1] !== 't'), fence: 0 };
  return readPage(q, (w) => [storesPage(db, shape).execute({ ...values, ...w }), storesCount(db, shape).execute(values)], toStoreView);
}
