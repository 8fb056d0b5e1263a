import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products, stores, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, planOf, recordStatements } from '../../test/plans';
import { searchStock } from '../stock/lookup';
import { listTransferStores } from '../transfers/queries';
import { listVisibleStores } from './service';

/**
 * On PostgreSQL, a "contains" search over the chain's stores (the store picker, a transfer's receiver) and the
 * catalogue (the stock search) reads the trigram indexes of migration 0025, never every store or product: at
 * 20,000 stores each keystroke's search and its count were two scans of the chain. Plans are taken with sequential
 * scans priced out (the demo's 60 stores scan cheaper, rightly); the bench data's were measured with EXPLAIN ANALYZE.
 */
let recording: ReturnType<typeof recordStatements> | null = null;

describeOnPostgres('searches over the chain: the plans', (db) => {
  beforeAll(async () => {
    // A chain of 5,000 stores and a catalogue of 5,000 products, ANALYZEd, so the planner prices a search that matches a few of them.
    const handle = db();
    const storeRows = Array.from({ length: 5_000 }, (_, i) => ({
      code: `T${String(30_000 + i)}`,
      name: `Toko Cari Uji ${i}`,
      address: `Jl. Uji ${i}`,
      kelurahan: `Kelurahan ${i % 500}`,
      kecamatan: `Kecamatan ${i % 90}`,
      city: 'Bandung',
      latitude: -6.9 + (i % 100) * 0.001,
      longitude: 107.6 + Math.floor(i / 100) * 0.001,
      areaCode: 'CARI',
    }));
    for (let i = 0; i < storeRows.length; i += 2_000) await handle.db.insert(stores).values(storeRows.slice(i, i + 2_000));
    const productRows = Array.from({ length: 5_000 }, (_, i) => ({
      productId: `CARI${i}`,
      ean13: String(2_900_000_000_000 + i),
      name: `Barang Uji ${i}`,
      category: 'Uji',
      price: 1000,
    }));
    for (let i = 0; i < productRows.length; i += 2_000) await handle.db.insert(products).values(productRows.slice(i, i + 2_000));
    await handle.db.execute(sql`analyze stores`);
    await handle.db.execute(sql`analyze products`);
    recording = recordStatements();
  }, 120_000);
  afterAll(() => recording?.stop());

  const principalOf = async (nik: string) => {
    const [user] = await db().db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
    return (await loadPrincipal(db().db, user!.id))!;
  };
  /** The plans of the statements `search` sends that read `table`. */
  const plansOf = async (table: string, search: () => Promise<unknown>) => {
    const sent = recording!.sent;
    sent.length = 0;
    await search();
    const reads = sent.filter((s) => new RegExp(`from "${table}"`).test(s.text));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    return Promise.all(reads.map(async (s) => `${s.text}\n${await planOf(db().db, s)}`));
  };

  it('finds stores by code, name, kelurahan or kecamatan from their trigram indexes: the page and its count', async () => {
    const chain = await principalOf(DEMO_NIK.SUPER_USER);
    for (const plan of await plansOf('stores', () => listVisibleStores(db().db, chain, { query: 'kem', page: 1, size: 20 }))) {
      expect(plan).not.toMatch(/Seq Scan on stores/);
      for (const index of ['stores_code_trgm_idx', 'stores_name_trgm_idx', 'stores_kelurahan_trgm_idx', 'stores_kecamatan_trgm_idx']) expect(plan).toMatch(new RegExp(`Bitmap Index Scan on ${index}`));
    }
  });

  it('finds a transfer’s receiving store by code or name from the trigram indexes', async () => {
    const crew = await principalOf(DEMO_NIK.STAFF);
    for (const plan of await plansOf('stores', () => listTransferStores(db().db, crew, { q: 'kem', page: 1, size: 20 }))) {
      expect(plan).not.toMatch(/Seq Scan on stores/);
      expect(plan).toMatch(/Bitmap Index Scan on stores_name_trgm_idx/);
      expect(plan).toMatch(/Bitmap Index Scan on stores_code_trgm_idx/);
    }
  });

  it('finds products by name from its trigram index (a barcode or code exactly by their unique indexes)', async () => {
    const crew = await principalOf(DEMO_NIK.STAFF);
    for (const plan of await plansOf('products', () => searchStock(db().db, crew, { q: 'kopi', page: 1, size: 20 }))) {
      expect(plan).not.toMatch(/Seq Scan on products/);
      expect(plan).toMatch(/Bitmap Index Scan on products_name_trgm_idx/);
    }
  });
});
