import { describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS_IDS } from '@gerai/contract';
import { DEMO_NIK } from '../seed/demo-data';
import { testContextPerFile } from '../test/harness';
import { call, changedTables, databaseState, foreignBooking, nextTransactionId, objects, personalOperations, requestFor, scopedOperations, scopeSuite, tokens, type Caller, type ScopeRequest } from './api-scope-test-kit';

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

/** A Web Push subscription of a phone of `nik` on this machine's loopback (allowed outside production). */
async function subscribePhone(nik: string): Promise<string> {
  const deviceId = randomUUID();
  const p256dh = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/push/devices/${deviceId}`,
    headers: { authorization: (await ctx.loginAs(nik)).authorization },
    payload: { transport: 'webpush', endpoint: `http://127.0.0.1:9/push/${deviceId}`, keys: { p256dh, auth: randomBytes(16).toString('base64url') } },
  });
  expect(res.statusCode).toBe(200);
  return deviceId;
}

describe('another store', () => {
  it("neither reaches nor changes T001's objects through any route that names one", async () => {
    // Every demo person has a phone subscribed to pushes: the changes below must push to T001's people only.
    for (const nik of Object.values(DEMO_NIK)) await subscribePhone(nik);
    const routes = scopedOperations();
    // Each kind of object reference exists, so the matrix cannot pass by walking nothing.
    expect(routes.some((op) => op.pathParams.some((p) => p.name === 'shipmentNo'))).toBe(true);
    expect(routes.some((op) => op.pathParams.some((p) => p.name === 'lineId'))).toBe(true);
    expect(routes.some((op) => op.method === 'POST' && op.pathParams.length === 0)).toBe(true);
    // Monitoring's reads of one store (`storeCode`) are walked: the figures, "Per toko" and the late list.
    expect(routes.map((op) => op.name)).toEqual(expect.arrayContaining(['GET /api/monitoring', 'GET /api/monitoring/stores', 'GET /api/monitoring/late']));
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

    // Pushes: whatever those changes of T001 queued went only to people of T001 (its crew, the area
    // supervisor covering it, the helpdesk for a ticket), never to T002's phones or the super user's.
    const { rows: pushed } = (await ctx.handle.db.execute(sql`
      select distinct u.nik, m.kind from push_messages m join users u on u.id = m.user_id`)) as unknown as { rows: Array<{ nik: string; kind: string }> };
    expect(pushed.length).toBeGreaterThan(0);
    const t001 = new Set<string>([DEMO_NIK.STAFF, DEMO_NIK.STORE_CHIEF, DEMO_NIK.AREA_SUPERVISOR]);
    expect(pushed.filter((p) => !(t001.has(p.nik) || (p.nik === DEMO_NIK.HELPDESK && p.kind === 'ticket.reply')))).toEqual([]);
  }, 120_000);
});

describe('another person', () => {
  it("neither changes nor removes a person's push device through any route that names one, even in the same store", async () => {
    const routes = personalOperations();
    expect(routes.map((op) => op.name).sort()).toEqual(['DELETE /api/push/devices/{deviceId}', 'PATCH /api/push/devices/{deviceId}', 'PUT /api/push/devices/{deviceId}']);
    const deviceId = await subscribePhone(DEMO_NIK.STORE_CHIEF);
    const device = async () =>
      ((await ctx.handle.db.execute(sql`select d.endpoint, d.muted, d.last_seen_at from push_devices d join users u on u.id = d.user_id where u.nik = ${DEMO_NIK.STORE_CHIEF} and d.device_id = ${deviceId}`)) as unknown as { rows: unknown[] }).rows;
    const before = await device();
    expect(before).toHaveLength(1);
    for (const nik of [DEMO_NIK.STAFF, DEMO_NIK.STAFF_T002, DEMO_NIK.STORE_CHIEF_T002, DEMO_NIK.SUPER_USER]) {
      const authorization = (await ctx.loginAs(nik)).authorization;
      // PUT last: after it the caller has a device of that id of his own, which PATCH and DELETE would then reach.
      for (const op of [...routes].sort((a, b) => Number(a.method === 'PUT') - Number(b.method === 'PUT'))) {
        const url = op.path.replace('{deviceId}', deviceId);
        const payload = op.method === 'PATCH' ? { muted: ['chat.message'] } : op.method === 'PUT' ? { transport: 'webpush', endpoint: `http://127.0.0.1:9/push/${randomUUID()}`, keys: { p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'), auth: randomBytes(16).toString('base64url') } } : undefined;
        const res = await ctx.app.inject({ method: op.method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
        // A device id is the caller's own: PUT makes (or refreshes) his own device of that id; the others answer 404.
        expect(res.statusCode, `${nik} ${op.name}`).toBe(op.method === 'PUT' ? 200 : 404);
      }
    }
    expect(await device()).toEqual(before);
  });
});
