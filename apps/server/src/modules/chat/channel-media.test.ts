import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { APP_IDS, CHAT_PHOTO_LINK_TTL_SECONDS, UPLOAD_MAX_BYTES, ERROR_MESSAGES, type ChatNoticeData, type ChatReadNoticeData } from '@gerai/contract';
import { auditLog, channelNotices, uploads } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { dispatchDueNotices, type NoticePolicy, type OutgoingNotice } from '../channels';
import { PNG } from '../returns/return-test-kit';
import { chatApi, STAFF, STAFF_T002, uploadPhoto } from './chat-test-kit';
import { CHAT_NOTICE_OUTCOMES, kicksNoticeDispatch } from './index';
import { checkPhotoLink, signPhotoLink } from './photo-link';

// The pictures and receipts that cross to the channel (decision 91): the signed link to a store photo,
// and the crew's read going back as a `chat.read` notice.

const ctx = testContextPerFile();
const api = chatApi(ctx);
const policy: NoticePolicy = { maxAttempts: 2, backoffSeconds: 30, backoffMaxSeconds: 60, leaseSeconds: 60 };
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

const noticesOf = (orderId: number, kind: string) => ctx.handle.db.select().from(channelNotices).where(and(eq(channelNotices.orderId, orderId), eq(channelNotices.kind, kind)));
const onlyDue = (ids: number[]) =>
  ctx.handle.db.execute(
    sql`update channel_notices set next_attempt_at = case when id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) then now() - interval '1 second' else now() + interval '1 day' end where status = 'pending'`,
  );

/** A store photo sent to a fresh order: the message, its order and the notice's data. */
async function sentPhoto() {
  const order = await api.freshOrder();
  const photoId = await uploadPhoto(ctx, STAFF);
  const message = (await api.send(STAFF, order.shipmentNo, { photoId })).json().data;
  const [notice] = await noticesOf(order.id, 'chat.message');
  return { order, photoId, message, data: notice!.payload as ChatNoticeData };
}

describe('a store photo reaches the channel as a picture', () => {
  it('links the photo in the notice with a link signed for that channel, expiring after the TTL', async () => {
    const { order, photoId, data } = await sentPhoto();
    expect(data.photo).toMatchObject({ id: photoId, mime: 'image/png', url: expect.stringContaining(`/api/channels/${order.appId}/chat/photos/${photoId}?expires=`) });
    const expires = Number(new URL(data.photo!.url!, 'http://x').searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(CHAT_PHOTO_LINK_TTL_SECONDS - 60);
    expect(new Date(data.photo!.expiresAt!).getTime()).toBe(expires * 1000);
  });

  it('serves the linked bytes with their type, nosniff, inline and no caching beyond the link', async () => {
    const { data } = await sentPhoto();
    const res = await ctx.app.inject({ method: 'GET', url: data.photo!.url! });
    expect(res.statusCode, res.body).toBe(200);
    expect([...res.rawPayload.subarray(0, 4)]).toEqual(PNG_MAGIC);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="chat-[0-9a-f-]{36}\.png"$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]);
    expect(String(res.headers['cache-control'])).toContain('private');
    expect(maxAge).toBeLessThanOrEqual(CHAT_PHOTO_LINK_TTL_SECONDS);
    expect(maxAge).toBeGreaterThan(CHAT_PHOTO_LINK_TTL_SECONDS - 60);
  });

  it('refuses a forged, moved, expired or another channel’s link with 403, and a photo outside the channel’s chats with 404', async () => {
    const { order, photoId, data } = await sentPhoto();
    const OTHER_APP = APP_IDS.find((a) => a !== order.appId)!;
    const url = new URL(data.photo!.url!, 'http://x');
    const get = (path: string) => ctx.app.inject({ method: 'GET', url: path });
    const expectRefused = async (path: string, code: string, status = 403) => {
      const res = await get(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.json()).toMatchObject({ code, message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] });
    };
    const sig = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    // One hex digit changed; the expiry moved; the same link on another channel's path.
    await expectRefused(`${url.pathname}?expires=${expires}&signature=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`, 'CHAT_PHOTO_LINK_INVALID');
    await expectRefused(`${url.pathname}?expires=${expires + 1}&signature=${sig}`, 'CHAT_PHOTO_LINK_INVALID');
    await expectRefused(`/api/channels/${OTHER_APP}/chat/photos/${photoId}?expires=${expires}&signature=${sig}`, 'CHAT_PHOTO_LINK_INVALID');
    // Genuine but old: expired.
    const secret = ctx.config.channelSecrets[String(order.appId)]!;
    const old = signPhotoLink(secret, order.appId, photoId, new Date(Date.now() - (CHAT_PHOTO_LINK_TTL_SECONDS + 5) * 1000));
    await expectRefused(old.url, 'CHAT_PHOTO_LINK_EXPIRED');
    // Another channel's own valid link to this photo: the photo is not in any of its chats.
    const foreign = signPhotoLink(ctx.config.channelSecrets[String(OTHER_APP)]!, OTHER_APP, photoId);
    await expectRefused(foreign.url, 'NOT_FOUND', 404);
    // A photo uploaded but never sent in a chat.
    const loose = await uploadPhoto(ctx, STAFF);
    await expectRefused(signPhotoLink(secret, order.appId, loose).url, 'NOT_FOUND', 404);
    // No query at all: the link's proof is missing.
    expect((await get(url.pathname)).statusCode).toBe(400);
  });

  it('checks a link in constant time against the exact appId, photo and expiry', () => {
    const link = signPhotoLink('s3cret', 379, 'a'.repeat(8), new Date(0));
    const q = new URL(link.url, 'http://x').searchParams;
    const expires = Number(q.get('expires'));
    expect(checkPhotoLink('s3cret', 379, 'a'.repeat(8), expires, q.get('signature')!, new Date(0))).toBe('valid');
    expect(checkPhotoLink('s3cret', 379, 'a'.repeat(8), expires, q.get('signature')!, new Date((expires + 1) * 1000))).toBe('expired');
    expect(checkPhotoLink('other', 379, 'a'.repeat(8), expires, q.get('signature')!, new Date(0))).toBe('invalid');
    expect(checkPhotoLink('s3cret', 379, 'a'.repeat(8), expires, 'abc', new Date(0))).toBe('invalid');
  });
});

describe('the crew’s read goes back to the channel', () => {
  it('queues one chat.read notice up to the newest message read, sent through the outbox with retry; a replay queues nothing', async () => {
    const order = await api.freshOrder();
    await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cr-1', body: 'Halo Kak' });
    const second = (await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cr-2', body: 'Masih ada stok?' })).json().data;
    const read = await api.read(STAFF, order.shipmentNo, second.messageId);
    expect(read.json().data).toMatchObject({ read: 2, unread: 0 });
    const again = await api.read(STAFF, order.shipmentNo, second.messageId);
    expect(again.json().data).toMatchObject({ read: 0 });
    const notices = await noticesOf(order.id, 'chat.read');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ ref: `chat:${second.roomId}:read:${second.messageId}`, status: 'pending' });
    expect(notices[0]!.payload).toMatchObject({ roomId: second.roomId, orderNo: order.orderNo, upToId: second.messageId, upToMessageId: 'cr-2' } satisfies Partial<ChatReadNoticeData>);

    // Refused once, retried, then accepted; the order's history does not list it.
    await onlyDue([notices[0]!.id]);
    let refuse = true;
    const sent: OutgoingNotice[] = [];
    const transport = async (n: OutgoingNotice) => {
      if (refuse) throw new Error('HTTP 503');
      sent.push(n);
    };
    expect(await dispatchDueNotices(ctx.handle.db, transport, policy, 20, CHAT_NOTICE_OUTCOMES)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    refuse = false;
    await onlyDue([notices[0]!.id]);
    expect(await dispatchDueNotices(ctx.handle.db, transport, policy, 20, CHAT_NOTICE_OUTCOMES)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent[0]).toMatchObject({ kind: 'chat.read', shipmentNo: order.shipmentNo, payload: { upToId: second.messageId, upToMessageId: 'cr-2' } });
    const detail = (await api.get(STAFF, `/api/orders/${order.shipmentNo}`)).json().data;
    expect(detail.channelNotices.map((n: { kind: string }) => n.kind)).not.toContain('chat.read');
  });

  it('kicks the dispatcher when the crew read the customer’s messages, not for the customer’s read of the store’s', () => {
    const state = (sender: string, s: string) => ({ type: 'chat.message.state' as const, payload: { shipmentNo: 'S', roomId: 1, sender, messageIds: [1], state: s } });
    expect(kicksNoticeDispatch(state('customer', 'read'))).toBe(true);
    expect(kicksNoticeDispatch(state('store', 'read'))).toBe(false);
    expect(kicksNoticeDispatch(state('store', 'delivered'))).toBe(false);
  });
});

describe('the customer sends a photo', () => {
  it('stores it as an upload of the order’s store attached to the chat, shown to the crew and live; a repeat writes nothing', async () => {
    const order = await api.freshOrder();
    const payload = { shipmentNo: order.shipmentNo, messageId: 'cp-1', body: 'Ini fotonya Kak', photo: PNG.toString('base64') };
    const first = await api.channel(order.appId, 'messages', payload);
    expect(first.statusCode, first.body).toBe(201);
    const { messageId } = first.json().data;
    const message = (await api.room(STAFF, order.shipmentNo)).json().data.items.at(-1);
    expect(message).toMatchObject({ id: messageId, sender: 'customer', body: 'Ini fotonya Kak', photo: { mime: 'image/png', size: PNG.length } });
    const [stored] = await ctx.handle.db.select().from(uploads).where(eq(uploads.id, message.photo.id));
    expect(stored).toMatchObject({ storeCode: order.storeCode, attachedTo: `chat:${order.shipmentNo}`, mime: 'image/png', uploadedBy: null });
    // The crew reads it like their own photos; another store cannot.
    const bytes = await api.get(STAFF, message.photo.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(PNG)).toBe(true);
    expect((await api.get(STAFF_T002, message.photo.url)).statusCode).toBe(404);
    // The live event carries the photo; the audit row names it.
    const [audit] = await ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.entity, 'chat'), eq(auditLog.entityId, order.shipmentNo), eq(auditLog.action, 'receive')));
    expect(audit!.reason).toContain(message.photo.id);
    // The channel repeats itself: the same message, nothing new stored; other bytes under the id are refused.
    const again = await api.channel(order.appId, 'messages', payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ messageId, created: false });
    expect(await ctx.handle.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.attachedTo, `chat:${order.shipmentNo}`))).toHaveLength(1);
    const other = Buffer.concat([PNG, Buffer.from([0])]).toString('base64');
    const reused = await api.channel(order.appId, 'messages', { ...payload, photo: other });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('CHAT_MESSAGE_ID_REUSED');
  });

  it('takes a photo alone, and refuses a message with neither text nor photo', async () => {
    const order = await api.freshOrder();
    const alone = await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cp-2', photo: PNG.toString('base64') });
    expect(alone.statusCode, alone.body).toBe(201);
    const empty = await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cp-3' });
    expect(empty.statusCode).toBe(400);
    const notBase64 = await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cp-4', photo: 'data:image/png;base64,AAAA' });
    expect(notBase64.statusCode).toBe(400);
  });

  it('refuses a file that is not an image by its bytes with 415 and one too large with 413, in the contract’s words, storing nothing', async () => {
    const order = await api.freshOrder();
    const before = (await ctx.handle.db.select({ id: uploads.id }).from(uploads)).length;
    const text = await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cp-5', photo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UPLOAD_TYPE_UNSUPPORTED', message: ERROR_MESSAGES.UPLOAD_TYPE_UNSUPPORTED });
    const huge = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const large = await api.channel(order.appId, 'messages', { shipmentNo: order.shipmentNo, messageId: 'cp-6', photo: huge.toString('base64') });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: ERROR_MESSAGES.UPLOAD_TOO_LARGE });
    expect((await ctx.handle.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
  });
});
