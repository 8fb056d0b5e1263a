import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { escapeLike } from '../../db/like';
import { DEMO_NIK } from '../../seed/demo-data';
import { memberOf } from '../../test/plans';
import { openWithOddStores } from '../../test/odd-stores';
import { listTransferStores } from './queries';

/**
 * A transfer's receiver search answers what `ilike '%word%'` on code or name answered for every store but the
 * caller's, in code order, whichever shape reads it (a short word, a two-letter word walked or from its pieces, a trigram word).
 */
describe("a transfer's receiver search answers as ilike does", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openWithOddStores('Kemang');
  }, 120_000);
  afterAll(() => handle?.close());

  it('for every kind of word, never the caller’s own store', async () => {
    const crew = await memberOf(handle, DEMO_NIK.STAFF);
    for (const q of ['T0', 't0', 'T001', '01', 'ke', 'KE', 'an', 'äb', '%', '_', '\\', '0%', '%_', '50%', 'kem', 'uji', 'zq', 'zzz']) {
      const like = `%${escapeLike(q.trim())}%`;
      const { rows } = (await handle.db.execute(sql`select code from stores where code <> 'T001' and (code ilike ${like} or name ilike ${like}) order by code`)) as unknown as { rows: Array<{ code: string }> };
      for (const walkFrom of [0, Number.POSITIVE_INFINITY]) {
        const got = await listTransferStores(handle.db, crew, { q, page: 2, size: 5 }, walkFrom);
        expect(got.total, `${q} ${walkFrom}`).toBe(rows.length);
        expect(got.items.map((s) => s.storeCode), `${q} ${walkFrom}`).toEqual(rows.slice(5, 10).map((r) => r.code));
      }
    }
  });
});
