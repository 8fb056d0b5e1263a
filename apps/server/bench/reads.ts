/**
 * What every read costs: `COST_PG_URL=<url> npx tsx bench/reads.ts [words]` answers each GET route of
 * the OpenAPI document (streams left out) READS_N times one after another through the app, with
 * every reply cache off, on a database `bench/cost.ts` seeded (2,000 stores, 200,000 orders;
 * `COST_KEEP=1 npx tsx bench/cost.ts floor` leaves one running and prints its URL), and prints the
 * server's and PostgreSQL's CPU per request, most expensive first. Issue 27's reads must answer p99
 * ≤ 50 ms at 50 connections: on this 2-core host that holds at about 1 ms of CPU per read in all.
 *
 * A route is called by the first demo member it answers 200 (crew of T001, its kepala toko, the area
 * supervisor, the helpdesk, the super user; the last three with T001 picked). Path parameters take
 * values harvested from the replies of the routes without any (every key of the same name), required
 * query parameters a value by name or from their schema. A route no member gets a 200 from is listed
 * with the status it got. `words` keep only routes whose path contains one of them.
 * `READS_PG_CPU=own` counts PostgreSQL's CPU of this run's own connections only (named by application_name)
 * instead of the whole server's, for a PostgreSQL others use meanwhile (a lower bound: a connection the pool
 * opens while a read is measured is not counted).
 * `READS_CPU_PROFILE=<dir>` writes each read's measured requests as a CPU profile (`bench/profile.ts` reads it).
 * `READS_LOAD=<connections>` also puts each read under that many connections over HTTP for
 * READS_LOAD_S seconds (default 5, after 2 of warm-up; autocannon in a process of its own) and prints its
 * req/s and p99 beside the CPU: goal 2 of issue 27 asks p99 ≤ 50 ms at 50 connections of every read.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@gerai/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDb } from '../src/db/client';
import { DEMO_NIK, DEMO_PASSWORD } from '../src/seed/demo-data';
import { processSecrets } from '../src/platform/process-test-kit';
import { encodeComponent, exampleOf, fillPath, openApiOperations, scalarText, type KnownValues, type Operation } from '../src/test/openapi-walk';
import { measureCpu, postmasterOfBackend, processCpuMs } from './day-cpu';
import { startProfile } from './profile';
import { runLoad } from './run-load';

/** A real 1×1 PNG: what the crew's phone sends as a photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const N = Number(process.env.READS_N) || 300;
const LOAD_CONNECTIONS = Number(process.env.READS_LOAD) || 0;
const LOAD_S = Number(process.env.READS_LOAD_S) || 5;
const OWN_PG_CPU = process.env.READS_PG_CPU === 'own';
/** Issue 27's goal 2: every read p99 ≤ 50 ms at 50 connections; a recap (one person's report of a range) within 1 s. */
const budgetOf = (route: string) => (route.startsWith('/api/recap') ? 1000 : 50);
const CALLERS = [
  ['crew T001', DEMO_NIK.STAFF],
  ['kepala toko T001', DEMO_NIK.STORE_CHIEF],
  ['area supervisor', DEMO_NIK.AREA_SUPERVISOR],
  ['helpdesk', DEMO_NIK.HELPDESK],
  ['super user', DEMO_NIK.SUPER_USER],
] as const;

/** Reads measured again with these queries besides their default one (a list's other tabs). */
const EXTRA_QUERIES: Record<string, string[]> = {
  '/api/cancellations': ['status=approved', 'status=rejected'],
};

/** Query values by name where the schema alone would draw nothing real. */
function queryValues(today: string, weekAgo: string): KnownValues {
  return {
    status: ['1101'],
    qty: [1],
    scope: ['nearby'],
    side: ['out'],
    q: ['an'],
    query: ['an'],
    page: [1],
    size: [20],
    from: [weekAgo],
    to: [today],
    startDate: [weekAgo],
    endDate: [today],
    type: ['order'],
  };
}

/** Every value of a key named like a parameter, anywhere in a reply. */
function harvest(value: unknown, into: Map<string, Set<unknown>>, area: string, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 50)) harvest(v, into, area, depth + 1);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number') {
      let set = into.get(`${area}:${key}`);
      if (!set) into.set(`${area}:${key}`, (set = new Set()));
      if (set.size < 20) set.add(v);
    } else harvest(v, into, area, depth + 1);
  }
}

interface Row {
  route: string;
  caller: string;
  status: number;
  serverMs: number;
  postgresMs: number;
  bytes: number;
  load?: { rps: number; p99: number; non2xx: number };
}

async function main(): Promise<void> {
  const url = process.env.COST_PG_URL;
  if (!url) throw new Error('COST_PG_URL: a database bench/cost.ts seeded (COST_KEEP=1 npx tsx bench/cost.ts floor prints one)');
  const appName = `reads-${process.pid}`;
  const named = new URL(url);
  named.searchParams.set('application_name', appName);
  const handle = await openDb({ databaseUrl: OWN_PG_CPU ? named.toString() : url });
  const secrets = processSecrets();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, WEB_DIST: '/nonexistent', JWT_SECRET: secrets.JWT_SECRET, CHANNEL_SECRETS: secrets.CHANNEL_SECRETS, LOGIN_RATE_LIMIT: '1000' });
  const app: FastifyInstance = await buildApp({ config: { ...config, READ_CACHE_TTL_MS: 0, STOCK_CACHE_TTL_MS: 0, metricsPort: null }, handle, logger: false });
  await app.ready();
  const base = LOAD_CONNECTIONS > 0 ? await app.listen({ host: '127.0.0.1', port: 0 }) : '';
  const [backend] = ((await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> }).rows;
  const postmaster = postmasterOfBackend(backend!.pid);

  const callers: Array<{ name: string; headers: Record<string, string> }> = [];
  for (const [name, nik] of CALLERS) {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { nik, password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
    // Members who work in a chosen store pick T001 (the crew's and kepala toko's store).
    await app.inject({ method: 'POST', url: '/api/members/me/store', headers: { ...headers, 'idempotency-key': `reads-${nik}-${Date.now()}` }, payload: { storeCode: 'T001' } });
    callers.push({ name, headers });
  }

  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const byName = queryValues(today, weekAgo);
  const only = process.argv.slice(2);
  const ops = openApiOperations(app.swagger())
    .filter((op) => op.method === 'GET' && op.access === 'session' && op.path !== '/api/events' && !op.replyTypes.includes('text/event-stream'))
    .filter((op) => only.length === 0 || only.some((w) => op.path.includes(w)))
    .sort((a, b) => a.pathParams.length - b.pathParams.length);

  // Harvested values by area (`returns:shipmentNo`) and chain-wide (`*:shipmentNo`): a return's page tries returned orders first.
  const found = new Map<string, Set<unknown>>();
  // What no reply before them names: an order of T001 being picked (1102) with a line (a booking proposal) and a booking of T001.
  const known = async (query: string) => ((await handle.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
  const picking = await known(`select o.shipment_no as "shipmentNo", l.id as "lineId" from orders o join order_lines l on l.order_id = o.id where o.store_code = 'T001' and o.status_id = ${ORDER_STATUS.PACKING} order by o.id desc limit 1`);
  const booking = await known(`select id as "bookID" from stock_bookings where store_code = 'T001' order by id desc limit 1`);
  for (const [key, value] of Object.entries({ ...picking, ...booking })) found.set(`bookings:${key}`, new Set([value]));
  // A photo of T001 and a file on a ticket of T001: the seeded chain has neither, so the crew sends them once
  // through the app as a phone does, and later runs read the ones already there.
  const crew = callers[0]!.headers;
  const send = async (url: string, field: string, fields: Record<string, string> = {}) => {
    const boundary = `reads${randomUUID().replace(/-/g, '')}`;
    const part = (disposition: string, body: Buffer | string) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')];
    const payload = Buffer.concat([
      ...Object.entries(fields).flatMap(([name, value]) => part(`name="${name}"`, value)),
      ...part(`name="${field}"; filename="foto.png"\r\nContent-Type: image/png`, PNG),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await app.inject({ method: 'POST', url, headers: { ...crew, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': `reads-${randomUUID()}` }, payload });
    if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const upload = `select id from uploads where store_code = 'T001' order by created_at desc limit 1`;
  if (!(await known(upload))) await send('/api/uploads', 'file');
  found.set('uploads:id', new Set([(await known(upload))!.id]));
  const attachment = `select a.ticket_id as "idTicket", a.id as "idAttachment" from ticket_attachments a join tickets t on t.id = a.ticket_id where t.store_code = 'T001' order by a.id desc limit 1`;
  if (!(await known(attachment))) {
    const open = await known(`select id from tickets where store_code = 'T001' and status in ('open', 'in_progress') order by id limit 1`);
    const free = `select shipment_no as "shipmentNo" from orders o where store_code = 'T001' and not exists (select from tickets t where t.shipment_no = o.shipment_no) order by id limit 1`;
    if (open) await send(`/api/helpdesk/tickets/${String(open.id)}/attachments`, 'attachments');
    else await send('/api/helpdesk/tickets/with-attachments', 'attachments', { shipmentNo: String((await known(free))!.shipmentNo), description: 'Foto pesanan untuk bench/reads.ts.', problemId: '1' });
  }
  // Set first, so the ticket's detail and its file are read as one pair (path values are paired by position).
  for (const [key, value] of Object.entries((await known(attachment)) ?? {})) found.set(`helpdesk:${key}`, new Set([value]));
  const areaOf = (path: string) => path.split('/')[2] ?? '';
  const valuesFor = (name: string, area: string): unknown[] => [...new Set([...(byName[name] ?? []), ...(found.get(`${area}:${name}`) ?? []), ...(found.get(`*:${name}`) ?? [])])];
  /** A value the parameter's schema takes: its default or first choice for a list of choices, else one by name. */
  const queryValue = (p: Operation['query'][number], area: string): unknown => {
    const choices = [p.schema, ...(p.schema.anyOf ?? [])].flatMap((s) => s.enum ?? []).filter((v) => v !== '');
    if (choices.length > 0) return p.schema.default ?? choices[0];
    return valuesFor(p.name, area)[0] ?? exampleOf(p.schema, p.name, {}, 1);
  };
  /** Required parameters, and the few optional ones a screen always sends. */
  const queryOf = (op: Operation) =>
    op.query
      .filter((p) => p.required || ['productId', 'qty', 'scope'].includes(p.name) || (p.name === 'status' && op.path === '/api/orders'))
      .map((p) => `${encodeComponent(p.name)}=${encodeComponent(scalarText(queryValue(p, areaOf(op.path))))}`)
      .join('&');
  /** URLs to try, each path parameter's known values in turn (at most 8). */
  const urlsOf = (op: Operation): string[] => {
    const query = queryOf(op);
    const lists = op.pathParams.map((p) => {
      const known = valuesFor(p.name, areaOf(op.path));
      return known.length > 0 ? known.slice(0, 8) : [exampleOf(p.schema, p.name, {}, 1)];
    });
    const tries = Math.max(1, ...lists.map((l) => l.length));
    return Array.from({ length: tries }, (_, i) => fillPath(op.path, Object.fromEntries(op.pathParams.map((p, j) => [p.name, encodeComponent(scalarText(lists[j]![i % lists[j]!.length]))]))) + (query ? `?${query}` : ''));
  };

  const rows: Row[] = [];
  // A read measured once more per extra query: the tabs a screen also opens.
  const runs = ops.flatMap((op) => [{ op, extra: '' }, ...(EXTRA_QUERIES[op.path] ?? []).map((extra) => ({ op, extra }))]);
  for (const { op, extra } of runs) {
    let chosen: { url: string; caller: (typeof callers)[number] } | null = null;
    let lastStatus = 0;
    for (const candidate of urlsOf(op).map((u) => (extra ? `${u}${u.includes('?') ? '&' : '?'}${extra}` : u))) {
      for (const caller of callers) {
        const res = await app.inject({ method: 'GET', url: candidate, headers: caller.headers });
        lastStatus = res.statusCode;
        if (res.statusCode === 200) {
          if (String(res.headers['content-type']).includes('json')) {
            const reply: unknown = res.json();
            harvest(reply, found, '*');
            harvest(reply, found, areaOf(op.path));
          }
          chosen = { url: candidate, caller };
          break;
        }
      }
      if (chosen) break;
    }
    if (!chosen) {
      rows.push({ route: extra ? `${op.path}?${extra}` : op.path, caller: '—', status: lastStatus, serverMs: 0, postgresMs: 0, bytes: 0 });
      continue;
    }
    const { url: target, caller } = chosen;
    for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: target, headers: caller.headers });
    let bytes = 0;
    const profile = process.env.READS_CPU_PROFILE ? await startProfile() : null;
    const own = OWN_PG_CPU ? ((await handle.db.execute(sql`select pid from pg_stat_activity where application_name = ${appName}`)) as unknown as { rows: Array<{ pid: number }> }).rows : [];
    const ownCpu = () => own.reduce((ms, { pid }) => ms + processCpuMs(pid), 0);
    const ownBefore = ownCpu();
    const { cpu } = await measureCpu(process.pid, postmaster, async () => {
      for (let i = 0; i < N; i++) {
        const res = await app.inject({ method: 'GET', url: target, headers: caller.headers });
        if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes += res.rawPayload.length;
      }
    });
    const postgresMs = OWN_PG_CPU ? ownCpu() - ownBefore : cpu.postgresMs;
    await profile?.stop(`${process.env.READS_CPU_PROFILE}/${op.path.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
    let load: Row['load'];
    if (LOAD_CONNECTIONS > 0) {
      const spec = { url: `${base}${target}`, connections: LOAD_CONNECTIONS, headers: caller.headers, method: 'GET' as const };
      await runLoad({ ...spec, durationSeconds: 2 });
      const r = await runLoad({ ...spec, durationSeconds: LOAD_S });
      load = { rps: Math.round(r.requestsPerSecond), p99: r.p99, non2xx: r.non2xx + r.errors + r.timeouts };
    }
    rows.push({ route: target, caller: caller.name, status: 200, serverMs: cpu.serverMs / N, postgresMs: postgresMs / N, bytes: Math.round(bytes / N), load });
    process.stderr.write(`${target} ${((cpu.serverMs + postgresMs) / N).toFixed(2)} ms${load ? `, p99 ${load.p99} ms at ${load.rps} req/s` : ''}\n`);
  }
  await app.close();
  await handle.close();

  rows.sort((a, b) => b.serverMs + b.postgresMs - (a.serverMs + a.postgresMs));
  const loaded = LOAD_CONNECTIONS > 0;
  console.log(`| read | as | server ms | PostgreSQL ms | in all | bytes |${loaded ? ` req/s | p99 at ${LOAD_CONNECTIONS} |` : ''}\n|---|---|--:|--:|--:|--:|${loaded ? '--:|--:|' : ''}`);
  for (const r of rows) {
    const total = r.serverMs + r.postgresMs;
    const under = r.load ? ` ${r.load.rps} | ${r.load.p99} ms${r.load.p99 > budgetOf(r.route) ? ` (over ${budgetOf(r.route)} ms)` : ''}${r.load.non2xx ? `, ${r.load.non2xx} failed` : ''} |` : '';
    console.log(
      r.status === 200
        ? `| \`${r.route}\` | ${r.caller} | ${r.serverMs.toFixed(2)} | ${r.postgresMs.toFixed(2)} | ${total.toFixed(2)}${total > 1 ? ' (over 1 ms)' : ''} | ${r.bytes} |${under}`
        : `| \`${r.route}\` | no member got 200 (last ${r.status}) | | | | |${loaded ? ' | |' : ''}`,
    );
  }
  const measured = rows.filter((r) => r.status === 200);
  console.log(`\n${N} requests per read, one after another; reply caches off; ${measured.length} of ${rows.length} reads measured${OWN_PG_CPU ? "; PostgreSQL's CPU of this run's connections only" : ''}.`);
  if (loaded) console.log(`Under ${LOAD_CONNECTIONS} connections for ${LOAD_S} s each: ${measured.filter((r) => r.load && r.load.p99 <= budgetOf(r.route)).length} of ${measured.length} reads within budget (p99 ≤ 50 ms; a recap ≤ 1,000 ms).`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
