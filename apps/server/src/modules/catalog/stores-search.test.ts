import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { escapeLike } from '../../db/like';
import { stores } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, memberOf, preparedBy } from '../../test/plans';
import { openTestDb } from '../../test/test-db';
import { listVisibleStores } from './service';

/**
 * The store picker answers what `ilike '%word%'` on code, name, kelurahan or kecamatan answered within the
 * caller's stores, in code order, whichever of its prepared shapes reads it (none, a short word, a trigram word).
 */
describe('the store picker answers as ilike does', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb({ data: 'demo' });
    const odd = ['Toko Diskon 50% Uji', 'Toko Garis_Bawah', 'Toko Miring \\ Uji', 'Toko ÄBC Besar'];
    await handle.db.insert(stores).values(
      odd.map((name, i) => ({ code: `U${i}`, name, address: 'Jl. Uji', kelurahan: 'Uji', kecamatan: 'Uji', city: 'Jakarta', latitude: -6.2, longitude: 106.8, areaCode: 'JKS' })),
    );
  }, 120_000);
  afterAll(() => handle?.close());

  it('for every kind of word, for the whole chain and for an area', async () => {
    const chain = await memberOf(handle, DEMO_NIK.SUPER_USER);
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR);
    for (const p of [chain, area]) {
      const scope = p.storeCodes === 'all' ? sql`true` : inArray(stores.code, p.storeCodes);
      for (const query of [undefined, 'T0', 't0', 'a', 'K', 'ke', 'KE', 'ya', 'a ', 'äb', 'ÄB', '%', '_', '\\', '0%', '%_', '50%', 'kem', 'KEMANG', 'uji', 'zq', 'zzz']) {
        const like = `%${escapeLike(query ?? '')}%`;
        const { rows } = (await handle.db.execute(
          sql`select code from stores where ${scope} and (code ilike ${like} or name ilike ${like} or kelurahan ilike ${like} or kecamatan ilike ${like}) order by code`,
        )) as unknown as { rows: Array<{ code: string }> };
        const got = await listVisibleStores(handle.db, p, { query, page: 2, size: 5 });
        expect(got.total, `${p.nik} ${query}`).toBe(rows.length);
        expect(got.items.map((s) => s.storeCode), `${p.nik} ${query}`).toEqual(rows.slice(5, 10).map((r) => r.code));
      }
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
  });
});
