import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_MESSAGES, TICKET_ATTACHMENTS } from '@gerai/contract';
import { auditLog, ticketAttachments, tickets } from '../../db/schema';
import { testContextPerFile } from '../../test/harness';
import { CHIEF, field, file, freeShipments, HELPDESK, helpdeskApi, JPEG, PDF, PNG, STAFF, STAFF_T002, ticketBody, ticketEvents } from './helpdesk-test-kit';
import { randomTag } from '../../test/random';

const ctx = testContextPerFile();
const api = helpdeskApi(ctx);
const key = () => ({ 'idempotency-key': `k-${randomTag(11)}` });

async function newTicket(nik: string = STAFF, store = 'T001') {
  const [s] = await freeShipments(ctx, store, 1);
  const res = await api.create(nik, ticketBody(s!.shipmentNo));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; shipmentNo: string; status: string };
}

describe('problems and FAQ', () => {
  it('lists problems and searches the FAQ', async () => {
    const problems = await api.call(STAFF, 'GET', '/api/helpdesk/problems');
    expect(problems.statusCode).toBe(200);
    expect(problems.json().data.items.length).toBeGreaterThanOrEqual(5);
    const all = (await api.call(STAFF, 'GET', '/api/helpdesk/faqs')).json().data.items;
    expect(all.length).toBeGreaterThanOrEqual(8);
    const word = (all[0].question as string).split(/\s+/).find((w: string) => w.length > 4)!;
    const found = (await api.call(STAFF, 'GET', `/api/helpdesk/faqs?query=${encodeURIComponent(word)}`)).json().data.items;
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(all.length);
    expect((await api.call(STAFF, 'GET', '/api/helpdesk/faqs?query=zzzqqq')).json().data.items).toEqual([]);
  });
});

describe('creating a ticket', () => {
  it('creates a ticket from the order (JSON), writes the audit row and the event on the store stream', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const res = await api.create(STAFF, ticketBody(s!.shipmentNo, { orderNo: 'ignored', applicationId: 99 }));
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().data;
    expect(t).toMatchObject({ status: 'open', shipmentNo: s!.shipmentNo, orderNo: s!.orderNo, storeCode: 'T001', staffName: 'Budi Santoso', problem: { id: 1 } });
    expect(t.idTicket).toBe(t.id);
    const ev = (await ticketEvents(ctx)).find((e) => e.type === 'ticket.created' && (e.payload as { ticketId: number }).ticketId === t.id);
    expect(ev).toMatchObject({ storeCode: 'T001', payload: { status: 'open', actorName: 'Budi Santoso', attachmentCount: 0 } });
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, String(t.id)));
    expect(audit.some((a) => a.entity === 'ticket' && a.action === 'create')).toBe(true);
  });

  it('refuses a second active ticket for the same shipment with the spec message', async () => {
    const t = await newTicket();
    const res = await api.create(CHIEF, ticketBody(t.shipmentNo));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SHIPMENT_HAS_ACTIVE_TICKET', message: ERROR_MESSAGES.SHIPMENT_HAS_ACTIVE_TICKET });
  });

  it('lets exactly one of two simultaneous tickets for a shipment win', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const replies = await Promise.all([api.create(STAFF, ticketBody(s!.shipmentNo)), api.create(CHIEF, ticketBody(s!.shipmentNo))]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await ctx.handle.db.select().from(tickets).where(eq(tickets.shipmentNo, s!.shipmentNo))).length).toBe(1);
  });

  it('answers 404 for another store\'s shipment and 422 for an unknown problem', async () => {
    const [other] = await freeShipments(ctx, 'T002', 1);
    expect((await api.create(STAFF, ticketBody(other!.shipmentNo))).statusCode).toBe(404);
    const [s] = await freeShipments(ctx, 'T001', 1);
    const res = await api.create(STAFF, ticketBody(s!.shipmentNo, { problemId: 9999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('TICKET_PROBLEM_UNKNOWN');
  });

  it('replays a create with the same Idempotency-Key without a second ticket', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const headers = key();
    const a = await api.create(STAFF, ticketBody(s!.shipmentNo), headers);
    const b = await api.create(STAFF, ticketBody(s!.shipmentNo), headers);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect((await ctx.handle.db.select().from(tickets).where(eq(tickets.shipmentNo, s!.shipmentNo))).length).toBe(1);
  });
});

describe('attachments', () => {
  it('creates a ticket with a photo and a PDF read by their bytes, served only to those who may see the ticket', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const res = await api.createWithFiles(STAFF, ticketBody(s!.shipmentNo), [file(PNG, 'layar.bin', 'application/octet-stream'), file(PDF, '../../etc/passwd', 'text/plain')]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const detail = (await api.detail(STAFF, id)).json().data;
    expect(detail.attachments.map((a: { mime: string }) => a.mime)).toEqual(['image/png', 'application/pdf']);
    // The path trick is a label only: its last segment, never a path.
    expect(detail.attachments[1].fileName).toBe('passwd');
    const rows = await ctx.handle.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    expect(rows.every((r) => /^[0-9a-f-]{36}$/.test(r.storageKey))).toBe(true);
    const img = await api.getFile(STAFF, id, detail.attachments[0].id);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(String(img.headers['content-disposition'])).toMatch(/^inline/);
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    const pdf = await api.getFile(STAFF, id, detail.attachments[1].id);
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment/);
    expect(String(pdf.headers['content-security-policy'])).toContain('sandbox');
    // Helpdesk sees every store; another store's crew gets 404 for the ticket and its files.
    expect((await api.getFile(HELPDESK, id, detail.attachments[0].id)).statusCode).toBe(200);
    expect((await api.getFile(STAFF_T002, id, detail.attachments[0].id)).statusCode).toBe(404);
    expect((await api.detail(STAFF_T002, id)).statusCode).toBe(404);
  });

  it('refuses a text file renamed .jpg (415), a file over the limit (413) and too many files (422), storing nothing', async () => {
    const [s] = await freeShipments(ctx, 'T001', 1);
    const text = await api.createWithFiles(STAFF, ticketBody(s!.shipmentNo), [file('bukan foto, hanya teks\n'.repeat(10), 'foto.jpg', 'image/jpeg')]);
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('TICKET_ATTACHMENT_TYPE_UNSUPPORTED');
    const big = Buffer.concat([PNG, Buffer.alloc(TICKET_ATTACHMENTS.maxBytes + 10)]);
    const large = await api.createWithFiles(STAFF, ticketBody(s!.shipmentNo), [file(big)]);
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('TICKET_ATTACHMENT_TOO_LARGE');
    const many = await api.createWithFiles(STAFF, ticketBody(s!.shipmentNo), Array.from({ length: TICKET_ATTACHMENTS.maxFiles + 1 }, () => file(JPEG, 'a.jpg')));
    expect(many.statusCode).toBe(422);
    expect(many.json().code).toBe('TICKET_ATTACHMENTS_TOO_MANY');
    expect((await ctx.handle.db.select().from(tickets).where(eq(tickets.shipmentNo, s!.shipmentNo))).length).toBe(0);
  });

  it('refuses JSON on a files call (415) and validates the form fields', async () => {
    const json = await api.call(STAFF, 'POST', '/api/helpdesk/tickets/with-attachments', ticketBody('X'));
    expect(json.statusCode).toBe(415);
    const bad = await api.form(STAFF, '/api/helpdesk/tickets/with-attachments', [field('shipmentNo', 'nope'), field('description', 'x'), field('problemId', 'abc')]);
    expect(bad.statusCode).toBe(400);
  });

  it('adds files to a ticket, deletes only one\'s own (403 else) and answers 404 for another ticket\'s file', async () => {
    const t = await newTicket();
    const added = await api.attach(STAFF, t.id, [file(PNG), file(JPEG, 'b.jpg')]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.count).toBe(2);
    const none = await api.attach(STAFF, t.id, []);
    expect(none.statusCode).toBe(400);
    const [mine, alsoMine] = (await api.detail(STAFF, t.id)).json().data.attachments;
    const byHelpdesk = await api.attach(HELPDESK, t.id, [file(PDF, 'panduan.pdf')]);
    expect(byHelpdesk.statusCode).toBe(201);
    const theirs = (await api.detail(STAFF, t.id)).json().data.attachments.find((a: { uploadedBy: number; id: number }) => a.id !== mine.id && a.id !== alsoMine.id);
    expect(theirs.canDelete).toBe(false);
    const refused = await api.removeFile(STAFF, t.id, theirs.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TICKET_ATTACHMENT_NOT_OWNER');
    const other = await newTicket();
    expect((await api.removeFile(STAFF, other.id, mine.id)).statusCode).toBe(404);
    expect((await api.removeFile(STAFF_T002, t.id, mine.id)).statusCode).toBe(404);
    const removed = await api.removeFile(STAFF, t.id, mine.id);
    expect(removed.statusCode).toBe(200);
    expect((await api.getFile(STAFF, t.id, mine.id)).statusCode).toBe(404);
    expect((await ticketEvents(ctx)).some((e) => e.type === 'ticket.attachment_deleted' && (e.payload as { attachmentId: number }).attachmentId === mine.id)).toBe(true);
  });
});

describe('comments', () => {
  it('adds comments with and without files; the conversation shows who wrote them', async () => {
    const t = await newTicket();
    expect((await api.comment(STAFF, t.id, { body: 'Mohon dibantu.' })).statusCode).toBe(201);
    const reply = await api.commentWithFiles(HELPDESK, t.id, 'Sudah kami cek, lihat lampiran.', [file(PNG)]);
    expect(reply.statusCode, reply.body).toBe(201);
    const detail = (await api.detail(STAFF, t.id)).json().data;
    expect(detail.conversations.map((c: { body: string; fromHelpdesk: boolean; attachments: unknown[] }) => [c.body, c.fromHelpdesk, c.attachments.length])).toEqual([
      ['Mohon dibantu.', false, 0],
      ['Sudah kami cek, lihat lampiran.', true, 1],
    ]);
    expect(detail.attachments).toEqual([]);
  });

  it('refuses another userId (403), an empty body (400) and a closed ticket (409)', async () => {
    const t = await newTicket();
    expect((await api.comment(STAFF, t.id, { body: 'x', userId: 999 })).statusCode).toBe(403);
    expect((await api.comment(STAFF, t.id, { body: '   ' })).statusCode).toBe(400);
    expect((await api.setStatus(STAFF, t.id, 'closed')).statusCode).toBe(200);
    const closed = await api.comment(STAFF, t.id, { body: 'Masih ada?' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('TICKET_CLOSED');
    expect((await api.attach(STAFF, t.id, [file(PNG)])).statusCode).toBe(409);
  });

  it('replays a comment with the same Idempotency-Key once', async () => {
    const t = await newTicket();
    const headers = key();
    await api.comment(STAFF, t.id, { body: 'Sekali saja' }, headers);
    await api.comment(STAFF, t.id, { body: 'Sekali saja' }, headers);
    expect((await api.detail(STAFF, t.id)).json().data.conversations.length).toBe(1);
  });
});

describe('status', () => {
  it('follows TICKET_FLOW: helpdesk takes up and resolves, the store closes', async () => {
    const t = await newTicket();
    expect((await api.detail(STAFF, t.id)).json().data.moves).toEqual(['closed']);
    expect((await api.detail(HELPDESK, t.id)).json().data.moves).toEqual(['in_progress', 'resolved']);
    const forbidden = await api.setStatus(STAFF, t.id, 'resolved');
    expect(forbidden.statusCode).toBe(409);
    const taken = await api.setStatus(HELPDESK, t.id, 'in_progress');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.status).toBe('in_progress');
    expect((await api.setStatus(HELPDESK, t.id, 'open')).json().code).toBe('TICKET_TRANSITION_FORBIDDEN');
    expect((await api.setStatus(HELPDESK, t.id, 'resolved')).json().data.status).toBe('resolved');
    const detail = (await api.detail(STAFF, t.id)).json().data;
    expect(detail.moves).toEqual(['closed', 'in_progress']);
    expect(detail.reopenUntil).not.toBeNull();
    expect((await api.setStatus(STAFF, t.id, 'closed')).json().data.status).toBe('closed');
    const again = await api.setStatus(HELPDESK, t.id, 'in_progress');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TICKET_CLOSED');
    const changes = (await ticketEvents(ctx)).filter((e) => e.type === 'ticket.status_changed' && (e.payload as { ticketId: number }).ticketId === t.id);
    expect(changes.map((e) => (e.payload as { status: string }).status)).toEqual(['in_progress', 'resolved', 'closed']);
  });

  it('lets the store reopen within the window only', async () => {
    const t = await newTicket();
    await api.setStatus(HELPDESK, t.id, 'resolved');
    expect((await api.setStatus(STAFF, t.id, 'in_progress')).json().data.status).toBe('in_progress');
    await api.setStatus(HELPDESK, t.id, 'resolved');
    await ctx.handle.db.update(tickets).set({ resolvedAt: sql`now() - interval '30 days'` }).where(eq(tickets.id, t.id));
    const late = await api.setStatus(STAFF, t.id, 'in_progress');
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('TICKET_REOPEN_WINDOW_CLOSED');
    expect((await api.detail(STAFF, t.id)).json().data.moves).toEqual(['closed']);
  });

  it('refuses a reopen while the shipment has another active ticket', async () => {
    const t = await newTicket();
    await api.setStatus(HELPDESK, t.id, 'resolved');
    expect((await api.create(STAFF, ticketBody(t.shipmentNo))).statusCode).toBe(201);
    const res = await api.setStatus(STAFF, t.id, 'in_progress');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SHIPMENT_HAS_ACTIVE_TICKET');
  });

  it('lets one of two simultaneous moves win; the loser gets 409', async () => {
    const t = await newTicket();
    const replies = await Promise.all([api.setStatus(HELPDESK, t.id, 'in_progress'), api.setStatus(HELPDESK, t.id, 'in_progress')]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for another store\'s ticket', async () => {
    const t = await newTicket(STAFF_T002, 'T002');
    expect((await api.setStatus(STAFF, t.id, 'closed')).statusCode).toBe(404);
    expect((await api.comment(STAFF, t.id, { body: 'halo' })).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('shows the store its own tickets and the helpdesk every store\'s, with filters', async () => {
    await newTicket(STAFF_T002, 'T002');
    const mine = (await api.list(STAFF, '?size=100')).json().data;
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((t: { storeCode: string }) => t.storeCode === 'T001')).toBe(true);
    const queue = (await api.list(HELPDESK, '?size=100')).json().data;
    expect(new Set(queue.items.map((t: { storeCode: string }) => t.storeCode))).toEqual(new Set(['T001', 'T002']));
    const t002 = (await api.list(HELPDESK, '?storeCode=T002&status=active')).json().data;
    expect(t002.items.every((t: { storeCode: string; status: string }) => t.storeCode === 'T002' && ['open', 'in_progress'].includes(t.status))).toBe(true);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await api.list(HELPDESK, `?from=${today}&to=${today}`)).json().data.total).toBeGreaterThan(0);
    expect((await api.list(HELPDESK, '?from=2020-01-01&to=2020-01-02')).json().data.total).toBe(0);
    expect((await api.list(STAFF, '?storeCode=T002')).statusCode).toBe(404);
  });
});
