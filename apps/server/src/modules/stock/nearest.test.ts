import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne, sql } from 'drizzle-orm';
import { distanceMeters, STOCK_CAUSE, STOCK_CONDITION, type StoreProximity } from '@gerai/contract';
import type { Db, DbHandle } from '../../db/client';
import { products, stores, storeStock } from '../../db/schema';
import { describeOnPostgres, literal } from '../../test/plans';
import { openTestDb } from '../../test/test-db';
import { moveStock, nearestStores, storeOrigin, type StoreOrigin } from './index';
import { LOOKUP_BY_PRODUCT_SQL } from './lookup';
import { NEAREST_SQL, nearestParams, type NearestOptions } from './nearest';
import { seededRandom } from '../../test/random';

/**
 * Nearest stores (decision 88) over a chain grown to ~2,000 stores: the order is the kelurahan ring,
 * then the kecamatan ring, then distance, each ring by distance, exactly as a brute-force measure of
 * every store says; on PostgreSQL the plans are index walks, never a scan of every store.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const EXTRA_STORES = 2_000;

let handle: DbHandle;
let productId: string;

/**
 * The plan PostgreSQL chooses for a statement of lookup.ts, prepared as the app prepares it, as text.
 * `analyze`: run it, with each node's rows (or "never executed").
 * `generic`: the plan a named statement settles on after its first runs, made for no values in
 * particular. `withoutScans`: with sequential scans and sorts priced out, which shows whether the
 * statement can be answered by index walks at all (on a table of a few dozen rows a scan is cheaper,
 * and rightly chosen).
 */
async function planOf(db: Db, text: string, params: unknown[], opts: { generic?: boolean; withoutScans?: boolean; analyze?: boolean } = {}): Promise<string> {
  return db.transaction(async (tx) => {
    if (opts.withoutScans) {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
    }
    if (opts.generic) await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    // A prepared statement outlives the transaction: deallocated here, whatever happens.
    await tx.execute(sql.raw(`prepare explained as ${text}`));
    try {
      const { rows } = (await tx.execute(sql.raw(`explain ${opts.analyze ? '(analyze) ' : ''}execute explained(${params.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await tx.execute(sql`deallocate explained`);
    }
  });
}

/**
 * ~2,000 more stores scattered over Jakarta with random stock of the product, some in T001's
 * kelurahan and kecamatan so both rings have members; every unit on the ledger.
 */
async function growStores(origin: StoreOrigin): Promise<void> {
  const random = seededRandom(20261122);
  const rows: Array<typeof stores.$inferInsert> = [];
  for (let i = 0; i < EXTRA_STORES; i++) {
    const r = random();
    const ring = r < 0.01 ? 'kelurahan' : r < 0.04 ? 'kecamatan' : 'other';
    rows.push({
      code: `T${String(5000 + i)}`,
      name: `Toko Uji Jarak ${i}`,
      address: `Jl. Uji No. ${i}`,
      kelurahan: ring === 'kelurahan' ? origin.kelurahan : `Kelurahan ${i % 400}`,
      kecamatan: ring === 'other' ? `Kecamatan ${i % 80}` : origin.kecamatan,
      city: 'Jakarta',
      // Greater Jakarta, about 45 × 50 km.
      latitude: -6.45 + random() * 0.4,
      longitude: 106.6 + random() * 0.45,
      areaCode: 'UJI',
    });
  }
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(stores).values(rows.slice(i, i + 500));
  await moveStock(
    handle.db,
    rows.map((s) => ({ storeCode: s.code, productId, delta: Math.floor(random() * 12) + 1, condition: STOCK_CONDITION.SELLABLE, cause: STOCK_CAUSE.OPENING, ref: null, actorUserId: null })),
  );
  await handle.db.execute(sql`analyze stores`);
  await handle.db.execute(sql`analyze store_stock`);
}

/** The statement's one sort: a rare product's holders (at most RARE_HOLDERS rows, from its stock rows), by the walk's measure. */
function expectOnlyRareSort(plan: string): void {
  const keys = plan.split('\n').filter((l) => /Sort Key/.test(l));
  expect(keys, plan).toEqual([expect.stringMatching(/Sort Key: \(\(s_\d+\.location <-> o_\d+\.location\)\)/)]);
  expect(plan, plan).toMatch(/CTE Scan on held/);
}

const RING_ORDER: Record<StoreProximity, number> = { kelurahan: 0, kecamatan: 1, nearby: 2 };

/** What the answer must be, measured store by store. */
async function bruteForce(origin: StoreOrigin, minQty: number, ringsFirst: boolean, product = productId) {
  const all = await handle.db
    .select({ code: stores.code, kelurahan: stores.kelurahan, kecamatan: stores.kecamatan, latitude: stores.latitude, longitude: stores.longitude, qty: storeStock.qty })
    .from(stores)
    .leftJoin(storeStock, sql`${storeStock.storeCode} = ${stores.code} and ${storeStock.productId} = ${product}`);
  return all
    .filter((s) => s.code !== origin.code && (s.qty ?? 0) >= minQty)
    .map((s) => ({
      code: s.code,
      meters: distanceMeters({ lat: origin.latitude, lng: origin.longitude }, { lat: s.latitude, lng: s.longitude }),
      ring: (s.kecamatan !== origin.kecamatan ? 'nearby' : s.kelurahan === origin.kelurahan ? 'kelurahan' : 'kecamatan') as StoreProximity,
    }))
    .sort((a, b) => (ringsFirst ? RING_ORDER[a.ring] - RING_ORDER[b.ring] : 0) || a.meters - b.meters || (a.code < b.code ? -1 : 1));
}

beforeAll(async () => {
  handle = await openTestDb({ data: 'demo' });
  const [product] = await handle.db.select({ productId: products.productId }).from(products).where(ne(products.productId, '90000001')).orderBy(products.productId).limit(1);
  productId = product!.productId;
}, 120_000);
afterAll(async () => handle?.close());

describeOnPostgres('nearest stores: the plan', (db) => {
  it('answers the nearest stores of the seeded chain by a walk of stores_location_idx', async () => {
    const plan = await planOf(db().db, NEAREST_SQL, nearestParams('T001', { productId, minQty: 1, scope: 'nearby', limit: 50, max: 50 }), { withoutScans: true });
    expect(plan, plan).toMatch(/Index Scan using stores_location_idx on stores/);
    expect(plan, plan).toMatch(/Order By: \(location <-> o(_\d+)?\.location\)/);
    expect(plan, plan).not.toMatch(/Seq Scan/);
    expectOnlyRareSort(plan);
  });
});

describe('nearest stores over a grown chain', () => {
  let origin: StoreOrigin;
  beforeAll(async () => {
    origin = (await storeOrigin(handle.db, 'T001'))!;
    await growStores(origin);
  }, 120_000);

  it('orders the kelurahan ring, then the kecamatan ring, then the rest by distance, each ring by distance, exactly', async () => {
    const found = await nearestStores(handle.db, origin, { productId, minQty: 5, scope: 'nearby', limit: 50, max: 50 });
    const expected = (await bruteForce(origin, 5, true)).slice(0, 50);
    expect(found.items.map((s) => s.storeCode)).toEqual(expected.map((s) => s.code));
    expect(found.total).toBe(50);
    const rings = found.items.map((s) => RING_ORDER[s.proximity]);
    expect(rings).toEqual([...rings].sort((a, b) => a - b));
    expect(rings).toContain(0);
    expect(rings).toContain(1);
    expect(rings).toContain(2);
    for (const ring of [0, 1, 2]) {
      const d = found.items.filter((s) => RING_ORDER[s.proximity] === ring).map((s) => s.distanceM);
      expect(d).toEqual([...d].sort((a, b) => a - b));
    }
    expect(found.items.every((s) => s.qty >= 5)).toBe(true);
    expect(found.items.map((s) => s.distanceM)).toEqual(expected.map((s) => Math.round(s.meters)));
  });

  it('answers the nearest first whatever the ring (the stock lookup), from many origins', async () => {
    const random = seededRandom(7);
    const codes = ['T001', 'T002', 'T010', 'T5000', 'T5999', ...Array.from({ length: 10 }, () => `T${5000 + Math.floor(random() * EXTRA_STORES)}`)];
    for (const code of codes) {
      const from = (await storeOrigin(handle.db, code))!;
      for (const minQty of [0, 10]) {
        const found = await nearestStores(handle.db, from, { productId, minQty, scope: 'nearby', ringsFirst: false, limit: 10 });
        const expected = (await bruteForce(from, minQty, false)).slice(0, 10);
        expect(found.items.map((s) => s.storeCode), `${code} ≥${minQty}`).toEqual(expected.map((s) => s.code));
      }
    }
  });

  it('pages the rings and counts them exactly; excluded stores and the text filter apply to every ring', async () => {
    const expected = await bruteForce(origin, 1, true);
    const kelurahan = expected.filter((s) => s.ring === 'kelurahan');
    const kecamatan = expected.filter((s) => s.ring !== 'nearby');
    const ringOnly = await nearestStores(handle.db, origin, { productId, minQty: 1, scope: 'kelurahan', limit: 100 });
    expect(ringOnly.items.map((s) => s.storeCode)).toEqual(kelurahan.map((s) => s.code));
    expect(ringOnly.total).toBe(kelurahan.length);
    const page = await nearestStores(handle.db, origin, { productId, minQty: 1, scope: 'kecamatan', limit: 7, offset: 7 });
    expect(page.items.map((s) => s.storeCode)).toEqual(kecamatan.slice(7, 14).map((s) => s.code));
    expect(page.total).toBe(kecamatan.length);
    // Nearby pages: the walk sends the stores up to the page's end and counts the rest up to the cap.
    for (const offset of [0, 7, 21, 49]) {
      const nearby = await nearestStores(handle.db, origin, { productId, minQty: 1, scope: 'nearby', limit: 7, offset, max: 50 });
      expect(nearby.items.map((s) => s.storeCode), `offset ${offset}`).toEqual(expected.slice(0, 50).slice(offset, offset + 7).map((s) => s.code));
      expect(nearby.total).toBe(Math.min(50, expected.length));
    }
    const skip = [kelurahan[0]!.code, expected.find((s) => s.ring === 'nearby')!.code];
    const without = await nearestStores(handle.db, origin, { productId, minQty: 1, scope: 'nearby', exclude: skip, limit: 50, max: 50 });
    expect(without.items.map((s) => s.storeCode)).toEqual(expected.filter((s) => !skip.includes(s.code)).slice(0, 50).map((s) => s.code));
    const named = await nearestStores(handle.db, origin, { productId, scope: 'nearby', q: 'Uji Jarak 12', limit: 50, max: 50 });
    expect(named.items.length).toBeGreaterThan(0);
    expect(named.items.every((s) => s.storeName.includes('Uji Jarak 12'))).toBe(true);
    // Fewer stores than the cap: the total is what the walk counted, the page the first of them.
    const few = new Set([123, ...Array.from({ length: 10 }, (_, i) => 1230 + i)].map((i) => `T${5000 + i}`));
    const fewExpected = (await bruteForce(origin, 0, true)).filter((s) => few.has(s.code));
    const found = await nearestStores(handle.db, origin, { productId, scope: 'nearby', q: 'Uji Jarak 123', limit: 5, offset: 5, max: 50 });
    expect(found.total).toBe(few.size);
    expect(found.items.map((s) => s.storeCode)).toEqual(fewExpected.slice(5, 10).map((s) => s.code));
    const [own] = await handle.db.select().from(stores).where(eq(stores.code, 'T001'));
    expect(named.items.map((s) => s.storeCode)).not.toContain(own!.code);
  });

  it.skipIf(!ADMIN_URL)('chooses the walk of the location index and the ring indexes over 2,000 stores, prepared for any values (PostgreSQL)', async () => {
    const walk = (generic: boolean) => planOf(handle.db, NEAREST_SQL, nearestParams('T001', { productId, minQty: 5, scope: 'nearby', limit: 50, max: 50 }), { generic });
    const lookup = (generic: boolean) => planOf(handle.db, LOOKUP_BY_PRODUCT_SQL, [productId, 'T001', 1, 28], { generic });
    for (const generic of [false, true]) {
      for (const plan of [await walk(generic), await lookup(generic)]) {
        expect(plan, plan).toMatch(/Index Scan using stores_location_idx on stores s/);
        expect(plan, plan).toMatch(/Order By: \(location <-> o(_\d+)?\.location\)/);
        // store_stock by its primary key, one probe per store the walk reaches.
        expect(plan, plan).toMatch(/Index Scan using store_stock_store_code_product_id_pk on store_stock/);
        expect(plan, plan).not.toMatch(/Seq Scan|Hash/);
      }
      expectOnlyRareSort(await walk(generic));
      expect(await walk(generic)).toMatch(/store_stock_product_idx/);
      // Both rings from the btree indexes led by kecamatan (either may serve the kecamatan ring).
      const rings = (await walk(generic)).split('\n');
      const ringScans = rings.filter((l) => /Index Scan (using|on) stores_(kelurahan|kecamatan)_idx/.test(l));
      expect(ringScans.length, rings.join('\n')).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers a product few stores hold from their stock rows, exactly, without walking the chain', async () => {
    // A second product, held by four of the ~2,000 stores only (far apart), one of them with too little.
    const [other] = await handle.db.select({ productId: products.productId }).from(products).where(ne(products.productId, productId)).orderBy(products.productId).limit(1);
    const rare = other!.productId;
    await handle.db.delete(storeStock).where(eq(storeStock.productId, rare));
    const holders = ['T5003', 'T5777', 'T5999', 'T5400'];
    await moveStock(
      handle.db,
      holders.map((code, i) => ({ storeCode: code, productId: rare, delta: i === 3 ? 1 : 6, condition: STOCK_CONDITION.SELLABLE, cause: STOCK_CAUSE.OPENING, ref: null, actorUserId: null })),
    );
    await handle.db.execute(sql`analyze store_stock`);
    for (const minQty of [1, 5]) {
      const found = await nearestStores(handle.db, origin, { productId: rare, minQty, scope: 'nearby', limit: 50, max: 50 });
      const expected = await bruteForce(origin, minQty, true, rare);
      expect(found.items.map((s) => s.storeCode), `≥${minQty}`).toEqual(expected.map((s) => s.code));
      expect(found.total).toBe(minQty === 1 ? 4 : 3);
    }
    // Held nowhere: none, at once.
    const none = await nearestStores(handle.db, origin, { productId: 'TIDAK-ADA', minQty: 1, scope: 'nearby', limit: 50, max: 50 });
    expect(none).toEqual({ items: [], total: 0 });
    if (ADMIN_URL) {
      // On PostgreSQL: the walk of stores_location_idx never runs for it; the common product still walks.
      // Nearest first whatever the ring, so the answer is the walk's (the rings alone fill a page of 50 around T001).
      const ran = await planOf(handle.db, NEAREST_SQL, nearestParams('T001', { productId: rare, minQty: 1, scope: 'nearby', ringsFirst: false, limit: 10 }), { analyze: true });
      const walks = ran.split('\n').filter((l) => /Index Scan using stores_location_idx/.test(l));
      expect(walks.length, ran).toBeGreaterThan(0);
      expect(walks.every((l) => /never executed/.test(l)), ran).toBe(true);
      expect(ran.split('\n').find((l) => /CTE Scan on held/.test(l)), ran).not.toMatch(/never executed/);
      const common = await planOf(handle.db, NEAREST_SQL, nearestParams('T001', { productId, minQty: 1, scope: 'nearby', ringsFirst: false, limit: 10 }), { analyze: true });
      expect(common.split('\n').some((l) => /Index Scan using stores_location_idx/.test(l) && !/never executed/.test(l)), common).toBe(true);
    }
  });

  it.skipIf(!ADMIN_URL)('keeps one generic plan for a booking proposal of any quantity and for every ring, as good as planning each call (PostgreSQL)', async () => {
    // More units than any store holds (the rare branch), a few (the walk, nearest first), a proposal, the rings alone.
    const at = (minQty: number, scope: StoreProximity, more: Partial<NearestOptions> = {}) => nearestParams('T001', { productId, minQty, scope, limit: 10, ...more });
    const cases = { rare: at(1_000, 'nearby', { ringsFirst: false }), common: at(1, 'nearby', { ringsFirst: false }), proposal: at(1_000, 'nearby', { limit: 5, max: 5 }),
      kelurahan: at(1, 'kelurahan'), kecamatan: at(1, 'kecamatan') };
    const rolledBack = new Error('rolled back');
    const checked = handle.db.transaction(async (tx) => {
      const run = async (statement: string) => (await tx.execute(sql.raw(statement))) as unknown as { rows: Array<Record<string, unknown>> };
      // As in the bench's chain, where every store holds every product: a row per store, for the generic plan too.
      await run(`delete from store_stock where product_id <> ${literal(productId)}; analyze store_stock`);
      await run(`prepare counted as ${NEAREST_SQL}`);
      // As a connection runs the named statement: 12 times, then how many of the runs used the generic plan.
      for (const [name, params] of Object.entries(cases)) {
        for (let i = 0; i < 12; i++) await run(`execute counted(${params.map(literal).join(', ')})`);
        const { rows } = await run(`select generic_plans::int as n from pg_prepared_statements where name = 'counted'`);
        expect(rows[0]!.n, name).toBeGreaterThan(0);
        await run(`deallocate counted; prepare counted as ${NEAREST_SQL}`);
      }
      // The generic plan runs only the branch asked for: the holders' rows for the rare quantity, the walk otherwise.
      await run('set local plan_cache_mode = force_generic_plan');
      const ran = async (params: unknown[]) => (await run(`explain (analyze) execute counted(${params.map(literal).join(', ')})`)).rows.map((r) => String(Object.values(r)[0]));
      const rare = await ran(cases.rare);
      expect(rare.filter((l) => /Index Scan using stores_location_idx/.test(l)).every((l) => /never executed/.test(l)), rare.join('\n')).toBe(true);
      expect(rare.find((l) => /CTE Scan on held/.test(l)), rare.join('\n')).not.toMatch(/never executed/);
      const common = await ran(cases.common);
      expect(common.some((l) => /Index Scan using stores_location_idx/.test(l) && !/never executed/.test(l)), common.join('\n')).toBe(true);
      expect(common.find((l) => /CTE Scan on held/.test(l)), common.join('\n')).toMatch(/never executed/);
      await run('deallocate counted');
      throw rolledBack; // the stock and its statistics as they were
    });
    await expect(checked).rejects.toBe(rolledBack);
  });

  it('answers exactly where the index’s planar order misleads: far north, a nearer store east beyond the first read', async () => {
    // At 60°N a degree of longitude is half a degree of arc: twelve stores due north come first in
    // the walk's planar order, yet the store 0.7° east (0.35° of arc) is nearer than any of them,
    // so the statement's margin cannot prove its answer and the fallback walk reads further.
    const far = [
      ...Array.from({ length: 12 }, (_, i) => ({ code: `TN${String(i).padStart(2, '0')}`, latitude: 60.4 + i * 0.01, longitude: 20 })),
      { code: 'TE00', latitude: 60, longitude: 20.7 },
      { code: 'TN99', latitude: 60, longitude: 20 },
    ].map((s) => ({ ...s, name: `Toko Utara ${s.code}`, address: 'Jl. Utara', kelurahan: `Kel ${s.code}`, kecamatan: `Kec ${s.code}`, city: 'Utara', areaCode: 'UTR' }));
    await handle.db.insert(stores).values(far);
    const from = (await storeOrigin(handle.db, 'TN99'))!;
    for (const limit of [1, 3]) {
      const found = await nearestStores(handle.db, from, { productId, scope: 'nearby', ringsFirst: false, limit });
      const expected = (await bruteForce(from, 0, false)).slice(0, limit);
      expect(found.items.map((s) => s.storeCode)).toEqual(expected.map((s) => s.code));
      expect(found.items[0]!.storeCode).toBe('TE00');
    }
    const ringsFirst = await nearestStores(handle.db, from, { productId, scope: 'nearby', limit: 2, max: 2 });
    expect(ringsFirst.items.map((s) => s.storeCode)).toEqual((await bruteForce(from, 0, true)).slice(0, 2).map((s) => s.code));
  });
});
