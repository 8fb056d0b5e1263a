import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@gerai/contract';
import { imageKind, tinyPng } from '../../seed/tiny-png';
import { defaultAnswer, PHOTO_BROKEN_ANSWER, PHOTO_SENT_ANSWER, photoSeenAnswer, startChatCustomer, type ChatCustomer, type ReceivedNotice } from '../../seed/chat-customer';
import { listenLocally, testContextPerFile } from '../../test/harness';
import { channelTransport, dispatchDueNotices, type NoticePolicy } from '../channels';
import { chatApi, STAFF, uploadPhoto } from './chat-test-kit';
import { CHAT_NOTICE_OUTCOMES } from './index';

// The simulated customer of `npm run simulate -- --chat` and the e2e spec, against a listening Gerai:
// it opens the store's photo through the notice's signed link and says so, sends a photo when asked,
// and accepts the crew's read receipts.

const ctx = testContextPerFile();
const api = chatApi(ctx);
const policy: NoticePolicy = { maxAttempts: 3, backoffSeconds: 1, backoffMaxSeconds: 1, leaseSeconds: 30 };
let customer: ChatCustomer;

beforeAll(async () => {
  customer = await startChatCustomer({ gerai: await listenLocally(ctx), secrets: ctx.config.channelSecrets, readAfterMs: 10, answerAfterMs: 10 });
});
afterAll(async () => customer?.close());

/** Sends every due notice through the real HTTP transport to the customer. */
const dispatch = () =>
  dispatchDueNotices(
    ctx.handle.db,
    channelTransport({ CHANNEL_WEBHOOKS: customer.webhooks(Object.keys(ctx.config.channelSecrets).map(Number)), CHANNEL_NOTICE_TIMEOUT_MS: 5000, channelSecrets: ctx.config.channelSecrets }, { info: () => {} }),
    policy,
    50,
    CHAT_NOTICE_OUTCOMES,
  );

async function customerMessages(shipmentNo: string, count: number): Promise<ChatMessage[]> {
  for (let i = 0; i < 100; i++) {
    const items = ((await api.room(STAFF, shipmentNo)).json().data.items as ChatMessage[]).filter((m) => m.sender === 'customer');
    if (items.length >= count) return items;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the customer did not answer ${count} time(s) on ${shipmentNo}`);
}

describe('the simulated customer', () => {
  it('opens the store’s photo through its signed link, checks its bytes, and says it saw it', async () => {
    const order = await api.freshOrder();
    const photoId = await uploadPhoto(ctx, STAFF);
    await api.send(STAFF, order.shipmentNo, { photoId });
    expect((await dispatch()).sent).toBeGreaterThan(0);
    const [answer] = await customerMessages(order.shipmentNo, 1);
    expect(answer!.body).toBe(photoSeenAnswer({ kind: 'PNG', size: 0 }));
    const notice = customer.received.find((n) => n.shipmentNo === order.shipmentNo && n.kind === 'chat.message')!;
    expect(customer.photos.get(notice.id)).toMatchObject({ kind: 'PNG' });
  });

  it('sends a PNG of its own when the store asks for a photo; the crew’s read reaches it as chat.read', async () => {
    const order = await api.freshOrder();
    await api.send(STAFF, order.shipmentNo, { body: 'Boleh kirim foto patokan rumahnya, Kak?' });
    await dispatch();
    const [reply] = await customerMessages(order.shipmentNo, 1);
    expect(reply).toMatchObject({ body: PHOTO_SENT_ANSWER, photo: { mime: 'image/png' } });
    const bytes = await api.get(STAFF, reply!.photo!.url);
    expect(imageKind(bytes.rawPayload)).toBe('PNG');

    await api.read(STAFF, order.shipmentNo, reply!.id);
    await dispatch();
    const receipt = customer.received.find((n) => n.shipmentNo === order.shipmentNo && n.kind === 'chat.read');
    expect(receipt?.data).toMatchObject({ upToId: reply!.id, orderNo: order.orderNo });
  });

  it('answers in words for a photo it could not open, and makes a real PNG', () => {
    const notice = { data: { body: null, photo: { url: '/x', mime: 'image/png', size: 1 } } } as unknown as ReceivedNotice;
    expect(defaultAnswer(notice, null)).toBe(PHOTO_BROKEN_ANSWER);
    expect(imageKind(tinyPng())).toBe('PNG');
    expect(imageKind(Buffer.from('not an image'))).toBeNull();
  });
});
