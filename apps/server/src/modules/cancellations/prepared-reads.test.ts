import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CANCEL_REQUEST_STATUS, type CancelRequestStatus } from '@gerai/contract';
import pg from 'pg';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema';
import { loadPrincipal, type Principal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres } from '../../test/plans';
import { listRequests } from './queries';

type Sent = Array<{ name: string | undefined; text: string }>;

/** Every statement a node-postgres connection is sent while `read` runs, with the name it was prepared under. */
async function sentBy(read: () => Promise<unknown>): Promise<Sent> {
  const sent: Sent = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { name?: string; text: string };
    if (typeof config === 'object') sent.push({ name: config.name, text: config.text });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await read();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/** A demo member working in T001 (the area supervisor's stores are ten). */
async function memberAtT001(handle: DbHandle, nik: string): Promise<Principal> {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
  return { ...(await loadPrincipal(handle.db, user!.id))!, activeStoreCode: 'T001' };
}

describeOnPostgres('cancellations: the list as the app sends it', (db) => {
  it("sends the store's requests as named statements, one text for a member of the store and for an area of ten", async () => {
    const handle = db();
    const chief = await memberAtT001(handle, DEMO_NIK.STORE_CHIEF);
    const area = await memberAtT001(handle, DEMO_NIK.AREA_SUPERVISOR);
    const list = (p: Principal, status: CancelRequestStatus) => sentBy(async () => listRequests(handle.db, p, { status, page: 1, size: 20 }));

    const pending = await list(chief, CANCEL_REQUEST_STATUS.PENDING);
    expect(pending.map((s) => s.name)).toEqual(['cancel_list_n_p', 'cancel_list_p']);
    expect(await list(area, CANCEL_REQUEST_STATUS.PENDING)).toEqual(pending);
    // The store alone (a second condition on it misled the generic plan); the queue's status written out.
    expect(pending.every((s) => s.text.includes(`"orders"."store_code" = $1 and "cancel_requests"."status" = 'pending'`) && !s.text.includes('any('))).toBe(true);

    const decided = await list(chief, CANCEL_REQUEST_STATUS.APPROVED);
    expect(decided.map((s) => s.name)).toEqual(['cancel_list', 'cancel_list_n']);
    expect(await list(area, CANCEL_REQUEST_STATUS.REJECTED)).toEqual(decided);
  });
});
