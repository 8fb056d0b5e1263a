import { expect, it } from 'vitest';
import { POD_APPROVAL_STATUS } from '@gerai/contract';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, memberOf, planOf, sentBy, type SentStatement } from '../../test/plans';
import { countPending, listRequests } from './queries';

/**
 * On PostgreSQL, the POD queue reads its stores' requests by the request's own store (migration 0031),
 * never the stores' orders: scoped by the orders' store, the seven-join page was planned anew on every
 * call at 20,000 stores (bind 0.95 ms). The plans are the generic ones the prepared statements keep,
 * with sequential scans priced out, on the demo chain with a request history (ten decided requests per order, a
 * minute apart) so the planner prices a store's queue as longer than a page; each request reaches its order by the primary key.
 */
const HISTORY = `insert into pod_approval_requests (order_id, shipment_no, delivery_type, type, lat, lng, status, request_date)
  select o.id, o.shipment_no, o.delivery_type, 'order', 0, 0, 'approved', now() - (o.id * 10 + g) * interval '1 minute'
  from orders o cross join generate_series(1, 10) g`;

describeOnPostgres('the POD queue: the plans', (db) => {
  it("reads one store's queue from the requests' store index in the page's order, and no read scans orders", async () => {
    const handle = db();
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001');
    const query = { page: 1, size: 20, status: undefined, startDate: undefined, endDate: undefined, shipmentNo: undefined };
    const generic = (s: SentStatement) => planOf(handle.db, s, ['plan_cache_mode = force_generic_plan']);
    const oneStore = [
      ...(await sentBy(async () => listRequests(handle.db, chief, query))),
      ...(await sentBy(async () => listRequests(handle.db, chief, { ...query, startDate: '2026-11-01', endDate: '2026-11-07' }))),
      ...(await sentBy(async () => listRequests(handle.db, area, { ...query, storeCode: 'T001', status: POD_APPROVAL_STATUS.PENDING }))),
    ];
    const others = [...(await sentBy(async () => listRequests(handle.db, area, query))), ...(await sentBy(async () => countPending(handle.db, chief)))];
    expect([oneStore.length, others.length]).toEqual([6, 3]);
    for (const s of [...oneStore, ...others]) {
      const plan = await generic(s);
      expect(plan.replace(/Index Scan using orders_pkey on orders[^\n]*\n\s*Index Cond: \(id = pod_approval_requests\.order_id\)/g, ''), `${s.text}\n${plan}`).not.toMatch(/ on orders /);
    }
    for (const s of oneStore.filter((x) => /limit/i.test(x.text))) {
      const plan = await generic(s);
      expect(plan, `${s.text}\n${plan}`).toMatch(/Index Scan( Backward)? using pod_approval_requests_store_date_idx on pod_approval_requests/);
      // Walked in the page's order (newest first, or oldest first for a range) and cut there: no sort.
      expect(plan, `${s.text}\n${plan}`).not.toMatch(/Sort/);
    }
  });
}, { prepare: [HISTORY, 'analyze'] });
