import { and, asc, count, ilike, or } from 'drizzle-orm';
import type { StoreListQuery } from '@gerai/contract';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { readPage } from '../../platform/paging';
import type { Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';
import { toStoreView } from '../members';

export async function listVisibleStores(db: Db, p: Principal, q: StoreListQuery) {
  const term = q.query ? `%${q.query.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    storeScope(stores.code, p),
    term ? or(ilike(stores.code, term), ilike(stores.name, term), ilike(stores.kelurahan, term), ilike(stores.kecamatan, term)) : undefined,
  );
  return readPage(q, (w) => [db.select().from(stores).where(where).orderBy(asc(stores.code)).limit(w.limit).offset(w.offset), db.select({ n: count() }).from(stores).where(where)], toStoreView);
}
