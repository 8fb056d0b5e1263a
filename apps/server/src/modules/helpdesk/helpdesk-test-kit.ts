import { and, asc, eq, notInArray } from 'drizzle-orm';
import { events, orders, tickets } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import type { TestContext } from '../../test/harness';
// Shared test files of the returns area (the same photos and multipart bodies a phone sends).
import { JPEG, multipart, PNG } from '../returns/return-test-kit';

export { JPEG, multipart, PNG };
export const STAFF = DEMO_NIK.STAFF;
export const CHIEF = DEMO_NIK.STORE_CHIEF;
export const STAFF_T002 = DEMO_NIK.STAFF_T002;
export const HELPDESK = DEMO_NIK.HELPDESK;

/** A minimal valid PDF: what file-type reads as application/pdf. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

export type Part = Parameters<typeof multipart>[0][number];
export const file = (data: Buffer | string, filename = 'foto.png', type = 'image/png'): Part => ({ name: 'attachments', filename, type, data });
export const field = (name: string, value: string | number): Part => ({ name, data: String(value) });

/** The helpdesk calls as a phone makes them, signed in per NIK. */
export function helpdeskApi(ctx: TestContext) {
  const tokens = new Map<string, string>();
  const auth = async (nik: string) => {
    if (!tokens.has(nik)) tokens.set(nik, (await ctx.loginAs(nik)).authorization);
    return tokens.get(nik)!;
  };
  const call = async (nik: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { authorization: await auth(nik), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const form = async (nik: string, url: string, parts: Part[], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return ctx.app.inject({ method: 'POST', url, headers: { authorization: await auth(nik), 'content-type': body.contentType, ...headers }, payload: body.payload });
  };
  return {
    auth,
    call,
    form,
    create: (nik: string, body: Record<string, unknown>, headers?: Record<string, string>) => call(nik, 'POST', '/api/helpdesk/tickets', body, headers),
    createWithFiles: (nik: string, fields: Record<string, string | number>, files: Part[], headers?: Record<string, string>) =>
      form(nik, '/api/helpdesk/tickets/with-attachments', [...Object.entries(fields).map(([k, v]) => field(k, v)), ...files], headers),
    detail: (nik: string, id: number) => call(nik, 'GET', `/api/helpdesk/tickets/${id}`),
    list: (nik: string, query = '') => call(nik, 'GET', `/api/helpdesk/tickets${query}`),
    setStatus: (nik: string, id: number, status: string) => call(nik, 'PUT', `/api/helpdesk/tickets/${id}`, { status }),
    comment: (nik: string, id: number, body: Record<string, unknown>, headers?: Record<string, string>) => call(nik, 'POST', `/api/helpdesk/tickets/${id}/comments`, body, headers),
    commentWithFiles: (nik: string, id: number, text: string, files: Part[]) => form(nik, `/api/helpdesk/tickets/${id}/comments/with-attachments`, [field('body', text), ...files]),
    attach: (nik: string, id: number, files: Part[]) => form(nik, `/api/helpdesk/tickets/${id}/attachments`, files),
    removeFile: (nik: string, id: number, attachmentId: number) => call(nik, 'DELETE', `/api/helpdesk/tickets/${id}/attachments/${attachmentId}`),
    getFile: (nik: string, id: number, attachmentId: number) => call(nik, 'GET', `/api/helpdesk/tickets/${id}/attachments/${attachmentId}`),
  };
}

/** Shipments of `storeCode` without an active ticket, oldest first (each test takes its own). */
export async function freeShipments(ctx: TestContext, storeCode: string, n: number): Promise<Array<{ shipmentNo: string; orderNo: string }>> {
  const busy = ctx.handle.db.select({ s: tickets.shipmentNo }).from(tickets);
  return ctx.handle.db
    .select({ shipmentNo: orders.shipmentNo, orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.storeCode, storeCode), notInArray(orders.shipmentNo, busy)))
    .orderBy(asc(orders.id))
    .limit(n);
}

export const ticketBody = (shipmentNo: string, extra: Record<string, unknown> = {}) => ({
  shipmentNo,
  description: 'Status pesanan tidak berubah setelah dikemas.',
  staffName: 'Budi Santoso',
  problemId: 1,
  ...extra,
});

export async function ticketEvents(ctx: TestContext) {
  return (await ctx.handle.db.select().from(events).orderBy(asc(events.id))).filter((e) => e.type.startsWith('ticket.'));
}
