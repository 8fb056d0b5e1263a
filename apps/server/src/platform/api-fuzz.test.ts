import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS_IDS } from '@gerai/contract';
import { DEMO_NIK, DEMO_PASSWORD } from '../seed/demo-data';
import { seedOf } from '../test/openapi-walk';
import { testContextPerFile } from '../test/harness';
import { REPLY_TIMEOUT_MS } from './api-fuzz-values-test-kit';
import { fuzzRequest, poisonedRequests, structuralRequests, validRequest } from './api-fuzz-requests-test-kit';
import { app, callers, type Failure, fuzzSuite, known, logged, operations, rootOf, runCase, seenUpTo } from './api-fuzz-run-test-kit';

/**
 * Issue 9: every route of the published document (`app.swagger()`), as signed-in
 * members (super user, kepala toko and staff of T001, by bearer and by cookie with
 * the CSRF headers), as a signed channel and anonymously for public routes, with
 * params, queries, headers and bodies drawn from the route's own schema:
 * - wholly valid requests (real shipments, lines, reasons where known), so each
 *   route's handler runs, not only its validation;
 * - one valid request per route with each field in turn poisoned (NUL, a lone
 *   surrogate, int4's edges, impossible dates), everything else valid;
 * - malformed documents (deep nesting, 1 MB, `__proto__`, broken encodings);
 * - random cases, about one bad field each, with wrong types, missing and extra
 *   fields, broken path segments, content types, signatures and Idempotency-Keys.
 * Never a 5xx, never an error logged, every 4xx the contract's `{ message, code,
 * details? }` with a code and status of its table, and the server still answers
 * afterwards. Cases are drawn with a fixed seed per route name, so a run is
 * repeatable and a new route gets its own cases without changing the others'.
 * FUZZ_SEED and FUZZ_RUNS (drawn cases per route) widen a local run; FUZZ_VERBOSE
 * prints each route's answers.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 48);
/** Of those, this many are wholly valid requests. */
const VALID_RUNS = Math.ceil(RUNS_PER_ROUTE / 6);

const ctx = testContextPerFile();
fuzzSuite(ctx);

describe('the API under malformed input', () => {
  it('never answers 5xx or logs an error, and answers every 4xx as { message, code, details? }', async () => {
    const failures: Failure[] = [];
    const answers = new Map<string, number>();
    const stages = { valid: 0, poisoned: 0, documents: 0, random: 0 };
    let requests = 0;
    const begun = performance.now();
    for (const op of operations) {
      const seed = seedOf(op.name, FUZZ_SEED);
      const drawn = {
        valid: fc.sample(validRequest(op, known), { seed, numRuns: VALID_RUNS }),
        poisoned: poisonedRequests(op, known, seed),
        documents: structuralRequests(op, known, seed),
        random: fc.sample(fuzzRequest(op, known), { seed, numRuns: RUNS_PER_ROUTE - VALID_RUNS }),
      };
      for (const stage of Object.keys(stages) as Array<keyof typeof stages>) stages[stage] += drawn[stage].length;
      const cases = [...drawn.valid, ...drawn.poisoned, ...drawn.documents, ...drawn.random];
      const tally = new Map<string, number>();
      const samples = new Map<string, string>();
      const started = performance.now();
      for (const [i, r] of cases.entries()) {
        requests += 1;
        const outcome = await runCase(op, r, i);
        if (outcome.failure) failures.push(outcome.failure);
        const answer = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
        tally.set(answer, (tally.get(answer) ?? 0) + 1);
        if (!samples.has(answer)) samples.set(answer, outcome.sample);
        answers.set(String(outcome.status), (answers.get(String(outcome.status)) ?? 0) + 1);
      }
      if (process.env.FUZZ_VERBOSE) {
        console.log(`${op.name} (${Math.round(performance.now() - started)} ms): ${[...tally].map(([a, n]) => `${a} ×${n}`).join(', ')}\n${[...samples.values()].map((x) => `    ${x}`).join('\n')}`);
      }
    }
    // A failure after a reply (a stream's replay) is logged once its stream has ended: wait for every
    // stream of the fuzz app to close, then for one database round trip (behind a replay page still
    // being read), instead of sleeping and hoping the log has caught up.
    const streamsGone = Date.now() + REPLY_TIMEOUT_MS;
    while (app.events.openStreams > 0 && Date.now() < streamsGone) await new Promise((resolve) => setImmediate(resolve));
    if (app.events.openStreams > 0) failures.push({ route: '(after the last request)', request: '-', status: 0, problem: `${app.events.openStreams} event stream(s) still open after their callers hung up`, reply: '', root: '' });
    await ctx.handle.db.execute(sql`select 1`);
    const late = logged.slice(seenUpTo).filter((e) => e.level >= 50);
    if (late.length) failures.push({ route: '(after the last request)', request: '-', status: 0, problem: 'an error was logged after the last request', reply: '', root: rootOf(late) });
    const serverErrors = failures.filter((f) => f.status >= 500).length;
    const byStatus = [...answers].sort().map(([status, n]) => `${status} ×${n}`).join(', ');
    const seconds = ((performance.now() - begun) / 1000).toFixed(1);
    console.log(
      `[api-fuzz] seed ${FUZZ_SEED}: ${operations.length} routes, ${requests} requests (${stages.valid} valid, ${stages.poisoned} one field poisoned, ${stages.documents} malformed documents, ${stages.random} random) in ${seconds} s, ${serverErrors} 5xx, ${failures.length} failures (answers: ${byStatus})`,
    );
    // One entry per problem and root cause: the routes it showed on, and the first request and reply.
    const distinct = new Map<string, Failure & { count: number; routes: Set<string> }>();
    for (const f of failures) {
      const key = `${f.problem} ${f.root}`;
      const seen = distinct.get(key);
      if (seen) {
        seen.count += 1;
        seen.routes.add(f.route);
      } else distinct.set(key, { ...f, count: 1, routes: new Set([f.route]) });
    }
    const report = [...distinct.values()].map(
      (f) => `${f.problem} ×${f.count} on ${[...f.routes].join(', ')}\n    request: ${f.request}\n    reply: ${f.status} ${f.reply.slice(0, 200)}\n    root: ${f.root}`,
    );
    if (report.length) console.log(report.join('\n'));
    expect(operations.length).toBeGreaterThan(25);
    expect(report).toEqual([]);
  }, 180_000);

  it('still serves normal requests afterwards', async () => {
    const chief = callers[1]!.authorization;
    for (const [url, authorization] of [
      ['/api/health', undefined],
      ['/api/app-config', undefined],
      ['/api/members/me', callers[2]!.authorization],
      ['/api/orders/count', chief],
      [`/api/orders?status=${ORDER_STATUS_IDS.join(',')}`, chief],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, url).toBe(200);
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik: DEMO_NIK.STAFF_T002, password: DEMO_PASSWORD }, remoteAddress: '10.99.0.1' });
    expect(login.statusCode).toBe(200);
  });
});
