import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { escapeLike } from '../../db/like';
import { products } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { memberOf } from '../../test/plans';
import { openTestDb } from '../../test/test-db';
import { searchStock } from './lookup';

/**
 * The stock search reads a word of two letters from the names' two-letter pieces and a longer one from the trigram
 * index (migration 0028, decision 157): whichever it reads, it answers what `name ilike '%word%'` or the exact
 * barcode or code answered, in the same order (exact first, then by name and code).
 */
describe('the stock search answers as ilike does', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb({ data: 'demo' });
    const names = ['ÄBC Uji Besar', 'äbc uji kecil', 'Diskon 50% Uji', 'Sabun_Cair Uji', 'Garis \\ Miring Uji', 'Kopi  Dua Spasi', 'Uji 😀 Senyum', 'QZ Uji'];
    await handle.db.insert(products).values(names.map((name, i) => ({ productId: i === 0 ? 'ab' : `SRCH${i}`, ean13: String(2_950_000_000_000 + i), name, category: 'Uji', price: 1000 })));
  }, 120_000);
  afterAll(() => handle?.close());

  it('by every kind of word: two letters in either case, LIKE characters, spaces, a code, longer words', async () => {
    const crew = await memberOf(handle, DEMO_NIK.STAFF, 'T001');
    for (const q of ['an', 'AN', 'äB', 'Äb', '0%', '%_', '_C', '\\', 's\\', 'n ', 'i  d', '😀', 'ab', 'AB', 'qz', 'uji', 'Uji Be', 'kopi', 'zz']) {
      const text = q.trim();
      const { rows } = (await handle.db.execute(
        sql`select product_id as "productID" from products where name ilike ${`%${escapeLike(text)}%`} or ean13 = ${text} or product_id = ${text}
            order by case when ean13 = ${text} or product_id = ${text} then 0 else 1 end, name, product_id`,
      )) as unknown as { rows: Array<{ productID: string }> };
      const got = await searchStock(handle.db, crew, { q: text, page: 1, size: 100 });
      expect(got.total, q).toBe(rows.length);
      expect(got.items.map((i) => i.productID), q).toEqual(rows.slice(0, 100).map((r) => r.productID));
    }
  });
});
