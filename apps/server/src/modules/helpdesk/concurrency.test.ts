import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ticketAttachments, ticketComments, tickets } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { file, freeShipments, helpdeskApi, PNG, STAFF, ticketBody } from './helpdesk-test-kit';
import { randomTag } from '../../test/random';

// The same ticket or comment sent many times at once (a phone's "Kirim ulang" with the request's own
// Idempotency-Key while the first is still on its way, a double tap): one row, and every copy answers
// 2xx (the first reply) or 409, never 500. On PostgreSQL (TEST_DATABASE_URL) they truly race.

const ctx = testContextPerFile();
const api = helpdeskApi(ctx);
const TIMES = 20;
const key = (tag: string) => ({ 'idempotency-key': `${tag}-${randomTag(11)}` });

const statuses = (replies: Array<{ statusCode: number }>) => [...new Set(replies.map((r) => r.statusCode))].sort();

async function newTicket() {
  const [s] = await freeShipments(ctx, 'T001', 1);
  const res = await api.create(STAFF, ticketBody(s!.shipmentNo));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; shipmentNo: string };
}

describe(`a ticket ${TIMES} times at once`, () => {
  it('under one Idempotency-Key: one ticket; every copy gets the first reply or 409 while it runs', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const headers = key('create');
    const replies = await Promise.all(Array.from({ length: TIMES }, () => api.create(STAFF, ticketBody(s!.shipmentNo), headers)));
    expect(statuses(replies).every((c) => c === 201 || c === 409), replies.map((r) => r.body).join('\n')).toBe(true);
    const created = replies.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json().data.id)).size).toBe(1);
    for (const r of replies.filter((x) => x.statusCode === 409)) expect(['IDEMPOTENCY_IN_PROGRESS', 'SHIPMENT_HAS_ACTIVE_TICKET']).toContain(r.json().code);
    expect(await ctx.handle.db.select().from(tickets).where(eq(tickets.shipmentNo, s!.shipmentNo))).toHaveLength(1);
  });

  it('under a key each (or none): one ticket, the others 409 SHIPMENT_HAS_ACTIVE_TICKET', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const replies = await Promise.all(Array.from({ length: TIMES }, (_, i) => api.create(STAFF, ticketBody(s!.shipmentNo), i % 2 ? key('own') : {})));
    expect(statuses(replies), replies.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await ctx.handle.db.select().from(tickets).where(eq(tickets.shipmentNo, s!.shipmentNo))).toHaveLength(1);
  });

  it('with files under one Idempotency-Key: one ticket, its file stored once', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const headers = key('files');
    const fields = ticketBody(s!.shipmentNo) as Record<string, string | number>;
    const replies = await Promise.all(Array.from({ length: TIMES }, () => api.createWithFiles(STAFF, fields, [file(PNG)], headers)));
    expect(statuses(replies).every((c) => c === 201 || c === 409), replies.map((r) => r.body).join('\n')).toBe(true);
    const [ticket, ...more] = await ctx.handle.db.select().from(tickets).where(eq(tickets.shipmentNo, s!.shipmentNo));
    expect(more).toHaveLength(0);
    expect(await ctx.handle.db.select({ id: ticketAttachments.id }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticket!.id))).toHaveLength(1);
  });
});

describe(`a comment ${TIMES} times at once`, () => {
  it('under one Idempotency-Key: one comment; every copy gets the first reply or 409 while it runs', async () => {
    const t = await newTicket();
    const headers = key('comment');
    const replies = await Promise.all(Array.from({ length: TIMES }, () => api.comment(STAFF, t.id, { body: 'Mohon dicek, terima kasih.' }, headers)));
    expect(statuses(replies).every((c) => c === 201 || c === 409), replies.map((r) => r.body).join('\n')).toBe(true);
    const created = replies.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.json().data.id)).size).toBe(1);
    expect(await ctx.handle.db.select().from(ticketComments).where(eq(ticketComments.ticketId, t.id))).toHaveLength(1);
  });

  it('with a file under one Idempotency-Key: one comment, one file', async () => {
    const t = await newTicket();
    const headers = key('comment-file');
    const replies = await Promise.all(
      Array.from({ length: TIMES }, () => api.form(STAFF, `/api/helpdesk/tickets/${t.id}/comments/with-attachments`, [{ name: 'body', data: 'Foto terlampir.' }, file(PNG)], headers)),
    );
    expect(statuses(replies).every((c) => c === 201 || c === 409), replies.map((r) => r.body).join('\n')).toBe(true);
    expect(await ctx.handle.db.select().from(ticketComments).where(eq(ticketComments.ticketId, t.id))).toHaveLength(1);
    expect(await ctx.handle.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, t.id))).toHaveLength(1);
  });
});
