import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatusId } from '@gerai/contract';
import { chatRooms, orders } from '../../db/schema';
import type { TestContext } from '../../test/harness';
import { signBody } from '../channels';
import { returnApi } from '../returns/return-test-kit';

export const STAFF = '10000001';
export const STAFF_T002 = '10000002';
const WRITABLE = [ORDER_STATUS.NEW, ORDER_STATUS.PACKING, ORDER_STATUS.IN_PROGRESS, ORDER_STATUS.COMPLETED, ORDER_STATUS.CANCELLED];

/** Calls of the chat area as demo users (bearer) and as the order's channel (signed). */
export function chatApi(ctx: TestContext) {
  const tokens = new Map<string, Promise<string>>();
  const auth = (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, ctx.loginAs(nik).then((r) => r.authorization));
    return tokens.get(nik)!;
  };
  const api = {
    async get(nik: string, url: string) {
      return ctx.app.inject({ method: 'GET', url, headers: { authorization: await auth(nik) } });
    },
    async post(nik: string, url: string, payload: unknown = {}, headers: Record<string, string> = {}) {
      return ctx.app.inject({ method: 'POST', url, headers: { authorization: await auth(nik), 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    },
    open: (nik: string, o: { shipmentNo: string; orderNo: string }, headers: Record<string, string> = {}) =>
      api.post(nik, `/api/chat/rooms/${o.shipmentNo}/${encodeURIComponent(o.orderNo)}`, {}, headers),
    room: (nik: string, shipmentNo: string, query = '') => api.get(nik, `/api/chat/rooms/${shipmentNo}${query}`),
    send: (nik: string, shipmentNo: string, body: { messageId?: string; body?: string; photoId?: string }, headers: Record<string, string> = {}) =>
      api.post(nik, `/api/chat/rooms/${shipmentNo}/messages`, { messageId: randomUUID(), ...body }, headers),
    read: (nik: string, shipmentNo: string, upToId: number) => api.post(nik, `/api/chat/rooms/${shipmentNo}/read`, { upToId }),
    /** A signed call of the channel chat API (`secret` defaults to the channel's demo secret). */
    channel(appId: number, path: 'messages' | 'read', payload: unknown, secret = ctx.config.channelSecrets[String(appId)]!) {
      const body = JSON.stringify(payload);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/channels/${appId}/chat/${path}`,
        headers: { 'content-type': 'application/json', 'x-gerai-signature': signBody(body, secret) },
        payload: body,
      });
    },
    /** A T001 order of `status` (by default any not in history) without a chat room yet: each call another one. */
    async freshOrder(status?: OrderStatusId, storeCode = 'T001') {
      const statuses = status ? [status] : WRITABLE;
      const taken = (await ctx.handle.db.select({ id: chatRooms.orderId }).from(chatRooms)).map((r) => r.id);
      const [order] = await ctx.handle.db
        .select()
        .from(orders)
        .where(and(eq(orders.storeCode, storeCode), inArray(orders.statusId, statuses), taken.length ? notInArray(orders.id, taken) : undefined))
        .orderBy(asc(orders.id))
        .limit(1);
      if (!order) throw new Error(`no ${storeCode} order in ${statuses.join('/')} without a room`);
      return order;
    },
  };
  return api;
}

/** A photo uploaded by `nik`'s store (POST /api/uploads), as a return's photos are: its upload id. */
export const uploadPhoto = (ctx: TestContext, nik: string): Promise<string> => returnApi(ctx).photo(nik);
