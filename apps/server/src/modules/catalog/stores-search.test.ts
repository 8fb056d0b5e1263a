import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { escapeLike } from '../../db/like';
import { stores } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, memberOf, preparedBy } from '../../test/plans';
import { openWithOddStores } from '../../test/odd-stores';
import { openTestDb } from '../../test/test-db';
import { listVisibleStores } from './service';

/**
 * The store picker answers what `ilike '%word%'` on code, name, kelurahan or kecamatan answered within the
 * caller's stores, in code order, whichever of its prepared shapes reads it (none, a short word, a trigram word).
 */
describe('the store picker answers as ilike does', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openWithOddStores();
  }, 120_000);
  afterAll(() => handle?.close());

  const WORDS = [undefined, 'T0', 't0', 'a', 'K', 'ke', 'KE', 'ya', 'an', 'AN', 'a ', ' B', 'äb', 'ÄB', '%', '_', '\\', '0%', '%_', '50%', 'kem', 'KEMANG', 'uji', 'zq', 'zzz'];
  /** Every word's total and second page of five against ilike's, for the whole chain and an area; a two-letter word walked and from its pieces. */
  async function expectIlike(words: ReadonlyArray<string | undefined>) {
    const chain = await memberOf(handle, DEMO_NIK.SUPER_USER);
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR);
    for (const p of [chain, area]) {
      const scope = p.storeCodes === 'all' ? sql`true` : inArray(stores.code, p.storeCodes);
      for (const query of words) {
        const like = `%${escapeLike(query ?? '')}%`;
        const { rows } = (await handle.db.execute(
          sql`select code from stores where ${scope} and (code ilike ${like} or name ilike ${like} or kelurahan ilike ${like} or kecamatan ilike ${like}) order by code`,
        )) as unknown as { rows: Array<{ code: string }> };
        for (const walkFrom of [0, Number.POSITIVE_INFINITY]) {
          const got = await listVisibleStores(handle.db, p, { query, page: 2, size: 5 }, walkFrom);
          expect(got.total, `${p.nik} ${query} ${walkFrom}`).toBe(rows.length);
          expect(got.items.map((s) => s.storeCode), `${p.nik} ${query} ${walkFrom}`).toEqual(rows.slice(5, 10).map((r) => r.code));
        }
      }
    }
  }

  it('for every kind of word, for the whole chain and for an area', async () => {
    await expectIlike(WORDS);
  });

  it("keeps the two-letter pieces' counts with every store added, renamed or removed (migration 0032)", async () => {
    const counts = async (from: 'store_search_pairs' | 'recount') => {
      const query =
        from === 'store_search_pairs'
          ? sql`select fields, pair, stores::int as n from store_search_pairs where stores > 0 order by 1, 2`
          : sql`select x.fields, x.pair, count(*)::int as n from stores s, store_search_pairs_of(s.code, s.name, s.kelurahan, s.kecamatan) x group by 1, 2 order by 1, 2`;
      return ((await handle.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    };
    expect(await counts('store_search_pairs')).toEqual(await counts('recount'));
    await handle.db.insert(stores).values([
      { code: 'U9', name: 'Toko Qzx Baru', address: 'Jl. Uji', kelurahan: 'Qw', kecamatan: 'Uji', city: 'Jakarta', latitude: -6.2, longitude: 106.8, areaCode: 'JKS' },
      { code: 'U8', name: 'Toko Qzy Baru', address: 'Jl. Uji', kelurahan: 'Uji', kecamatan: 'Uji', city: 'Jakarta', latitude: -6.2, longitude: 106.8, areaCode: 'JKS' },
    ]);
    await handle.db.update(stores).set({ name: 'Toko Berganti Nama' }).where(inArray(stores.code, ['U0', 'U9']));
    await handle.db.delete(stores).where(inArray(stores.code, ['U1']));
    expect(await counts('store_search_pairs')).toEqual(await counts('recount'));
    await expectIlike(['qz', 'QW', 'ga', 'na', 'an', '_B', 'ke', 'zz']);
  });

  it("empties the two-letter pieces' counts when the stores are truncated", async () => {
    const fresh = await openTestDb({ data: 'demo' });
    try {
      const pieces = async () => ((await fresh.db.execute(sql`select count(*)::int as n from store_search_pairs where stores > 0`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      expect(await pieces()).toBeGreaterThan(0);
      await fresh.db.execute(sql`truncate table stores cascade`);
      expect(await pieces()).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describeOnPostgres('the store picker as the app sends it', (db) => {
  it('sends one named statement per shape, one text for one store and for an area of ten', async () => {
    const names = async (nik: string, query?: string) => {
      const p = await memberOf(db(), nik);
      return (await preparedBy(() => listVisibleStores(db().db, p, { query, page: 1, size: 20 }))).map((s) => s.name).sort();
    };
    expect(await names(DEMO_NIK.STAFF)).toEqual(['picker_stores_n_sn', 'picker_stores_sn']);
    expect(await names(DEMO_NIK.AREA_SUPERVISOR)).toEqual(await names(DEMO_NIK.STAFF));
    expect(await names(DEMO_NIK.AREA_SUPERVISOR, 'ke')).toEqual(['picker_stores_n_sw', 'picker_stores_sw']);
    expect(await names(DEMO_NIK.SUPER_USER, 'kem')).toEqual(['picker_stores_at', 'picker_stores_n_at']);
    // A two-letter word over the whole chain: its count from the pieces' counts, its page from their index (the demo's few stores hold it).
    expect(await names(DEMO_NIK.SUPER_USER, 'ke')).toEqual(['picker_pair_n', 'picker_stores_ap']);
  });
});
