import { expect, it } from 'vitest';
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { CHAT_SENDER } from '@gerai/contract';
import { chatMessages, chatRooms, orders } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, memberOf, preparedBy } from '../../test/plans';
import { getRoom, roomView, visibleChatOrder } from './queries';

// A shipment's chat (GET /api/chat/rooms/:shipmentNo) is prepared reads (decision 163): the order with its
// room in one statement, then the page beside the unread count; it answers what roomView (the changes' read) does.

describeOnPostgres('the chat room as the app sends it', (db) => {
  /** A T001 order whose room has more than `n` messages, and one with no room. */
  async function t001Orders(n: number) {
    const [busy] = await db()
      .db.select({ shipmentNo: orders.shipmentNo, n: count() })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .innerJoin(orders, eq(orders.id, chatRooms.orderId))
      .where(eq(orders.storeCode, 'T001'))
      .groupBy(orders.shipmentNo)
      .having(gt(count(), n))
      .limit(1);
    const [quiet] = await db()
      .db.select({ shipmentNo: orders.shipmentNo })
      .from(orders)
      .leftJoin(chatRooms, eq(chatRooms.orderId, orders.id))
      .where(and(eq(orders.storeCode, 'T001'), isNull(chatRooms.id)))
      .limit(1);
    return { busy: busy!.shipmentNo, quiet: quiet!.shipmentNo };
  }

  it("answers what the changes' read answers: newest page, an older page, a room not opened", async () => {
    const { busy, quiet } = await t001Orders(3);
    // One customer message unread, so the count is not 0.
    const [room] = await db().db.select({ id: chatRooms.id }).from(chatRooms).innerJoin(orders, eq(orders.id, chatRooms.orderId)).where(eq(orders.shipmentNo, busy));
    await db().db.update(chatMessages).set({ readAt: null }).where(and(eq(chatMessages.roomId, room!.id), eq(chatMessages.sender, CHAT_SENDER.CUSTOMER)));
    for (const nik of [DEMO_NIK.STAFF, DEMO_NIK.AREA_SUPERVISOR, DEMO_NIK.SUPER_USER]) {
      const p = await memberOf(db(), nik, 'T001');
      for (const [shipmentNo, q] of [
        [busy, { size: 2 }],
        [busy, { size: 2, before: 2_000_000_000 }],
        [quiet, { size: 20 }],
      ] as const) {
        const expected = await roomView(db().db, await visibleChatOrder(db().db, p, shipmentNo), q);
        expect(await getRoom(db().db, p, shipmentNo, q), `${nik} ${shipmentNo}`).toEqual(expected);
      }
      const first = await getRoom(db().db, p, busy, { size: 2 });
      expect(first.items).toHaveLength(2);
      expect(first.hasMore).toBe(true);
      expect(first.unread).toBeGreaterThan(0);
      const older = await getRoom(db().db, p, busy, { size: 2, before: first.items[0]!.id });
      expect(older.items.every((m) => m.id < first.items[0]!.id)).toBe(true);
    }
  });

  it('sends named statements, one text for one store and for an area of ten; another store\'s order is not found', async () => {
    const { busy, quiet } = await t001Orders(1);
    const names = async (nik: string, shipmentNo: string, before?: number) => {
      const p = await memberOf(db(), nik, 'T001');
      return (await preparedBy(() => getRoom(db().db, p, shipmentNo, { size: 20, before }))).map((s) => s.name).sort();
    };
    expect(await names(DEMO_NIK.STAFF, busy)).toEqual(['chat_messages', 'chat_order_room_s', 'chat_unread']);
    expect(await names(DEMO_NIK.AREA_SUPERVISOR, busy, 10)).toEqual(['chat_messages_b', 'chat_order_room_s', 'chat_unread']);
    expect(await names(DEMO_NIK.SUPER_USER, quiet)).toEqual(['chat_order_room_a']);
    const [other] = await db().db.select({ shipmentNo: orders.shipmentNo }).from(orders).where(ne(orders.storeCode, 'T001')).limit(1);
    await expect(getRoom(db().db, await memberOf(db(), DEMO_NIK.STAFF), other!.shipmentNo, { size: 20 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
