import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatMessages, chatRooms, uploads } from '../../db/schema';
import { tinyPng } from '../../seed/tiny-png';
import { testContextPerFile } from '../../test/harness';
import { chatApi, STAFF, uploadPhoto } from './chat-test-kit';

// The same message sent many times at once (a channel retrying after a timeout, a phone's outbox after a
// reload): the room's (client id) index decides, and every copy answers the one message, never 500.
// On PGlite the requests queue on one connection; on PostgreSQL (TEST_DATABASE_URL) they truly race.

const ctx = testContextPerFile();
const api = chatApi(ctx);
const TIMES = 20;

const messagesOf = async (orderId: number) => {
  const [room] = await ctx.handle.db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.orderId, orderId));
  return room ? ctx.handle.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id)) : [];
};

describe(`the same message ${TIMES} times at once`, () => {
  it('from the store (each copy under its own Idempotency-Key) answers one message to every copy', async () => {
    const order = await api.freshOrder();
    const message = { messageId: randomUUID(), body: 'Pesanan sedang kami siapkan.' };
    const replies = await Promise.all(Array.from({ length: TIMES }, (_, i) => api.send(STAFF, order.shipmentNo, message, { 'idempotency-key': `race-${i}-${message.messageId}` })));
    expect(replies.map((r) => r.statusCode).sort(), replies.find((r) => r.statusCode >= 300)?.body).toEqual([...Array(TIMES - 1).fill(200), 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await messagesOf(order.id)).toHaveLength(1);
  });

  it('from the store with a photo answers one message, the photo attached once', async () => {
    const order = await api.freshOrder();
    const photoId = await uploadPhoto(ctx, STAFF);
    const message = { messageId: randomUUID(), photoId };
    const replies = await Promise.all(Array.from({ length: TIMES }, () => api.send(STAFF, order.shipmentNo, message)));
    expect(replies.map((r) => r.statusCode).sort(), replies.find((r) => r.statusCode >= 300)?.body).toEqual([...Array(TIMES - 1).fill(200), 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect((await messagesOf(order.id)).map((m) => m.photoId)).toEqual([photoId]);
  });

  it('from the same Idempotency-Key answers the first reply or 409 while it runs, one message', async () => {
    const order = await api.freshOrder();
    const message = { messageId: randomUUID(), body: 'Satu kunci.' };
    const headers = { 'idempotency-key': `same-${message.messageId}` };
    const replies = await Promise.all(Array.from({ length: TIMES }, () => api.send(STAFF, order.shipmentNo, message, headers)));
    for (const r of replies) expect([200, 201, 409], r.body).toContain(r.statusCode);
    // A copy that comes after the first has finished gets its reply again (201 too): every reply that is not
    // "still running" names the one message.
    const answered = replies.filter((r) => r.statusCode !== 409);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered.map((r) => r.json().data.id)).size).toBe(1);
    expect(await messagesOf(order.id)).toHaveLength(1);
  });

  it('from the channel (a retry after a timeout) answers the first message, created once; a photo is stored once', async () => {
    const order = await api.freshOrder();
    const payload = { shipmentNo: order.shipmentNo, messageId: `cust-${randomUUID()}`, body: 'Kak, sudah dikirim?', photo: tinyPng().toString('base64') };
    const replies = await Promise.all(Array.from({ length: TIMES }, () => api.channel(order.appId, 'messages', payload)));
    expect(replies.map((r) => r.statusCode).sort(), replies.find((r) => r.statusCode >= 300)?.body).toEqual([...Array(TIMES - 1).fill(200), 201]);
    const data = replies.map((r) => r.json().data as { messageId: number; created: boolean });
    expect(new Set(data.map((d) => d.messageId)).size).toBe(1);
    expect(data.filter((d) => d.created)).toHaveLength(1);
    const rows = await messagesOf(order.id);
    expect(rows).toHaveLength(1);
    // The losers' photos were never kept: one upload for the one message.
    expect(await ctx.handle.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.attachedTo, `chat:${order.shipmentNo}`))).toHaveLength(1);
  });
});
