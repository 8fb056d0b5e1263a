import { fakerID_ID as faker } from '@faker-js/faker';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { ROLE } from '@gerai/contract';
import type { Db, Tx } from '../db/client';
import { hashPassword } from '../db/password';
import * as schema from '../db/schema';
import { moveStock } from '../modules/stock';
import { buildActivity } from './activity';
import { buildProducts, buildStores } from './catalog';
import { AREA_SUPERVISOR_STORES, CANCEL_REASONS, crewNik, RETURN_REASONS, DEMO_ACCOUNTS, DEMO_FAKER_SEED, DEMO_MAT_PIN, DEMO_NIK, DEMO_PASSWORD, FAQS, POD_REJECT_REASONS, POD_REQUEST_REASONS, PROBLEMS } from './demo-data';
import { buildOrders, fixedSpecs, personName, type StorePeople } from './orders';
import { STORE_LOCATIONS } from './stores-data';

export interface SeedOptions {
  orders?: number;
  stores?: number;
  products?: number;
  /** Anchor for row times (default: now); the rows themselves do not depend on it. */
  now?: Date;
}

export type SeedSummary = Record<string, number>;

const DEFAULTS = { orders: 360, stores: STORE_LOCATIONS.length, products: 560 };

/**
 * Fills an empty, migrated database with the deterministic demo data of
 * design.md §7. The same options always produce the same rows (ids, numbers,
 * names); only timestamps follow `now`. Runs in one transaction.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  faker.seed(DEMO_FAKER_SEED);
  const now = opts.now ?? new Date();
  // T001–T010 are needed by the demo accounts and the booking neighbours.
  const storeCount = clamp(opts.stores ?? DEFAULTS.stores, 10, STORE_LOCATIONS.length);
  const stores = buildStores(faker, storeCount);
  const products = buildProducts(faker, Math.max(20, opts.products ?? DEFAULTS.products));

  const passwordHash = hashPassword(DEMO_PASSWORD);
  const users: Array<typeof schema.users.$inferInsert & { id: number }> = DEMO_ACCOUNTS.map((acc, i) => ({
    id: i + 1,
    nik: acc.nik,
    name: acc.name,
    roleId: acc.roleId,
    storeCode: acc.storeCode,
    activeStoreCode: null,
    passwordHash,
  }));
  const idOf = (nik: string) => users.find((u) => u.nik === nik)!.id;
  const people = new Map<string, StorePeople>();
  people.set('T001', { pickers: [idOf(DEMO_NIK.STAFF), idOf(DEMO_NIK.STORE_CHIEF)], approver: idOf(DEMO_NIK.STORE_CHIEF) });
  // T002's chief decides there, as T001's does; not a picker, so the seeded pickers stay as they were.
  people.set('T002', { pickers: [idOf(DEMO_NIK.STAFF_T002)], approver: idOf(DEMO_NIK.STORE_CHIEF_T002) });
  for (const store of stores.slice(2)) {
    const id = users.length + 1;
    users.push({ id, nik: crewNik(store.code), name: personName(faker), roleId: ROLE.STAFF, storeCode: store.code, activeStoreCode: null, passwordHash });
    people.set(store.code, { pickers: [id], approver: AREA_SUPERVISOR_STORES.includes(store.code) ? idOf(DEMO_NIK.AREA_SUPERVISOR) : null });
  }
  const userStores = AREA_SUPERVISOR_STORES.map((storeCode) => ({ userId: idOf(DEMO_NIK.AREA_SUPERVISOR), storeCode }));

  const orders = buildOrders(faker, { now, stores, products, people }, Math.max(opts.orders ?? DEFAULTS.orders, fixedSpecs().length));
  const activity = buildActivity(
    faker,
    orders,
    products,
    {
      staffT001: idOf(DEMO_NIK.STAFF),
      staffT002: idOf(DEMO_NIK.STAFF_T002),
      chief: idOf(DEMO_NIK.STORE_CHIEF),
      helpdesk: idOf(DEMO_NIK.HELPDESK),
    },
    now,
    // One hash for every transfer: scrypt is slow. Its salt stays random, as for the users' password hash: the
    // rows are deterministic, this hash is not (the determinism test leaves pin_hash out). A salt derived from
    // the faker seed would need a second scrypt formatter beside db/password.ts, for nothing a demo needs.
    hashPassword(DEMO_MAT_PIN),
  );
  const reasons = (labels: string[]) => labels.map((label, i) => ({ id: i + 1, label, sort: i + 1 }));

  await db.transaction(async (tx) => {
    await insertAll(tx, schema.stores, stores);
    await insertAll(tx, schema.products, products);
    await seedStock(tx);
    for (const e of activity.emptyStock) {
      if (e.qty !== undefined) await tx.execute(sql`update store_stock set qty = ${e.qty} where store_code = ${e.storeCode} and product_id = ${e.productId}`);
      if (e.qtyReserved !== undefined) {
        await tx.execute(sql`update store_stock set qty_reserved = ${e.qtyReserved} where store_code = ${e.storeCode} and product_id = ${e.productId}`);
      }
    }
    for (const m of activity.stockAtLeast) {
      await tx.execute(sql`update store_stock set qty = greatest(qty, ${m.qty}) where store_code = ${m.storeCode} and product_id = ${m.productId}`);
    }
    await openStockLedger(tx);
    await insertAll(tx, schema.users, users);
    await insertAll(tx, schema.userStores, userStores);
    await insertAll(tx, schema.podRequestReasons, reasons(POD_REQUEST_REASONS));
    await insertAll(tx, schema.podRejectReasons, reasons(POD_REJECT_REASONS));
    await insertAll(tx, schema.cancelReasons, reasons(CANCEL_REASONS));
    await insertAll(tx, schema.returnReasons, reasons(RETURN_REASONS));
    await insertAll(tx, schema.problems, reasons(PROBLEMS));
    await insertAll(tx, schema.faqs, FAQS.map((f, i) => ({ id: i + 1, ...f, sort: i + 1 })));
    await insertAll(tx, schema.appConfig, [
      { key: 'min_app_version', value: '1.0.0' },
      { key: 'latest_app_version', value: '1.0.0' },
    ]);

    await insertAll(tx, schema.orders, orders.map((o) => o.order));
    await insertAll(tx, schema.orderLines, orders.flatMap((o) => o.lines));
    await insertAll(tx, schema.orderPaperBags, orders.flatMap((o) => o.bags));
    await insertAll(tx, schema.orderStatusHistory, orders.flatMap((o) => o.history));
    await insertAll(tx, schema.orderEscalations, orders.flatMap((o) => o.escalations));
    await insertAll(tx, schema.orderScans, orders.flatMap((o) => o.scans));
    await insertAll(tx, schema.podRecords, orders.flatMap((o) => (o.pod ? [o.pod] : [])));
    await insertAll(tx, schema.cancelRequests, [...orders.flatMap((o) => (o.cancel ? [o.cancel] : [])), ...activity.cancelRequests]);

    await insertAll(tx, schema.podApprovalRequests, activity.podApprovals);
    await insertAll(tx, schema.stockBookings, activity.bookings);
    await insertAll(tx, schema.stockBookingDetails, activity.bookingDetails);
    await insertAll(tx, schema.materialTransfers, activity.transfers);
    await insertAll(tx, schema.materialTransferItems, activity.transferItems);
    // After the opening rows, through the ledger's own writer: the transfers' steps as the app writes them.
    await moveStock(tx, activity.transferMoves);
    await insertAll(tx, schema.returns, activity.returns);
    await insertAll(tx, schema.returnLines, activity.returnLines);
    await insertAll(tx, schema.chatRooms, activity.chatRooms);
    await insertAll(tx, schema.chatMessages, activity.chatMessages);
    await insertAll(tx, schema.tickets, activity.tickets);
    await insertAll(tx, schema.ticketComments, activity.ticketComments);
    await syncSequences(tx);
  });

  return {
    stores: stores.length,
    products: products.length,
    users: users.length,
    orders: orders.length,
    orderLines: orders.reduce((n, o) => n + o.lines.length, 0),
    statusHistory: orders.reduce((n, o) => n + o.history.length, 0),
    podRecords: orders.filter((o) => o.pod).length,
    podApprovals: activity.podApprovals.length,
    stockBookings: activity.bookings.length,
    materialTransfers: activity.transfers.length,
    returns: activity.returns.length,
    chatRooms: activity.chatRooms.length,
    tickets: activity.tickets.length,
  };
}

/** True when the demo (or any) data has not been loaded yet. */
export { isDatabaseEmpty } from './empty';

/** Empties every table of the schema and restarts their id sequences; the migrations table is kept. */
export async function resetDatabase(db: Db): Promise<void> {
  const names = allTables().map((t) => `"${getTableName(t)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

// Bound parameters per statement stay far below PostgreSQL's 65 535.
const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/** Stock of every product in every store, derived from a hash so it is deterministic without shipping ~30k rows. */
async function seedStock(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into store_stock (store_code, product_id, qty)
    select s.code, p.product_id,
      case when get_byte(h, 0) < 20 then 0 else get_byte(h, 1) % 48 + 1 end
    from stores s cross join products p
    cross join lateral (select decode(md5(s.code || ':' || p.product_id), 'hex') as h) x`);
}

/** The stock ledger starts from the counted stock: one opening row per product a store holds (stock module's invariant). */
async function openStockLedger(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into stock_movements (store_code, product_id, delta, condition, cause)
    select store_code, product_id, qty, 'sellable', 'opening' from store_stock where qty <> 0
    union all
    select store_code, product_id, qty_reserved, 'reserved', 'opening' from store_stock where qty_reserved <> 0`);
}

/** Rows were inserted with explicit ids; move each serial past them so the app's inserts do not collide. */
async function syncSequences(tx: Tx): Promise<void> {
  for (const table of allTables()) {
    const { name, columns } = getTableConfig(table);
    const id = columns.find((c) => c.name === 'id' && (c.columnType === 'PgSerial' || c.columnType === 'PgBigSerial53' || c.columnType === 'PgBigSerial64'));
    if (!id) continue;
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`),
    );
  }
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
