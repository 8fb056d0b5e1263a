import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { ERROR_MESSAGES, ORDER_STATUS } from '@gerai/contract';
import { auditLog, channelNotices, chatMessages, chatRooms, events } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { dispatchDueNotices, type NoticePolicy, type OutgoingNotice } from '../channels';
import { chatApi, STAFF, STAFF_T002, uploadPhoto } from './chat-test-kit';
import { CHAT_NOTICE_OUTCOMES, kicksNoticeDispatch } from './index';

const ctx = testContextPerFile();
const api = chatApi(ctx);
const policy: NoticePolicy = { maxAttempts: 2, backoffSeconds: 30, backoffMaxSeconds: 60, leaseSeconds: 60 };

const lastEventId = async () => Number((await ctx.handle.db.select({ id: sql<number>`coalesce(max(${events.id}), 0)` }).from(events))[0]!.id);
const eventsSince = async (id: number) => ctx.handle.db.select().from(events).where(gt(events.id, id)).orderBy(asc(events.id));
const noticeOf = async (messageId: number) => (await ctx.handle.db.select().from(channelNotices).where(eq(channelNotices.ref, `chat:${messageId}`)))[0];
/** Only the given notice is due now: the others of the file wait. */
const onlyDue = (id: number) =>
  ctx.handle.db.execute(sql`update channel_notices set next_attempt_at = case when id = ${id} then now() - interval '1 second' else now() + interval '1 day' end where status = 'pending'`);

describe('opening a room', () => {
  it('creates the room on first use and answers the same room after, with one event', async () => {
    const order = await api.freshOrder();
    const before = await lastEventId();
    const first = await api.open(STAFF, order);
    expect(first.statusCode, first.body).toBe(201);
    const room = first.json().data;
    expect(room).toMatchObject({ shipmentNo: order.shipmentNo, orderNo: order.orderNo, readOnly: false, items: [], unread: 0, customerName: order.customerName });
    expect(room.roomId).toEqual(expect.any(Number));
    const again = await api.open(STAFF, order);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.roomId).toBe(room.roomId);
    expect(await ctx.handle.db.select().from(chatRooms).where(eq(chatRooms.orderId, order.id))).toHaveLength(1);
    const written = await eventsSince(before);
    expect(written.map((e) => [e.type, e.storeCode])).toEqual([['chat.room.created', 'T001']]);
    expect(written[0]!.payload).toEqual({ shipmentNo: order.shipmentNo, orderNo: order.orderNo, roomId: room.roomId, openedBy: 'store' });
    const [audit] = await ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entity, 'chat'), eq(auditLog.entityId, order.shipmentNo)));
    expect(audit).toMatchObject({ action: 'open' });
  });

  it('opens one room when two phones open it at once', async () => {
    const order = await api.freshOrder();
    const replies = await Promise.all([api.open(STAFF, order), api.open(STAFF, order)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(replies.map((r) => r.json().data.roomId)).size).toBe(1);
  });

  it('answers 404 for an orderNo that is not the shipment’s and for another store’s shipment', async () => {
    const order = await api.freshOrder();
    expect((await api.open(STAFF, { shipmentNo: order.shipmentNo, orderNo: 'ALFAGIFT-LAIN' })).statusCode).toBe(404);
    const foreign = await api.open(STAFF_T002, order);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
    expect((await api.room(STAFF_T002, order.shipmentNo)).statusCode).toBe(404);
    expect(await ctx.handle.db.select().from(chatRooms).where(eq(chatRooms.orderId, order.id))).toHaveLength(0);
  });

  it('shows a history order’s chat read only and opens nothing for it', async () => {
    const order = await api.freshOrder(ORDER_STATUS.HISTORY);
    const res = await api.open(STAFF, order);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ roomId: null, readOnly: true, statusId: ORDER_STATUS.HISTORY });
  });

  it('answers the seeded conversation oldest first, pages older messages and counts unread customer messages', async () => {
    const [seeded] = await ctx.handle.db.select().from(chatRooms).orderBy(asc(chatRooms.id)).limit(1);
    const all = (await api.room(STAFF, seeded!.shipmentNo)).json().data;
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(all.items.map((m: { id: number }) => m.id)).toEqual([...all.items.map((m: { id: number }) => m.id)].sort((a, b) => a - b));
    expect(all.items[0]).toMatchObject({ sender: 'store', state: 'read', authorName: expect.any(String) });
    expect(all.unread).toBe(1);
    const newest = (await api.room(STAFF, seeded!.shipmentNo, '?size=2')).json().data;
    expect(newest).toMatchObject({ hasMore: true });
    const older = (await api.room(STAFF, seeded!.shipmentNo, `?size=2&before=${newest.items[0].id}`)).json().data;
    expect([...older.items, ...newest.items].map((m: { id: number }) => m.id)).toEqual(all.items.slice(-4).map((m: { id: number }) => m.id));
  });
});

describe('sending a message', () => {
  it('writes the message, its channel notice and its event in one go; the phone’s messageId makes a retry change nothing', async () => {
    const order = await api.freshOrder();
    const messageId = randomUUID();
    const before = await lastEventId();
    const sent = await api.send(STAFF, order.shipmentNo, { messageId, body: 'Pesanan sedang disiapkan' });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json().data;
    expect(message).toMatchObject({ clientId: messageId, sender: 'store', body: 'Pesanan sedang disiapkan', photo: null, state: 'sent', authorName: expect.any(String) });
    // The room was opened by the first message.
    expect((await eventsSince(before)).map((e) => e.type)).toEqual(['chat.room.created', 'chat.message.created']);
    const notice = await noticeOf(message.id);
    expect(notice).toMatchObject({ kind: 'chat.message', status: 'pending', shipmentNo: order.shipmentNo, appId: order.appId, storeCode: 'T001' });
    expect(notice!.payload).toMatchObject({ messageId: message.id, body: 'Pesanan sedang disiapkan', orderNo: order.orderNo });

    const retry = await api.send(STAFF, order.shipmentNo, { messageId, body: 'Pesanan sedang disiapkan' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(message.id);
    const reused = await api.send(STAFF, order.shipmentNo, { messageId, body: 'Lain' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('CHAT_MESSAGE_ID_REUSED');
    expect(await ctx.handle.db.select().from(chatMessages).where(eq(chatMessages.clientId, messageId))).toHaveLength(1);
    expect((await eventsSince(before)).filter((e) => e.type === 'chat.message.created')).toHaveLength(1);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const order = await api.freshOrder();
    const key = { 'idempotency-key': `chat-${randomUUID()}` };
    const messageId = randomUUID();
    const first = await api.send(STAFF, order.shipmentNo, { messageId, body: 'Kurir dalam perjalanan' }, key);
    const replay = await api.send(STAFF, order.shipmentNo, { messageId, body: 'Kurir dalam perjalanan' }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await ctx.handle.db.select().from(chatMessages).where(eq(chatMessages.clientId, messageId))).toHaveLength(1);
  });

  it('attaches an uploaded photo once; an unknown or used photo answers 422', async () => {
    const order = await api.freshOrder();
    const photoId = await uploadPhoto(ctx, STAFF);
    const sent = await api.send(STAFF, order.shipmentNo, { photoId });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ body: null, photo: { id: photoId, mime: 'image/png', url: `/api/uploads/${photoId}` } });
    const again = await api.send(STAFF, order.shipmentNo, { photoId });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('CHAT_PHOTO_UNKNOWN');
    expect((await api.send(STAFF, order.shipmentNo, { photoId: randomUUID() })).json().code).toBe('CHAT_PHOTO_UNKNOWN');
  });

  it('refuses an empty message and an oversized one with 400', async () => {
    const order = await api.freshOrder();
    expect((await api.send(STAFF, order.shipmentNo, {})).statusCode).toBe(400);
    expect((await api.send(STAFF, order.shipmentNo, { body: '   ' })).statusCode).toBe(400);
    expect((await api.send(STAFF, order.shipmentNo, { body: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await api.post(STAFF, `/api/chat/rooms/${order.shipmentNo}/messages`, { messageId: 'bukan-uuid', body: 'hai' })).statusCode).toBe(400);
  });

  it('refuses to write to a history order with 409 and an Indonesian message', async () => {
    const order = await api.freshOrder(ORDER_STATUS.HISTORY_CANCELLED);
    const res = await api.send(STAFF, order.shipmentNo, { body: 'Halo' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CHAT_READ_ONLY', message: ERROR_MESSAGES.CHAT_READ_ONLY });
    expect(await ctx.handle.db.select().from(chatRooms).where(eq(chatRooms.orderId, order.id))).toHaveLength(0);
  });

  it('answers 404 to another store and writes nothing', async () => {
    const order = await api.freshOrder();
    const res = await api.send(STAFF_T002, order.shipmentNo, { body: 'Halo' });
    expect(res.statusCode).toBe(404);
    expect(await ctx.handle.db.select().from(chatRooms).where(eq(chatRooms.orderId, order.id))).toHaveLength(0);
  });
});

describe('the customer’s side through the channel', () => {
  it('refuses an unsigned or wrongly signed call', async () => {
    const order = await api.freshOrder();
    const payload = { shipmentNo: order.shipmentNo, messageId: 'c-1', body: 'Halo' };
    const forged = await api.channel(order.appId, 'messages', payload, 'bukan-rahasia-yang-benar');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('SIGNATURE_INVALID');
    const unsigned = await ctx.app.inject({ method: 'POST', url: `/api/channels/${order.appId}/chat/read`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ shipmentNo: order.shipmentNo, upToId: 1 }) });
    expect(unsigned.statusCode).toBe(401);
    expect(await ctx.handle.db.select().from(chatRooms).where(eq(chatRooms.orderId, order.id))).toHaveLength(0);
  });

  it('takes the customer’s message once (opening the room), live for the store; another channel’s shipment is 404', async () => {
    const order = await api.freshOrder();
    const before = await lastEventId();
    const payload = { shipmentNo: order.shipmentNo, messageId: 'cust-42', body: 'Kak, titip di pos satpam ya' };
    const first = await api.channel(order.appId, 'messages', payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.channel(order.appId, 'messages', payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ ...first.json().data, created: false });
    const written = await eventsSince(before);
    expect(written.map((e) => e.type)).toEqual(['chat.room.created', 'chat.message.created']);
    expect(written[1]!.payload).toMatchObject({ shipmentNo: order.shipmentNo, message: { sender: 'customer', body: payload.body, state: 'delivered', authorName: null } });
    const otherApp = order.appId === 379 ? 410 : 379;
    expect((await api.channel(otherApp, 'messages', { ...payload, messageId: 'cust-43' })).statusCode).toBe(404);

    // The crew opens the room: the customer's message becomes read, once.
    const room = (await api.room(STAFF, order.shipmentNo)).json().data;
    expect(room.unread).toBe(1);
    const read = await api.read(STAFF, order.shipmentNo, room.items.at(-1).id);
    expect(read.json().data).toEqual({ roomId: room.roomId, read: 1, unread: 0 });
    expect((await api.read(STAFF, order.shipmentNo, room.items.at(-1).id)).json().data.read).toBe(0);
    expect((await api.room(STAFF, order.shipmentNo)).json().data.items.at(-1).state).toBe('read');
    expect((await eventsSince(before)).filter((e) => e.type === 'chat.message.state').map((e) => e.payload)).toEqual([
      { shipmentNo: order.shipmentNo, roomId: room.roomId, sender: 'customer', messageIds: [room.items.at(-1).id], state: 'read' },
    ]);
    expect((await api.read(STAFF_T002, order.shipmentNo, 1)).statusCode).toBe(404);
  });

  it('refuses the customer’s message on a history order with 409', async () => {
    const order = await api.freshOrder(ORDER_STATUS.HISTORY);
    const res = await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'late-1', body: 'Halo?' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CHAT_READ_ONLY');
  });
});

describe('delivery and read state', () => {
  it('becomes delivered when the channel accepts the notice and read on the channel’s receipt, each said live', async () => {
    const order = await api.freshOrder();
    const message = (await api.send(STAFF, order.shipmentNo, { body: 'Kurir dalam perjalanan' })).json().data;
    const notice = (await noticeOf(message.id))!;
    await onlyDue(notice.id);
    const before = await lastEventId();
    const sent: OutgoingNotice[] = [];
    expect(await dispatchDueNotices(ctx.handle.db, async (n) => void sent.push(n), policy, 20, CHAT_NOTICE_OUTCOMES)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent[0]).toMatchObject({ kind: 'chat.message', ref: `chat:${message.id}`, payload: { messageId: message.id, body: 'Kurir dalam perjalanan' } });
    expect((await api.room(STAFF, order.shipmentNo)).json().data.items.at(-1).state).toBe('delivered');

    const receipt = await api.channel(order.appId, 'read', { shipmentNo: order.shipmentNo, upToId: message.id });
    expect(receipt.json().data.read).toBe(1);
    expect((await api.room(STAFF, order.shipmentNo)).json().data.items.at(-1).state).toBe('read');
    // Chat notices say their outcome on the chat, not as order.notice events.
    const written = await eventsSince(before);
    expect(written.map((e) => [e.type, (e.payload as { state?: string }).state])).toEqual([
      ['chat.message.state', 'delivered'],
      ['chat.message.state', 'read'],
    ]);
    // And the order's history does not list them.
    const detail = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data;
    expect(detail.channelNotices.map((n: { kind: string }) => n.kind)).not.toContain('chat.message');
  });

  it('is retried with backoff while the channel refuses it, and shows failed when given up on', async () => {
    const order = await api.freshOrder();
    const message = (await api.send(STAFF, order.shipmentNo, { body: 'Pesanan sudah siap diambil' })).json().data;
    const notice = (await noticeOf(message.id))!;
    await onlyDue(notice.id);
    const refuse = async () => {
      throw new Error('HTTP 503');
    };
    expect(await dispatchDueNotices(ctx.handle.db, refuse, policy, 20, CHAT_NOTICE_OUTCOMES)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await api.room(STAFF, order.shipmentNo)).json().data.items.at(-1).state).toBe('sent');
    await onlyDue(notice.id);
    expect(await dispatchDueNotices(ctx.handle.db, refuse, policy, 20, CHAT_NOTICE_OUTCOMES)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await api.room(STAFF, order.shipmentNo)).json().data.items.at(-1).state).toBe('failed');
    expect(await noticeOf(message.id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('kicks the dispatcher for store messages only', () => {
    const message = { id: 1, clientId: 'x', body: 'x', photo: null, state: 'sent', authorName: null, createdAt: '' };
    expect(kicksNoticeDispatch({ type: 'chat.message.created', payload: { shipmentNo: 'S', roomId: 1, message: { ...message, sender: 'store' } } })).toBe(true);
    expect(kicksNoticeDispatch({ type: 'chat.message.created', payload: { shipmentNo: 'S', roomId: 1, message: { ...message, sender: 'customer' } } })).toBe(false);
    expect(kicksNoticeDispatch({ type: 'order.claimed', payload: {} })).toBe(false);
  });
});
