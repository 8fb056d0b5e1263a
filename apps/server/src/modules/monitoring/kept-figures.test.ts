import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MONITORED_STATUSES, MONITORING_LATE_MAX, MONITORING_STATUSES, MONITORING_TILES, ORDER_STATUS, type OrderStatusId } from '@gerai/contract';
import { loadConfig } from '../../config';
import { orders, stores, users } from '../../db/schema';
import { loadPrincipal, type Principal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { testFileWith } from '../../test/harness';
import { oneLineOrder, sendChannelOrder } from '../../test/intake';
import { testRandom } from '../../test/random';
import { addAreaSupervisor, addOrder, addStore, ago, monitoringApi } from './monitoring-test-kit';
import { oracleChainSnapshot, oracleLateOrders, oracleStoreRows, oracleStoresSnapshot } from './monitoring-oracle';
import { loadLateOrders } from './late-orders';
import { loadMonitoring, loadStoreRows } from './queries';
import { monitoringSettings } from './settings';
import { loadTileStores } from './tile-stores';

/**
 * The figures monitoring keeps (migration 0018: per status over the chain in slots, open orders per store, on top of
 * order_status_counts) against a count of the orders themselves, after every step of a seeded random walk of order
 * changes: intake through the channel, claims through the API, and the row changes every flow makes (claim, pack,
 * hand over, complete, archive, cancel, several orders in one statement, a deletion, a store moved), and after changes
 * racing on one store. Each reply is also compared with the statement monitoring answered with before, which counted
 * every figure from scratch (the oracle).
 */
const { ctx, api } = testFileWith(monitoringApi);
const STORES = ['T910', 'T911', 'T912', 'T913'];
const SUPERVISOR = '30000910';
const SHOWN = MONITORING_STATUSES.join(', ');
const OPEN = MONITORED_STATUSES.join(', ');
let NOW: Date;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await ctx.handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The chain's kept figures per status, and every store's open orders, as the orders themselves count them. */
async function expectKeptFiguresTrue(): Promise<void> {
  const kept = await rows(
    sql.raw(`select u.status_id, sum(u.n)::int as n, sum(u.stores)::int as stores
      from monitoring_status_slots s cross join lateral unnest(array[${SHOWN}], s.n, s.stores) u(status_id, n, stores)
      group by 1 having sum(u.n) <> 0 or sum(u.stores) <> 0 order by 1`),
  );
  const counted = await rows(sql.raw(`select status_id, count(*)::int as n, count(distinct store_code)::int as stores from orders where status_id in (${SHOWN}) group by 1 order by 1`));
  expect(kept).toEqual(counted);
  expect(await rows(sql`select n from monitoring_store_count`)).toEqual(await rows(sql`select count(*)::int as n from stores`));
  const open = await rows(sql.raw(`select store_code, open, n from monitoring_store_open where open <> 0 or n <> '{0,0,0}' order by 1`));
  const openCounted = await rows(
    sql.raw(`select store_code, count(*)::int as open, array[${MONITORED_STATUSES.map((s) => `count(*) filter (where status_id = ${s})::int`).join(', ')}] as n
      from orders where status_id in (${OPEN}) group by 1 order by 1`),
  );
  expect(open).toEqual(openCounted);
  // Each open row's name is its store's (null once the store is gone).
  expect(await rows(sql`select o.store_code, o.name, s.name as store_name from monitoring_store_open o left join stores s on s.code = o.store_code where o.name is distinct from s.name`)).toEqual([]);
}

async function principalOf(nik: string): Promise<Principal> {
  const [user] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
  return (await loadPrincipal(ctx.handle.db, user!.id))!;
}

/** The reply from the kept figures equals the oracle's, for the whole chain, an area and one store. */
async function expectRepliesAsCounted(): Promise<void> {
  const settings = monitoringSettings(loadConfig({}));
  const oracle = { chain: oracleChainSnapshot, stores: oracleStoresSnapshot };
  for (const [nik, query] of [
    [DEMO_NIK.SUPER_USER, {}],
    [SUPERVISOR, {}],
    [SUPERVISOR, { storeCode: STORES[1] }],
  ] as const) {
    const p = await principalOf(nik);
    const kept = await loadMonitoring(ctx.handle.db, p, query, settings, NOW);
    const counted = await loadMonitoring(ctx.handle.db, p, query, settings, NOW, oracle);
    expect(kept, `${nik} ${JSON.stringify(query)}`).toEqual(counted);
    // "Per toko", a read of its own, as the oracle counts it, and when it changes by time alone.
    const keptRows = await loadStoreRows(ctx.handle.db, p, query, settings, NOW);
    expect(keptRows, `store rows ${nik} ${JSON.stringify(query)}`).toEqual(await loadStoreRows(ctx.handle.db, p, query, settings, NOW, oracleStoreRows));
    expect(keptRows.lateChangesAt).toEqual(kept.lateChangesAt);
    // The late list, a read of its own, likewise; it names as many as the figures count, up to its cap.
    const keptLate = await loadLateOrders(ctx.handle.db, p, query, settings, NOW);
    expect(keptLate, `late ${nik} ${JSON.stringify(query)}`).toEqual(await loadLateOrders(ctx.handle.db, p, query, settings, NOW, oracleLateOrders));
    expect(keptLate.lateChangesAt).toEqual(kept.lateChangesAt);
    expect(keptLate.data.late).toHaveLength(Math.min(kept.data.lateTotal, MONITORING_LATE_MAX));
    if ('storeCode' in query) continue;
    // Each tile's stores, read when the tile is opened, as the oracle counts them.
    const cutoff = NOW.toISOString();
    const [row] = p.storeCodes === 'all' ? await oracleChainSnapshot(ctx.handle.db, cutoff, cutoff, cutoff) : await oracleStoresSnapshot(ctx.handle.db, cutoff, cutoff, cutoff, [...p.storeCodes]);
    for (const tile of MONITORING_TILES) {
      const rows = row!.tiles.filter((t) => t.tile === tile);
      const expected = { tile, storeTotal: rows[0]?.storeTotal ?? 0, stores: rows.map((t) => ({ storeCode: t.storeCode, storeName: t.storeName, count: t.count })) };
      expect(await loadTileStores(ctx.handle.db, p, tile), `${nik} ${tile}`).toEqual(expected);
    }
  }
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(testRandom() * values.length)]!;
/** An arrival within the last three hours: some orders late at each service level, some on time. */
const arrival = () => ago(NOW, testRandom() * 180);
/** The status moves the flows make (ORDER_FLOW and the archive), as row changes. */
const MOVES: ReadonlyArray<[from: OrderStatusId, to: OrderStatusId]> = [
  [ORDER_STATUS.NEW, ORDER_STATUS.PACKING],
  [ORDER_STATUS.PACKING, ORDER_STATUS.IN_PROGRESS],
  [ORDER_STATUS.IN_PROGRESS, ORDER_STATUS.COMPLETED],
  [ORDER_STATUS.COMPLETED, ORDER_STATUS.HISTORY],
  [ORDER_STATUS.NEW, ORDER_STATUS.CANCELLED],
  [ORDER_STATUS.PACKING, ORDER_STATUS.CANCELLED],
  [ORDER_STATUS.IN_PROGRESS, ORDER_STATUS.CANCELLED],
  [ORDER_STATUS.CANCELLED, ORDER_STATUS.HISTORY_CANCELLED],
];

async function someOrder(where: SQL): Promise<{ id: number; shipmentNo: string } | undefined> {
  const found = await rows<{ id: number; shipment_no: string }>(sql`select id, shipment_no from orders where ${where} order by id`);
  if (found.length === 0) return undefined;
  const o = pick(found);
  return { id: o.id, shipmentNo: o.shipment_no };
}

beforeAll(async () => {
  NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  for (const code of STORES) await addStore(ctx, code);
  await addAreaSupervisor(ctx, SUPERVISOR, STORES);
});
afterAll(() => vi.useRealTimers());

describe('monitoring figures kept in the changing transaction', () => {
  it('start equal to a count of the orders (the seeded demo)', async () => {
    await expectKeptFiguresTrue();
    await expectRepliesAsCounted();
  });

  it('stay equal to a count of the orders through a random walk of order changes', async () => {
    const staff = (await api.auth(DEMO_NIK.STAFF)) as string;
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['order arrives', () => addOrder(ctx, { storeCode: pick(STORES), statusId: pick(MONITORING_STATUSES), createdAt: arrival() })],
      [
        'orders arrive in one statement',
        async () => {
          const base = Math.floor(testRandom() * 1e9);
          const values = [0, 1, 2].map(
            (i) => sql`(${`SHK${base + i}`}, ${`KEPT-${base + i}`}, 379, ${pick(STORES)}, ${pick(MONITORING_STATUSES)}, 0, 1, 10000, 'Pelanggan', '081200000000', -6.3, 106.9, '123456', ${arrival().toISOString()})`,
          );
          await ctx.handle.db.execute(
            sql`insert into orders (shipment_no, order_no, app_id, store_code, status_id, delivery_type, payment_id, price, customer_name, customer_phone, customer_lat, customer_lng, pickup_code, created_at) values ${sql.join(values, sql`, `)}`,
          );
        },
      ],
      ['intake through the channel', async () => expect((await sendChannelOrder(ctx, await oneLineOrder(ctx))).statusCode).toBeLessThan(300)],
      [
        'claim through the API',
        async () => {
          const o = await someOrder(sql`store_code = 'T001' and status_id = ${ORDER_STATUS.NEW}`);
          if (o) expect((await ctx.app.inject({ method: 'POST', url: `/api/orders/${o.shipmentNo}/claim`, headers: { authorization: staff } })).statusCode).toBe(200);
        },
      ],
      [
        'a flow moves an order',
        async () => {
          const [from, to] = pick(MOVES);
          const o = await someOrder(sql`status_id = ${from}`);
          if (o) await ctx.handle.db.update(orders).set({ statusId: to }).where(eq(orders.id, o.id));
        },
      ],
      [
        'one statement moves a store’s orders',
        async () => {
          const [from, to] = pick(MOVES);
          await ctx.handle.db.execute(sql`update orders set status_id = ${to} where status_id = ${from} and store_code = ${pick(STORES)}`);
        },
      ],
      [
        'an order moves to another store',
        async () => {
          const o = await someOrder(sql`store_code in (${sql.join(STORES.map((s) => sql`${s}`), sql`, `)})`);
          if (o) await ctx.handle.db.update(orders).set({ storeCode: pick(STORES) }).where(eq(orders.id, o.id));
        },
      ],
      [
        'an order is deleted',
        async () => {
          const o = await someOrder(sql`store_code in (${sql.join(STORES.map((s) => sql`${s}`), sql`, `)})`);
          if (o) await ctx.handle.db.delete(orders).where(eq(orders.id, o.id));
        },
      ],
    ];
    for (let i = 0; i < 60; i++) {
      const [name, step] = pick(steps);
      await step();
      try {
        await expectKeptFiguresTrue();
        if (i % 6 === 5) await expectRepliesAsCounted();
      } catch (err) {
        throw new Error(`after step ${i} (${name}): ${(err as Error).message}`, { cause: err });
      }
    }
    await expectRepliesAsCounted();
  }, 120_000);

  it('stay equal when changes race on one store (one transaction each, at once)', async () => {
    const store = STORES[0]!;
    const fresh = await Promise.all(Array.from({ length: 12 }, () => addOrder(ctx, { storeCode: store, statusId: ORDER_STATUS.NEW, createdAt: arrival() })));
    // Every transaction settles before the figures are read; each must commit (a deadlock would refuse one).
    const settled = await Promise.allSettled([
      ...fresh.map((o, i) =>
        ctx.handle.db.transaction(async (tx) => {
          const to = i % 3 === 0 ? ORDER_STATUS.CANCELLED : ORDER_STATUS.PACKING;
          await tx.update(orders).set({ statusId: to }).where(eq(orders.id, o.id));
          if (i % 2 === 0) await tx.update(orders).set({ statusId: to === ORDER_STATUS.PACKING ? ORDER_STATUS.IN_PROGRESS : ORDER_STATUS.HISTORY_CANCELLED }).where(eq(orders.id, o.id));
        }),
      ),
      ...Array.from({ length: 6 }, () => addOrder(ctx, { storeCode: store, statusId: pick(MONITORED_STATUSES), createdAt: arrival() })),
    ]);
    expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectKeptFiguresTrue();
    await expectRepliesAsCounted();
  });

  it("stay equal when a new store's first orders race (its open row made once, by one of them)", async () => {
    const store = 'T918';
    await addStore(ctx, store);
    // One transaction per open status (their counters are apart, so none waits on another), committed together on
    // PostgreSQL: each finds no open row at commit and inserts it, and all but one add to the row another made.
    // PGlite runs one transaction at a time, so there they go one after another.
    let waiting = MONITORED_STATUSES.length;
    let release = () => {};
    const together = new Promise<void>((resolve) => (release = resolve));
    const settled = await Promise.allSettled(
      MONITORED_STATUSES.map((statusId) =>
        ctx.handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into orders (shipment_no, order_no, app_id, store_code, status_id, delivery_type, payment_id, price, customer_name, customer_phone, customer_lat, customer_lng, pickup_code, created_at)
            values (${`SHKR${statusId}`}, ${`KEPT-RACE-${statusId}`}, 379, ${store}, ${statusId}, 0, 1, 10000, 'Pelanggan', '081200000000', -6.3, 106.9, '123456', ${arrival().toISOString()})`);
          if (--waiting === 0) release();
          if (process.env.TEST_DATABASE_URL) await together;
        }),
      ),
    );
    expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectKeptFiguresTrue();
    expect(await rows(sql`select name from monitoring_store_open where store_code = ${store}`)).toEqual([{ name: `Toko Monitor ${store}` }]);
    await expectRepliesAsCounted();
  });

  it("the migration's backfill writes the same figures from the order counts, its statuses the contract's", async () => {
    const migration = readFileSync(new URL('../../db/migrations/0018_monitoring_kept_figures.sql', import.meta.url), 'utf8');
    for (const [, listed] of migration.matchAll(/ARRAY\[([\d, ]+)\]/g)) expect(listed).toBe(SHOWN);
    expect(migration).toContain(`IN (${OPEN})`);
    const backfill = migration.slice(migration.indexOf('-- Backfill')).split('--> statement-breakpoint');
    expect(backfill).toHaveLength(2);
    // Migration 0030 adds each open row's counts per status and name, and backfills them in one statement.
    const perStatus = readFileSync(new URL('../../db/migrations/0030_monitoring_store_rows.sql', import.meta.url), 'utf8');
    for (const [, listed] of perStatus.matchAll(/ARRAY\[([\d, ]+)\]/g)) expect([SHOWN, OPEN]).toContain(listed);
    const perStatusBackfill = perStatus.slice(perStatus.indexOf('-- Backfill')).split('--> statement-breakpoint');
    expect(perStatusBackfill).toHaveLength(1);
    await ctx.handle.db.execute(sql`update monitoring_status_slots set n = '{0,0,0,0,0}', stores = '{0,0,0,0,0}'`);
    await ctx.handle.db.execute(sql`delete from monitoring_store_open`);
    for (const statement of [...backfill, ...perStatusBackfill]) await ctx.handle.db.execute(sql.raw(statement));
    await expectKeptFiguresTrue();
  });

  it("keep each open row's name through a store renamed, removed and opened again", async () => {
    const store = 'T919';
    await addStore(ctx, store);
    const order = await addOrder(ctx, { storeCode: store, statusId: ORDER_STATUS.NEW, createdAt: arrival() });
    await ctx.handle.db.update(stores).set({ name: 'Toko Nama Baru' }).where(eq(stores.code, store));
    await expectKeptFiguresTrue();
    await expectRepliesAsCounted();
    // Its orders gone, the store is removed (its open row stays, with no orders and no name), then opened again under another name.
    await ctx.handle.db.delete(orders).where(eq(orders.id, order.id));
    await ctx.handle.db.delete(stores).where(eq(stores.code, store));
    await expectKeptFiguresTrue();
    await addStore(ctx, store, 'Toko Dibuka Lagi');
    await addOrder(ctx, { storeCode: store, statusId: ORDER_STATUS.PACKING, createdAt: arrival() });
    await expectKeptFiguresTrue();
    expect(await rows(sql`select name from monitoring_store_open where store_code = ${store}`)).toEqual([{ name: 'Toko Dibuka Lagi' }]);
    await expectRepliesAsCounted();
  });

  it("keep the chain's store count through stores added together and removed", async () => {
    await ctx.handle.db.insert(stores).values(
      ['T920', 'T921', 'T922'].map((code) => ({ code, name: code, address: 'Jl. Monitor 2', kelurahan: 'Monitor', kecamatan: 'Monitor', city: 'Jakarta', latitude: -6.3, longitude: 106.9, areaCode: 'MON' })),
    );
    await expectKeptFiguresTrue();
    await ctx.handle.db.delete(stores).where(inArray(stores.code, ['T920', 'T922']));
    await expectKeptFiguresTrue();
    await expectRepliesAsCounted();
  });

  it('are cleared with the orders', async () => {
    await ctx.handle.db.execute(sql`truncate orders cascade`);
    expect(await rows(sql`select 1 from orders`)).toEqual([]);
    await expectKeptFiguresTrue();
    await expectRepliesAsCounted();
  });
});
