import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatusId } from '@gerai/contract';
import { orderLines, orders, podApprovalRequests, podRequestReasons, products, returns, users } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import type { TestContext } from '../../test/harness';

/** An instant given as WIB wall-clock time (yyyy-mm-ddThh:mm). */
export const wib = (local: string) => new Date(`${local}:00+07:00`);
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** The fixed range of the fixture: three WIB days long before the seed's rows. */
export const D1 = '2024-03-10';
export const D2 = '2024-03-11';
export const D3 = '2024-03-12';

export interface Fixture {
  /** Products by name order (code points): P1 < P2 < P3 < P4. */
  products: Array<{ productId: string; name: string }>;
  podReasonLabel: string;
  ids: { budi: number; agus: number; siti: number };
}

interface OrderSpec {
  key: string;
  store?: string;
  at: Date;
  appId: number;
  status: OrderStatusId;
  picker?: number;
  /** Minutes from arrival to claim, from claim to packed, from arrival to completed. */
  claimAfter?: number;
  packMinutes?: number;
  completeAfter?: number;
  cancelReason?: string | null;
  lines?: Array<{ product: number; qty: number; oos: number }>;
}

/**
 * The recap's fixture (hand-computed in recap.test.ts): T001 orders on both sides of each day's
 * boundary, every status, two pickers with claim and pack times, lines with out-of-stock units,
 * cancel reasons (one with `;` and `"`, one blank, one that Excel would run), returns and POD
 * requests; and T002 rows that a T001 caller must never see.
 */
export async function insertRecapFixture(ctx: TestContext): Promise<Fixture> {
  const db = ctx.handle.db;
  const found = await db
    .select({ productId: products.productId, name: products.name })
    .from(products)
    .where(notInArray(products.productId, ['90000001']))
    .orderBy(asc(products.productId))
    .limit(4);
  const sorted = [...found].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const people = await db.select({ id: users.id, nik: users.nik }).from(users).where(inArray(users.nik, [DEMO_NIK.STAFF, DEMO_NIK.STORE_CHIEF, DEMO_NIK.STAFF_T002]));
  const idOf = (nik: string) => people.find((u) => u.nik === nik)!.id;
  const ids = { budi: idOf(DEMO_NIK.STAFF), agus: idOf(DEMO_NIK.STORE_CHIEF), siti: idOf(DEMO_NIK.STAFF_T002) };
  const [P1, P2, P3, P4] = [0, 1, 2, 3];

  const specs: OrderSpec[] = [
    // Before the range by one minute: counted nowhere.
    { key: 'o1', at: wib('2024-03-09T23:59'), appId: 379, status: ORDER_STATUS.COMPLETED, picker: ids.budi, claimAfter: 1, packMinutes: 1, completeAfter: 10, lines: [{ product: P1, qty: 10, oos: 10 }] },
    { key: 'o2', at: wib('2024-03-10T00:01'), appId: 379, status: ORDER_STATUS.HISTORY, picker: ids.budi, claimAfter: 5, packMinutes: 10, completeAfter: 60, lines: [{ product: P1, qty: 3, oos: 1 }, { product: P4, qty: 2, oos: 0 }] },
    { key: 'o3', at: wib('2024-03-10T23:59'), appId: 410, status: ORDER_STATUS.COMPLETED, picker: ids.budi, claimAfter: 2, packMinutes: 20.25, completeAfter: 30.5, lines: [{ product: P1, qty: 1, oos: 1 }] },
    { key: 'o4', at: wib('2024-03-11T00:01'), appId: 379, status: ORDER_STATUS.CANCELLED, picker: ids.agus, claimAfter: 3, cancelReason: 'Stok habis; pelanggan "batal"', lines: [{ product: P4, qty: 4, oos: 0 }] },
    { key: 'o5', at: wib('2024-03-11T10:00'), appId: 91, status: ORDER_STATUS.HISTORY_CANCELLED, cancelReason: null },
    { key: 'o6', at: wib('2024-03-11T12:00'), appId: 379, status: ORDER_STATUS.NEW },
    { key: 'o7', at: wib('2024-03-12T08:00'), appId: 87, status: ORDER_STATUS.IN_PROGRESS, picker: ids.agus, claimAfter: 3, packMinutes: 5.5, lines: [{ product: P3, qty: 3, oos: 3 }] },
    { key: 'o8', at: wib('2024-03-12T23:59'), appId: 911, status: ORDER_STATUS.COMPLETED, picker: ids.budi, claimAfter: 1, packMinutes: 30, completeAfter: 121, lines: [{ product: P1, qty: 2, oos: 0 }, { product: P3, qty: 1, oos: 0 }, { product: P2, qty: 2, oos: 2 }] },
    // After the range by one minute.
    { key: 'o9', at: wib('2024-03-13T00:01'), appId: 379, status: ORDER_STATUS.CANCELLED, cancelReason: 'Di luar rentang' },
    { key: 'o10', at: wib('2024-03-12T09:00'), appId: 95, status: ORDER_STATUS.CANCELLED, cancelReason: '  ' },
    { key: 'o11', at: wib('2024-03-12T09:30'), appId: 901, status: ORDER_STATUS.CANCELLED, cancelReason: '=SUM(1)' },
    // T002's, which no T001 caller may see.
    { key: 't1', store: 'T002', at: wib('2024-03-11T10:00'), appId: 379, status: ORDER_STATUS.COMPLETED, picker: ids.siti, claimAfter: 2, packMinutes: 7, completeAfter: 45, lines: [{ product: P1, qty: 5, oos: 5 }] },
    { key: 't2', store: 'T002', at: wib('2024-03-11T11:00'), appId: 410, status: ORDER_STATUS.CANCELLED, cancelReason: 'Rahasia T002' },
  ];

  const orderIds = new Map<string, number>();
  for (const spec of specs) {
    const claimedAt = spec.claimAfter === undefined ? null : minutesAfter(spec.at, spec.claimAfter);
    const packedAt = claimedAt && spec.packMinutes !== undefined ? minutesAfter(claimedAt, spec.packMinutes) : null;
    const cancelled = spec.status === ORDER_STATUS.CANCELLED || spec.status === ORDER_STATUS.HISTORY_CANCELLED;
    const [row] = await db
      .insert(orders)
      .values({
        shipmentNo: `SHRECAP-${spec.key}`,
        orderNo: `ORECAP-${spec.key}`,
        appId: spec.appId,
        storeCode: spec.store ?? 'T001',
        statusId: spec.status,
        deliveryType: 1,
        paymentId: 2,
        price: 0,
        customerName: 'Pelanggan Rekap',
        customerPhone: '081234567890',
        pickupCode: '123456',
        pickerUserId: spec.picker ?? null,
        claimedAt,
        packedAt,
        completedAt: spec.completeAfter === undefined ? null : minutesAfter(spec.at, spec.completeAfter),
        cancelledAt: cancelled ? minutesAfter(spec.at, 20) : null,
        cancelReason: spec.cancelReason ?? null,
        createdAt: spec.at,
        updatedAt: spec.at,
      })
      .returning({ id: orders.id });
    orderIds.set(spec.key, row!.id);
    if (spec.lines?.length) {
      await db.insert(orderLines).values(
        spec.lines.map((l) => {
          const product = sorted[l.product]!;
          return { orderId: row!.id, productId: product.productId, barcode: `B${product.productId}`, name: product.name, price: 1000, qty: l.qty, qtyOos: l.oos };
        }),
      );
    }
  }

  const order = (key: string) => ({ orderId: orderIds.get(key)!, shipmentNo: `SHRECAP-${key}`, deliveryType: 1 });
  await db.insert(returns).values([
    { ...order('o2'), storeCode: 'T001', reason: 'Barang rusak', createdAt: wib('2024-03-10T10:00') },
    { ...order('o3'), storeCode: 'T001', reason: 'Barang rusak', createdAt: wib('2024-03-11T10:00') },
    { ...order('o8'), storeCode: 'T001', reason: 'Salah kirim\nbarang lain', createdAt: wib('2024-03-12T23:59') },
    { ...order('o1'), storeCode: 'T001', reason: 'Di luar rentang', createdAt: wib('2024-03-13T00:01') },
    { ...order('t1'), storeCode: 'T002', reason: 'Retur T002', createdAt: wib('2024-03-11T12:00') },
  ]);

  const [reason] = await db.select({ id: podRequestReasons.id, label: podRequestReasons.label }).from(podRequestReasons).orderBy(asc(podRequestReasons.id)).limit(1);
  const at = { lat: -6.2, lng: 106.8 };
  await db.insert(podApprovalRequests).values([
    { ...order('o2'), ...at, reasonId: reason!.id, status: 'approved', requestDate: wib('2024-03-10T12:00') },
    { ...order('o3'), ...at, reasonId: reason!.id, status: 'rejected', requestDate: wib('2024-03-11T00:01') },
    { ...order('o7'), ...at, reasonId: null, reasonText: 'Pelanggan di lobi', requestDate: wib('2024-03-12T09:00') },
    { ...order('o6'), ...at, reasonId: null, reasonText: null, requestDate: wib('2024-03-11T13:00') },
    { ...order('o8'), ...at, reasonId: reason!.id, status: 'approved', requestDate: wib('2024-03-09T23:59') },
    { ...order('t1'), ...at, reasonId: null, reasonText: 'POD T002', requestDate: wib('2024-03-11T12:00') },
  ]);

  return { products: sorted, podReasonLabel: reason!.label, ids };
}

/** The product ids a test names by their name order. */
export const productOf = (f: Fixture, i: number) => f.products[i]!;

export async function userName(ctx: TestContext, id: number): Promise<string> {
  const [u] = await ctx.handle.db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return u!.name;
}
