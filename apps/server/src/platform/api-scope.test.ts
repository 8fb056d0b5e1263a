import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_IDS } from '@gerai/contract';
import { DEMO_NIK } from '../seed/demo-data';
import { testContextPerFile } from '../test/harness';
import { call, changedTables, databaseState, foreignBooking, nextTransactionId, objects, requestFor, scopedOperations, scopeSuite, tokens, type Caller, type ScopeRequest } from './api-scope-test-kit';

/**
 * Issue 9: store scope, proven over the published document. Every session route
 * that names an object of a store (in its path, or a shipmentNo / lineId /
 * storeCode in its query or body) is called with real objects of store T001 by
 * T002's staff, T002's kepala toko and nobody: 403 or 404 (401 for nobody), and
 * the database is the same afterwards. A read that filters by the object may
 * answer 2xx instead, but must not mention it; a body T001's own kepala toko is
 * refused in the very same 400 words (a POD request for a pickup order) is about
 * the request, not the store, and is counted apart. T001's kepala toko then calls each
 * route with the same objects and must reach at least one, which proves the
 * objects were real and visible to their own store. route-kit.test.ts proves the
 * 401 of every session route on its own; here nobody is one more caller of the
 * matrix, with real objects and the "changes nothing" check.
 */
const ctx = testContextPerFile();
scopeSuite(ctx);

describe('another store', () => {
  it("neither reaches nor changes T001's objects through any route that names one", async () => {
    const routes = scopedOperations();
    // Each kind of object reference exists, so the matrix cannot pass by walking nothing.
    expect(routes.some((op) => op.pathParams.some((p) => p.name === 'shipmentNo'))).toBe(true);
    expect(routes.some((op) => op.pathParams.some((p) => p.name === 'lineId'))).toBe(true);
    expect(routes.some((op) => op.method === 'POST' && op.pathParams.length === 0)).toBe(true);
    expect(objects.length).toBeGreaterThanOrEqual(ORDER_STATUS_IDS.length);

    // One request per distinct URL and body: a route naming only a store is the same for every order.
    const requests = new Map<string, ScopeRequest>();
    for (const op of routes) {
      for (const object of objects) {
        const r = requestFor(op, object);
        const key = `${op.method} ${r.url} ${r.payload ?? ''}`;
        if (!requests.has(key)) requests.set(key, r);
      }
    }
    const callers: Caller[] = [
      { label: 'staff T002', store: 'T002', headers: { authorization: tokens.get(DEMO_NIK.STAFF_T002)! }, expected: [403, 404], signedIn: true },
      { label: 'kepala toko T002', store: 'T002', headers: { authorization: tokens.get(DEMO_NIK.STORE_CHIEF_T002)! }, expected: [403, 404], signedIn: true },
      { label: 'nobody', store: null, headers: {}, expected: [401], signedIn: false },
    ];
    console.log(`[api-scope] ${routes.length} routes × ${objects.length} T001 objects → ${requests.size} requests × ${callers.length} callers = ${requests.size * callers.length} calls`);
    const chief = { authorization: tokens.get(DEMO_NIK.STORE_CHIEF)! };
    const wrong: string[] = [];
    let before = await databaseState();
    let independent = 0;
    for (const r of requests.values()) {
      for (const caller of callers) {
        const xid = await nextTransactionId();
        const res = await call(r, caller.headers);
        const answered = `${caller.label} → ${r.op.name} (${r.object.label}) ${r.op.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if ((await nextTransactionId()) !== xid) {
          const after = await databaseState();
          if (after !== before) wrong.push(`${answered} — changed ${changedTables(before, after)}`);
          before = after;
        }
        const refused = caller.expected.includes(res.statusCode);
        const emptyRead =
          r.filterOnly && caller.signedIn && res.statusCode === 200 && (r.twoStores ? !foreignBooking(res.body, caller.store) : !r.leaks.some((l) => res.body.includes(l)));
        if (refused || emptyRead) continue;
        // A body its own store is refused in the very same words (a pickup order has no POD request)
        // tells the other store nothing about the object: the refusal is about the request.
        if (caller.signedIn && res.statusCode === 400) {
          const own = await call(r, chief);
          before = await databaseState();
          if (own.statusCode === 400 && own.body === res.body) {
            independent += 1;
            continue;
          }
        }
        wrong.push(answered);
      }
    }
    console.log(`[api-scope] ${independent} calls refused with 400 exactly as T001's own kepala toko is (the request, not the store)`);
    expect(wrong).toEqual([]);

    // The owner's control, after every refusal was checked (it may change the objects).
    const beforeOwner = await databaseState();
    const unreached: string[] = [];
    for (const op of routes) {
      const own = [...requests.values()].filter((r) => r.op === op);
      let reached = false;
      const answers: string[] = [];
      for (const r of own) {
        const res = await call(r, chief);
        answers.push(`${r.object.label}: ${res.statusCode}`);
        reached = r.filterOnly ? res.statusCode === 200 && res.body.includes(r.proof) : res.statusCode !== 404 && res.statusCode !== 400;
        if (reached) break;
      }
      if (!reached) unreached.push(`${op.name}: T001's kepala toko reached none of the objects (${answers.join(', ')}); teach this suite where a real object of this route comes from`);
    }
    expect(unreached).toEqual([]);
    // The owner's calls did change things (a claim, an approval), so the comparison above can see a change.
    expect(await databaseState()).not.toBe(beforeOwner);
  }, 120_000);
});
