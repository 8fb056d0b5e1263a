import { expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TicketListQuery } from '@gerai/contract';
import { ticketAttachments, tickets } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../../test/plans';
import { getTicketDetail, listTickets, readAttachment } from './queries';

// A ticket's detail is three prepared reads side by side (decision 163): named statements, one text
// for a store and for an area of ten (the stores are one array value).

describeOnPostgres('a ticket as the app reads it', (db) => {
  it('sends the ticket, its comments and its files as named statements, one text for one store and for an area of ten', async () => {
    const [ticket] = await db().db.select({ id: tickets.id }).from(tickets).where(eq(tickets.storeCode, 'T001')).orderBy(asc(tickets.id)).limit(1);
    const detail = async (nik: string) => {
      const p = await memberOf(db(), nik);
      return preparedBy(async () => expect((await getTicketDetail(db().db, p, ticket!.id, 7)).id).toBe(ticket!.id));
    };
    const chief = await detail(DEMO_NIK.STORE_CHIEF);
    expect(chief.map((s) => s.name)).toEqual(['helpdesk_ticket_comments', 'helpdesk_ticket_files', 'helpdesk_ticket_s']);
    expect(await detail(DEMO_NIK.AREA_SUPERVISOR)).toEqual(chief);
    const scoped = chief.find((s) => s.name === 'helpdesk_ticket_s')!;
    expect(scoped.text.includes('= any(') && !/ in \(/.test(scoped.text)).toBe(true);
    // The helpdesk sees every store: no scope in its statement.
    const helpdesk = await detail(DEMO_NIK.HELPDESK);
    expect(helpdesk.map((s) => s.name)).toEqual(['helpdesk_ticket', 'helpdesk_ticket_comments', 'helpdesk_ticket_files']);
    expect(helpdesk.find((s) => s.name === 'helpdesk_ticket')!.text).not.toContain('= any(');
  });

  it("sends a store's list and the helpdesk's as named statements, the store one value", async () => {
    const list = async (nik: string, query: Partial<TicketListQuery> = {}) => {
      const p = await memberOf(db(), nik);
      return preparedBy(() => listTickets(db().db, p, { page: 1, size: 20, ...query } as TicketListQuery));
    };
    const mine = await list(DEMO_NIK.STAFF, { status: 'active' });
    expect(mine.map((s) => s.name)).toEqual(['helpdesk_tickets_cv', 'helpdesk_tickets_n_cv']);
    expect(mine.every((s) => !s.text.includes("'T001'"))).toBe(true);
    expect((await list(DEMO_NIK.HELPDESK)).map((s) => s.name)).toEqual(['helpdesk_tickets', 'helpdesk_tickets_n']);
  });

  it("sends a ticket's file as one named statement, one text for every caller", async () => {
    const [ticket] = await db().db.select({ id: tickets.id }).from(tickets).where(eq(tickets.storeCode, 'T001')).orderBy(asc(tickets.id)).limit(1);
    const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
    const [file] = await db()
      .db.insert(ticketAttachments)
      .values({ ticketId: ticket!.id, fileName: 'a.pdf', mimeType: 'application/pdf', sizeBytes: bytes.length, storageKey: 'prepared-reads', bytes, sha256: 'x' })
      .returning({ id: ticketAttachments.id });
    const read = async (nik: string) => {
      const p = await memberOf(db(), nik);
      return preparedBy(async () => expect((await readAttachment(db().db, p, ticket!.id, file!.id)).bytes).toEqual(bytes));
    };
    const chief = await read(DEMO_NIK.STORE_CHIEF);
    expect(chief.map((s) => s.name)).toEqual(['helpdesk_attachment']);
    expect(await read(DEMO_NIK.AREA_SUPERVISOR)).toEqual(chief);
    expect(await read(DEMO_NIK.HELPDESK)).toEqual(chief);
  });
});
