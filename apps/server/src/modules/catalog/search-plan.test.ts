import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products, stores, users } from '../../db/schema';
import { loadPrincipal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, literal, planOf, recordStatements, type SentStatement } from '../../test/plans';
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

  it("counts a two-letter word's stores from one row of the pieces' counts, and finds few from the pieces' indexes, many by walking in code order", async () => {
    const chain = await principalOf(DEMO_NIK.SUPER_USER);
    const crew = await principalOf(DEMO_NIK.STAFF);
    const sentBy = async (search: () => Promise<unknown>) => {
      const sent = recording!.sent;
      sent.length = 0;
      await search();
      return Promise.all(sent.map(async (s) => ({ text: s.text, plan: await planOf(db().db, s) })));
    };
    for (const [few, many] of [
      [() => listVisibleStores(db().db, chain, { query: 'Ca', page: 1, size: 20 }, Number.POSITIVE_INFINITY), () => listVisibleStores(db().db, chain, { query: 'Ca', page: 1, size: 20 }, 0)],
      [() => listTransferStores(db().db, crew, { q: 'Ca', page: 1, size: 20 }, Number.POSITIVE_INFINITY), () => listTransferStores(db().db, crew, { q: 'Ca', page: 1, size: 20 }, 0)],
    ]) {
      const [count, fewPage] = await sentBy(few!);
      const [, manyPage] = await sentBy(many!);
      // The count: one row by its key (and, for a receiver, the caller's own store by its key).
      expect(count!.plan, count!.text).toMatch(/Index Scan using store_search_pairs_fields_pair_pk on store_search_pairs/);
      expect(count!.plan.replace(/Index Scan using stores_pkey on stores[^\n]*\n\s*Index Cond: \(code = [^\n]*/g, ''), count!.text).not.toMatch(/ on stores/);
      expect(fewPage!.plan, fewPage!.text).toMatch(/Bitmap Index Scan on stores_code_name_pairs_idx/);
      expect(fewPage!.plan, fewPage!.text).not.toMatch(/Seq Scan on stores|stores_pkey/);
      expect(manyPage!.plan, manyPage!.text).toMatch(/Index Scan using stores_pkey on stores/);
      expect(manyPage!.plan, manyPage!.text).not.toMatch(/Sort|Bitmap/);
    }
  });

  it('finds products by name from its trigram index (a barcode or code exactly by their unique indexes)', async () => {
    const crew = await principalOf(DEMO_NIK.STAFF);
    for (const plan of await plansOf('products', () => searchStock(db().db, crew, { q: 'kopi', page: 1, size: 20 }))) {
      expect(plan).not.toMatch(/Seq Scan on products/);
      expect(plan).toMatch(/Bitmap Index Scan on products_name_trgm_idx/);
    }
  });

  it('finds products by a word of two letters (no trigram) from the index of their names’ two-letter pieces', async () => {
    const crew = await principalOf(DEMO_NIK.STAFF);
    for (const plan of await plansOf('products', () => searchStock(db().db, crew, { q: 'Ji', page: 1, size: 20 }))) {
      expect(plan).not.toMatch(/Seq Scan on products/);
      // The trigram part is in every plan too, behind its one-time filter: the next test shows it never runs.
      expect(plan).toMatch(/Bitmap Index Scan on products_name_bigram_idx/);
    }
  });

  it('keeps one generic plan for every word: a short word never reads the trigram index, a longer one never the two-letter one', async () => {
    const crew = await principalOf(DEMO_NIK.STAFF);
    /** The statement run as a named statement settles on (its generic plan), each node with its rows or "never executed". */
    const ran = (s: SentStatement) =>
      db().db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql.raw(`prepare explained as ${s.text}`));
        try {
          const { rows } = (await tx.execute(sql.raw(`explain (analyze, costs off, timing off, summary off) execute explained(${s.values.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
          return rows.map((r) => Object.values(r)[0]).join('\n');
        } finally {
          await tx.execute(sql`deallocate explained`);
        }
      });
    /** How often the statement, run 12 times as the app runs it, used a generic plan (custom ones are planned on every call). */
    const genericRuns = (s: SentStatement) =>
      db().db.transaction(async (tx) => {
        await tx.execute(sql.raw(`prepare counted as ${s.text}`));
        try {
          for (let i = 0; i < 12; i++) await tx.execute(sql.raw(`execute counted(${s.values.map(literal).join(', ')})`));
          const { rows } = (await tx.execute(sql`select generic_plans::int as n from pg_prepared_statements where name = 'counted'`)) as unknown as { rows: Array<{ n: number }> };
          return rows[0]!.n;
        } finally {
          await tx.execute(sql`deallocate counted`);
        }
      });
    const scanOf = (plan: string, index: string) => plan.split('\n').find((line) => line.includes(`Bitmap Index Scan on ${index}`)) ?? '';
    for (const [q, reads, skips] of [
      ['ji', 'products_name_bigram_idx', 'products_name_trgm_idx'],
      ['uji', 'products_name_trgm_idx', 'products_name_bigram_idx'],
    ] as const) {
      const sent = recording!.sent;
      sent.length = 0;
      const { total } = await searchStock(db().db, crew, { q, page: 1, size: 20 });
      expect(total).toBeGreaterThanOrEqual(5_000);
      const statements = sent.filter((s) => /from "products"/.test(s.text));
      expect(statements.map((s) => s.name).sort()).toEqual(['stock_search', 'stock_search_n']);
      for (const s of statements) {
        const plan = await ran(s);
        expect(plan).not.toMatch(/Seq Scan on products/);
        expect(scanOf(plan, reads), plan).not.toMatch(/never executed/);
        expect(scanOf(plan, skips), plan).toMatch(/never executed/);
        expect(await genericRuns(s), `${q} ${s.name}`).toBeGreaterThan(0);
      }
    }
  });
});
