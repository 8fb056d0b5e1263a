import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS, pushReachText, ROLE, type EventType, type RoleId } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { oneLineOrder, sendChannelOrder } from '../../test/intake';
import { AREA_SUPERVISOR_STORES, DEMO_NIK } from '../../seed/demo-data';
import { recordChange, type DomainEvent } from '../../platform/audit';
import { escalateDue } from '../monitoring';
import { queryRows } from '../../db/client';
import { mayPush, planFor, PUSHING_EVENT_TYPES } from './plan';
import { browserSubscription, dispatch, startPushService, type PushService } from './push-test-kit';

// Who gets what: every kind's audience on real accounts and devices, through recordChange's follower,
// and never anyone outside the event's stores.

const ctx = testContextPerFile();
let service: PushService;
const people = {
  staffT001: DEMO_NIK.STAFF,
  chiefT001: DEMO_NIK.STORE_CHIEF,
  staffT002: DEMO_NIK.STAFF_T002,
  chiefT002: DEMO_NIK.STORE_CHIEF_T002,
  supervisor: DEMO_NIK.AREA_SUPERVISOR,
  helpdesk: DEMO_NIK.HELPDESK,
  superUser: DEMO_NIK.SUPER_USER,
} as const;
type Person = keyof typeof people;
const byUserId = new Map<number, Person>();

beforeAll(async () => {
  service = await startPushService();
  for (const [person, nik] of Object.entries(people) as Array<[Person, string]>) {
    const { authorization } = await ctx.loginAs(nik);
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/push/devices/${randomUUID()}`, headers: { authorization }, payload: browserSubscription(service).body });
    expect(res.statusCode).toBe(200);
    const [u] = await queryRows<{ id: number }>(ctx.handle.db, sql`select id from users where nik = ${nik}`);
    byUserId.set(u!.id, person);
  }
});
afterAll(async () => service?.close());

/** Records `event` as a change of `actorNik` (or nobody) and gives who got a push for it. */
async function reached<T extends EventType>(event: DomainEvent<T>, actorNik: string | null = null): Promise<Person[]> {
  const [actor] = actorNik ? await queryRows<{ id: number }>(ctx.handle.db, sql`select id from users where nik = ${actorNik}`) : [];
  const before = (await queryRows<{ id: number }>(ctx.handle.db, sql`select coalesce(max(id), 0)::int as id from push_messages`))[0]!.id;
  await ctx.handle.db.transaction((tx) => recordChange(tx, { actorUserId: actor?.id ?? null, entity: 'test', entityId: 'x', action: 'test' }, event));
  const rows = await queryRows<{ userId: number }>(ctx.handle.db, sql`select user_id as "userId" from push_messages where id > ${before} and not (payload->>'withdraw')::boolean`);
  return rows.map((r) => byUserId.get(r.userId)!).sort();
}

const shipmentOf = async (storeCode: string) =>
  (await queryRows<{ shipmentNo: string; orderNo: string }>(ctx.handle.db, sql`select shipment_no as "shipmentNo", order_no as "orderNo" from orders where store_code = ${storeCode} limit 1`))[0]!;

const booking = (servingStore: string, orderingStore: string) => ({
  action: 'requested' as const, bookID: 900_001, bookDetID: 1, bookingNo: 'BK-1', shipmentNo: 'S', productId: 'P', qtyOos: 2, status: 1,
  orderingStore, servingStore, storeTaken: null, stockTaken: null, actorName: 'X',
});
const transfer = (receiverStore: string, senderStore: string) => ({
  action: 'sent' as const, matNo: `MAT-${randomUUID().slice(0, 8)}`, idTbsms: '1', matStatus: 'process' as const, senderStore, receiverStore, locked: false, actorName: 'X', lineCount: 1, qtySent: 3,
});

describe('push plan: who gets what', () => {
  it('every event type that may push is planned, and nothing else is', () => {
    for (const type of PUSHING_EVENT_TYPES) expect(mayPush(type)).toBe(true);
    expect(mayPush('order.scanned')).toBe(false);
    expect(planFor({ storeCode: 'T001', type: 'order.packed', payload: { shipmentNo: 'S', orderNo: 'O', fromStatus: 1102, statusId: 1103, action: 'pack', actorName: 'X' } })).toEqual([]);
  });

  it('withdraws the notification of the object dealt with, by its tag', () => {
    const withdrawn = (event: Parameters<typeof planFor>[0]) => planFor(event).filter((s) => s.do === 'withdraw').map((s) => (s as { tag: string }).tag);
    const status = { shipmentNo: 'S1', orderNo: 'O1', actorName: 'X' };
    expect(withdrawn({ storeCode: 'T001', type: 'order.claimed', payload: { ...status, fromStatus: 1101, statusId: 1102, action: 'claim', pickerName: 'X' } })).toEqual(['escalation:S1']);
    expect(planFor({ storeCode: 'T001', type: 'order.claimed', payload: { ...status, fromStatus: 1101, statusId: 1102, action: 'claim', pickerName: 'X' } })).toContainEqual({ do: 'recount', storeCode: 'T001' });
    const pod = { shipmentNo: 'S1', orderNo: 'O1', requestId: 1 };
    expect(withdrawn({ storeCode: 'T001', type: 'pod.approved', payload: { ...pod, deciderName: 'X', distanceM: null } })).toEqual(['pod:S1']);
    expect(withdrawn({ storeCode: 'T001', type: 'pod.closed', payload: { ...pod, reason: 'r' } })).toEqual(['pod:S1']);
    expect(withdrawn({ storeCode: 'T001', type: 'cancel.rejected', payload: { ...pod, deciderName: 'X', note: 'n' } })).toEqual(['cancel:S1']);
    const b = { ...booking('T001', 'T002'), bookID: 7 };
    expect(withdrawn({ storeCode: 'T002', type: 'booking.taken', payload: { ...b, action: 'taken' } })).toEqual(['booking:7']);
    expect(withdrawn({ storeCode: 'T002', type: 'booking.refused', payload: { ...b, action: 'refused', reason: null } })).toEqual(['booking:7']);
    // Offered to another store: withdrawn from the one asked before, announced to the new one.
    expect(planFor({ storeCode: 'T002', type: 'booking.reoffered', payload: { ...b, action: 'reoffered', servingStore: 'T003' } }).map((s) => s.do)).toEqual(['withdraw', 'announce']);
    const t = transfer('T001', 'T002');
    expect(withdrawn({ storeCode: 'T002', type: 'transfer.finished', payload: { ...t, action: 'finished', qtySent: 3, qtyReceived: 3, qtyShort: 0 } })).toEqual([`transfer:${t.matNo}`]);
    expect(withdrawn({ storeCode: 'T001', type: 'chat.message.state', payload: { shipmentNo: 'S1', roomId: 1, sender: 'customer', messageIds: [1], state: 'read' } })).toEqual(['chat:S1']);
    // The customer's own read of the store's messages withdraws nothing.
    expect(planFor({ storeCode: 'T001', type: 'chat.message.state', payload: { shipmentNo: 'S1', roomId: 1, sender: 'store', messageIds: [1], state: 'read' } })).toEqual([]);
  });

  it("opens a ticket on the side of the person told: the helpdesk's reply on the store's, the store's comment in the helpdesk's queue", () => {
    const ticket = { ticketId: 9, shipmentNo: 'S1', status: 'open' as const, actorName: 'X', commentId: 1, attachmentCount: 0 };
    const openOf = (actorRoleId: RoleId) => (planFor({ storeCode: 'T001', type: 'ticket.commented', payload: ticket }, { actorRoleId })[0] as { open: unknown }).open;
    expect(openOf(ROLE.HELPDESK)).toEqual({ screen: 'ticket', ticketId: 9, shipmentNo: 'S1', side: 'store' });
    expect(openOf(ROLE.STAFF)).toEqual({ screen: 'ticket', ticketId: 9, shipmentNo: 'S1', side: 'helpdesk' });
  });

  it("reaches exactly each kind's people of the event's store: never another store's, never the super user", async () => {
    const o = await shipmentOf('T001');
    const order = { shipmentNo: o.shipmentNo, orderNo: o.orderNo, appId: 379, deliveryType: 1, statusId: ORDER_STATUS.NEW };
    expect(await reached({ storeCode: 'T001', type: 'order.created', payload: { ...order, price: 1000 } })).toEqual(['chiefT001', 'staffT001']);
    expect(await reached({ storeCode: 'T001', type: 'order.escalated', payload: { ...order, level: 1, ageMinutes: 10 } })).toEqual(['chiefT001', 'staffT001']);
    expect(await reached({ storeCode: 'T001', type: 'order.escalated', payload: { ...order, level: 2, ageMinutes: 15 } })).toEqual(['chiefT001']);
    expect(await reached({ storeCode: 'T001', type: 'order.escalated', payload: { ...order, level: 3, ageMinutes: 20 } })).toEqual(['supervisor']);
    const pod = { shipmentNo: o.shipmentNo, orderNo: o.orderNo, requestId: 1, deliveryType: 1, type: 'order' as const, requesterName: 'Budi', reason: 'r', distanceM: 10 };
    expect(await reached({ storeCode: 'T001', type: 'pod.requested', payload: pod }, DEMO_NIK.STAFF)).toEqual(['chiefT001', 'supervisor']);
    const cancel = { shipmentNo: o.shipmentNo, orderNo: o.orderNo, requestId: 1, statusId: 1102, requesterName: 'Budi', reason: 'r' };
    expect(await reached({ storeCode: 'T001', type: 'cancel.requested', payload: cancel }, DEMO_NIK.STAFF)).toEqual(['chiefT001', 'supervisor']);
    // The actor is left out: the kepala toko asking does not hear his own request.
    expect(await reached({ storeCode: 'T001', type: 'cancel.requested', payload: cancel }, DEMO_NIK.STORE_CHIEF)).toEqual(['supervisor']);
    // A booking and a transfer are written on both stores' streams; only the store asked (receiving) is told.
    expect(await reached({ storeCode: 'T002', alsoStoreCodes: ['T001'], type: 'booking.requested', payload: booking('T001', 'T002') }, DEMO_NIK.STAFF_T002)).toEqual(['chiefT001', 'staffT001']);
    expect(await reached({ storeCode: 'T002', alsoStoreCodes: ['T001'], type: 'transfer.sent', payload: transfer('T001', 'T002') }, DEMO_NIK.STAFF_T002)).toEqual(['chiefT001', 'staffT001']);
    const message = { id: 1, clientId: 'c', body: 'Halo, pesanan saya sudah siap?', photo: null, state: 'delivered' as const, authorName: null, createdAt: new Date().toISOString() };
    expect(await reached({ storeCode: 'T001', type: 'chat.message.created', payload: { shipmentNo: o.shipmentNo, roomId: 1, message: { ...message, sender: 'customer' } } })).toEqual(['chiefT001', 'staffT001']);
    expect(await reached({ storeCode: 'T001', type: 'chat.message.created', payload: { shipmentNo: o.shipmentNo, roomId: 1, message: { ...message, sender: 'store' } } }, DEMO_NIK.STAFF)).toEqual([]);
    const ticket = { ticketId: 1, shipmentNo: o.shipmentNo, status: 'open' as const, actorName: 'X', commentId: 1, attachmentCount: 0 };
    expect(await reached({ storeCode: 'T001', type: 'ticket.commented', payload: ticket }, DEMO_NIK.HELPDESK)).toEqual(['chiefT001', 'staffT001']);
    expect(await reached({ storeCode: 'T001', type: 'ticket.commented', payload: ticket }, DEMO_NIK.STAFF)).toEqual(['helpdesk']);
    // T002's events reach T002's people and the supervisor covering it; none of T001.
    const o2 = await shipmentOf('T002');
    expect(await reached({ storeCode: 'T002', type: 'pod.requested', payload: { ...pod, shipmentNo: o2.shipmentNo } })).toEqual(['chiefT002', 'supervisor']);
    expect(await reached({ storeCode: 'T002', type: 'order.created', payload: { ...order, shipmentNo: o2.shipmentNo, price: 1 } })).toEqual(['chiefT002', 'staffT002']);
  });

  it('an area supervisor hears only the stores he covers; a store taken away simply stops', async () => {
    const [outside] = await queryRows<{ code: string }>(ctx.handle.db, sql`select code from stores where code not in (${sql.join(AREA_SUPERVISOR_STORES.map((c) => sql`${c}`), sql`, `)}) limit 1`);
    const o = await shipmentOf('T003');
    const pod = { shipmentNo: o.shipmentNo, orderNo: o.orderNo, requestId: 1, deliveryType: 1, type: 'order' as const, requesterName: 'Budi', reason: 'r', distanceM: 10 };
    expect(await reached({ storeCode: 'T003', type: 'pod.requested', payload: pod })).toEqual(['supervisor']);
    if (outside) expect(await reached({ storeCode: outside.code, type: 'pod.requested', payload: pod })).toEqual([]);
    await ctx.handle.db.execute(sql`delete from user_stores where store_code = 'T003' and user_id = (select id from users where nik = ${DEMO_NIK.AREA_SUPERVISOR})`);
    expect(await reached({ storeCode: 'T003', type: 'pod.requested', payload: pod })).toEqual([]);
  });

  it('muted kinds stay quiet on that device, but a staff member always hears new orders', async () => {
    await ctx.handle.db.execute(sql`update push_devices set muted = '["order.new","chat.message"]'::jsonb`);
    const o = await shipmentOf('T001');
    const order = { shipmentNo: o.shipmentNo, orderNo: o.orderNo, appId: 379, deliveryType: 1, statusId: ORDER_STATUS.NEW, price: 1 };
    expect(await reached({ storeCode: 'T001', type: 'order.created', payload: order })).toEqual(['staffT001']);
    const message = { id: 1, clientId: 'c', body: 'x', photo: null, state: 'delivered' as const, authorName: null, createdAt: new Date().toISOString(), sender: 'customer' as const };
    expect(await reached({ storeCode: 'T001', type: 'chat.message.created', payload: { shipmentNo: o.shipmentNo, roomId: 1, message } })).toEqual([]);
    await ctx.handle.db.execute(sql`update push_devices set muted = '[]'::jsonb`);
  });

  it("the escalation's history row says how many phones it reached", async () => {
    const res = await sendChannelOrder(ctx, await oneLineOrder(ctx, { storeCode: 'T001' }));
    const shipmentNo = res.json().data.shipmentNo as string;
    // Only this order is due (the others have every level already).
    await ctx.handle.db.execute(sql`insert into order_escalations (order_id, level) select id, l from orders, generate_series(1, 3) l where status_id = ${ORDER_STATUS.NEW} and shipment_no <> ${shipmentNo} on conflict do nothing`);
    const minutesOn = (m: number) => new Date(Date.now() + m * 60_000);
    expect(await escalateDue(ctx.handle.db, ctx.config, minutesOn(ctx.config.ESCALATION_STORE_MINUTES + 0.5))).toBe(1);
    await dispatch(ctx);
    expect(await escalateDue(ctx.handle.db, ctx.config, minutesOn(ctx.config.ESCALATION_CHIEF_MINUTES + 0.5))).toBe(1);
    await dispatch(ctx);
    const { authorization } = await ctx.loginAs(DEMO_NIK.STORE_CHIEF);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${shipmentNo}`, headers: { authorization } })).json().data;
    const escalations = detail.history.filter((h: { action: string }) => h.action === 'escalate');
    // Level 1: the staff member's and the kepala toko's phones; level 2: the kepala toko's.
    expect(escalations.map((h: { pushedTo: number }) => h.pushedTo)).toEqual([2, 1]);
    expect(pushReachText(escalations[0].pushedTo)).toBe('dikirim ke 2 ponsel');
    expect(detail.history.filter((h: { action: string }) => h.action !== 'escalate').every((h: { pushedTo: number | null }) => h.pushedTo === null)).toBe(true);
  });
});
