import { expect, it } from 'vitest';
import { CANCEL_REQUEST_STATUS, type CancelRequestStatus } from '@gerai/contract';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, memberOf, planOf, sentBy, type SentStatement } from '../../test/plans';
import { countPending, listRequests } from './queries';

/**
 * On PostgreSQL, a store's tab of one status reads that store's requests of the status from
 * `cancel_requests_store_status_idx` (migration 0029), never the store's orders: its count joined every
 * order of the store (T001's 10,000 in the cost database, 1.8 ms) for the few requests it had. The plans
 * are the generic ones the prepared statements keep, with sequential scans priced out; the page reaches
 * each request's order by its primary key.
 */
describeOnPostgres('cancellations: the plans', (db) => {
  it("reads a store's requests of a status, page and count, from the requests' store index, never the store's orders", async () => {
    const handle = db();
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const sentFor = async (status: CancelRequestStatus) => sentBy(async () => listRequests(handle.db, chief, { status, page: 1, size: 20 }));
    const generic = (s: SentStatement) => planOf(handle.db, s, ['plan_cache_mode = force_generic_plan']);
    const decided = [...(await sentFor(CANCEL_REQUEST_STATUS.APPROVED)), ...(await sentFor(CANCEL_REQUEST_STATUS.REJECTED))];
    // The pending queue and its badge may start from the chain's few pending requests (the partial unique index).
    const pending = [...(await sentFor(CANCEL_REQUEST_STATUS.PENDING)), ...(await sentBy(async () => countPending(handle.db, chief)))];
    expect([decided.length, pending.length]).toEqual([4, 3]);
    for (const s of [...decided, ...pending]) {
      const plan = await generic(s);
      // Orders only by primary key, one per request read.
      expect(plan.replace(/Index Scan using orders_pkey on orders[^\n]*\n\s*Index Cond: \(id = cancel_requests\.order_id\)/g, ''), `${s.text}\n${plan}`).not.toMatch(/ on orders /);
    }
    for (const s of decided) {
      const plan = await generic(s);
      expect(plan, `${s.text}\n${plan}`).toMatch(/Index (Only )?Scan using cancel_requests_store_status_idx on cancel_requests/);
      // The page is walked in its order and cut there: no sort of the store's requests.
      expect(plan, `${s.text}\n${plan}`).not.toMatch(/Sort/);
    }
  });
});
