import { expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@gerai/contract';
import { orderLines, orders, stockBookingDetails, stockBookings } from '../../db/schema';
import { type Principal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../../test/plans';
import { bookingsByProduct, bookingsByStore, listBookings } from './queries';
import { getProposal } from './serving';
import { getBookingDetail } from './views';

describeOnPostgres('bookings: the lists as the app sends them', (db) => {
  it("sends my store's bookings of a product and per store as named statements, one text for a member of the store and for an area of ten", async () => {
    const handle = db();
    const [booking] = await handle.db.select({ id: stockBookings.id, productId: stockBookings.productId }).from(stockBookings).where(eq(stockBookings.storeCode, 'T001')).limit(1);
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001');
    const ofProduct = (p: Principal) =>
      preparedBy(async () => {
        const page = await listBookings(handle.db, p, { page: 1, size: 20, productId: booking!.productId, includeCancelled: true });
        expect(page.items.map((i) => i.bookID)).toContain(booking!.id);
      });
    const byStore = (p: Principal) => preparedBy(async () => expect((await bookingsByStore(handle.db, p, { page: 1, size: 20 })).total).toBeGreaterThan(0));

    const products = await ofProduct(chief);
    expect(products.map((s) => s.name)).toEqual(['bookings_list_n_xp', 'bookings_list_xp']);
    expect(await ofProduct(area)).toEqual(products);
    // My store is one value wherever the text names it.
    expect(products.every((s) => !s.text.includes("'T001'"))).toBe(true);

    const stores = await byStore(chief);
    // My store's place is read beside the page (prepared too), not before it.
    expect(stores.map((s) => s.name)).toEqual(['bookings_by_store', 'bookings_by_store_n', 'bookings_origin']);
    expect(await byStore(area)).toEqual(stores);

    const byProduct = (p: Principal) => preparedBy(async () => expect((await bookingsByProduct(handle.db, p, { page: 1, size: 20 })).total).toBeGreaterThan(0));
    const groups = await byProduct(chief);
    expect(groups.map((s) => s.name)).toEqual(['bookings_by_product', 'bookings_by_product_n']);
    expect(await byProduct(area)).toEqual(groups);
  });

  it("sends a booking's detail as named statements, its creator joined, one text for a member of the store and for an area of ten", async () => {
    const handle = db();
    const [booking] = await handle.db
      .select({ id: stockBookings.id })
      .from(stockBookings)
      .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
      .where(and(eq(stockBookings.storeCode, 'T001'), sql`cardinality(${stockBookingDetails.refusedBy}) = 0`))
      .limit(1);
    const detail = (p: Principal) => preparedBy(async () => expect((await getBookingDetail(handle.db, p, booking!.id)).bookID).toBe(booking!.id));
    const chief = await detail(await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001'));
    // The creator's name comes with the row: no read of users after it.
    expect(chief.map((s) => s.name)).toEqual(['booking_detail_s', 'booking_history']);
    expect(await detail(await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001'))).toEqual(chief);
    expect(chief.every((s) => !s.text.includes("'T001'"))).toBe(true);
  });

  it('sends a booking proposal as named statements: the order, its line and what is booked of it in one, the same text for a store and an area', async () => {
    const handle = db();
    const [line] = await handle.db
      .select({ shipmentNo: orders.shipmentNo, lineId: orderLines.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.storeCode, 'T001'), eq(orders.statusId, ORDER_STATUS.PACKING)))
      .limit(1);
    const proposal = (p: Principal) => preparedBy(async () => expect((await getProposal(handle.db, p, line!.shipmentNo, line!.lineId)).line.lineId).toBe(line!.lineId));
    const chief = await proposal(await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001'));
    // The nearest stores (when the line lacks any) are their own prepared statement.
    expect(chief.every((s) => s.name !== undefined)).toBe(true);
    expect(chief.filter((s) => s.name!.startsWith('booking_')).map((s) => s.name)).toEqual(['booking_proposal_s']);
    expect(await proposal(await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001'))).toEqual(chief);
  });
});
