// `npm run topology`: Gerai as deployed (deploy/nginx/gerai.conf in front of three processes run as
// deploy/systemd/gerai@.service runs them, on one PostgreSQL), under a steady load of crew actions
// and fifty phones on the event stream, through:
//   c) one process killed with SIGKILL, then started again (first, so that the keys its dead requests
//      held, refused as "in progress" for 2 minutes, settle while the other phases run);
//   a) a rolling restart: SIGTERM, wait for the exit, start, wait until ready, one process at a time;
//   e) every process at once (a machine's restart, `systemctl restart gerai.target`): for a moment
//      nginx has no process, and the fifty phones reconnect into it;
//   b) a PostgreSQL restart (pg_ctl restart -m fast);
//   d) a backup taken under load (db:backup), restored into a new database (db:restore), a Gerai
//      process started on it, and every row the backup holds checked there.
// It prints what it saw and exits 1 when a goal is missed. Everything runs on 127.0.0.1 in a temp
// directory, removed (with every process) on exit, failure or signal.
//   TOPOLOGY_PORT_BASE (default 5460): PostgreSQL on base, nginx on base+1, Gerai on base+2..base+4,
//   the restored database's Gerai on base+5; metrics on 1<port> (the unit's METRICS_PORT=1%i).
//   TOPOLOGY_PHONES (50), TOPOLOGY_WORKERS (6 crew phones), TOPOLOGY_STEADY_SECONDS (5).
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';
import { createCrew } from './topology-crew.mjs';
import { backupDrill } from './topology-drill.mjs';
import { Phone, tally } from './topology-phones.mjs';
import { createStack } from './topology-stack.mjs';

const BASE = Number(process.env.TOPOLOGY_PORT_BASE ?? 5460);
const PHONES = Number(process.env.TOPOLOGY_PHONES ?? 50);
const WORKERS = Number(process.env.TOPOLOGY_WORKERS ?? 6);
const STEADY_MS = Number(process.env.TOPOLOGY_STEADY_SECONDS ?? 5) * 1000;
/** The whole run, setup included, is stopped past this. */
const RUN_LIMIT_MS = 285_000;
/** Goals. */
const RECOVERY_GOAL_MS = 10_000;
const FAIL_FAST_GOAL_MS = 6_000;
const ports = { pg: BASE, nginx: BASE + 1, gerai: [BASE + 2, BASE + 3, BASE + 4], restored: BASE + 5 };
const started = Date.now();
const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (line) => console.log(`[topology ${since()}] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- cleanup, whatever happens
const cleanups = [];
let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // keep going: every process and directory gets its chance
    }
  }
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`[topology] ${sig}: stopping`);
    cleanup();
    process.exit(130);
  });
}
const limit = setTimeout(() => {
  console.error(`[topology] over its time limit (${RUN_LIMIT_MS / 1000} s): stopping`);
  cleanup();
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();

const tmp = mkdtempSync(path.join(tmpdir(), 'gerai-topology-'));
cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
// TOPOLOGY_LOGS=<dir>: the processes', nginx's and PostgreSQL's logs are copied there before the temp directory goes.
if (process.env.TOPOLOGY_LOGS) cleanups.push(() => cpSync(tmp, process.env.TOPOLOGY_LOGS, { recursive: true, filter: (f) => !/\/(data|state-\d+|client_body|proxy|fastcgi|uwsgi|scgi)$/.test(f) && !f.endsWith('.dump') }));
chmodSync(tmp, 0o755);
const { portsFree, pgCtl, pgStartArgs, pgDir, pgBin, startPostgres, dbUrl, channelSecret, writeEnvFile, startGerai, stopGerai, tail, startNginx, NGINX } = createStack({ tmp, ports, cleanups });
const { DEMO_PASSWORD: PW, signIn, takeInOrders, phases, beginPhase, acted, orderQueue, workerOrders, crewWorker, stopLoad, sqlClient, contentsOf, waitRecovered, checkActions, printTable } = createCrew({ NGINX, channelSecret });

// ---------------------------------------------------------------- the run
const problems = [];
const goal = (ok, text) => {
  if (!ok) problems.push(text);
};

async function main() {
  log(`machine: ${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ports ${ports.pg}-${ports.restored}; temp ${tmp}`);
  await portsFree([ports.pg, ports.nginx, ...ports.gerai, ports.restored, ...[...ports.gerai, ports.restored].map((p) => Number(`1${p}`))]);
  const built = await build(undefined, { log: (line) => log(line) });
  log(built.length ? `built ${built.join(', ')}` : 'build up to date');
  startPostgres();
  log(`PostgreSQL ${path.basename(path.dirname(pgBin))} on ${ports.pg}`);
  const admin = await sqlClient(dbUrl('postgres'));
  await admin.query('create database gerai');
  await admin.end();
  writeEnvFile(dbUrl('gerai'));
  // Together, as systemd starts gerai.target: the start-up lock lets one migrate and seed.
  const t0 = Date.now();
  await Promise.all(ports.gerai.map((p) => startGerai(p)));
  log(`3 Gerai processes ready in ${Date.now() - t0} ms (migrated and seeded)`);
  const nginx = startNginx();
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${NGINX}/api/health`)).ok) break;
    } catch {
      if (i > 50) throw new Error(`nginx did not start: ${readFileSync(path.join(nginx.prefix, 'error.log'), 'utf8')}`);
    }
    await sleep(100);
  }
  log(`nginx on ${ports.nginx} in front of ${ports.gerai.join(', ')}`);

  // Crew accounts and orders for them (the channel's signed intake), two lines of two units each.
  const staff = { T001: '10000001', T002: '10000002', T003: '10000003' };
  const tokens = {};
  for (const [store, nik] of Object.entries(staff)) tokens[store] = await signIn(nik);
  const perStore = Math.ceil((WORKERS / 3) * 40);
  for (const store of Object.keys(staff)) await takeInOrders(store, perStore);
  log(`${perStore * 3} orders taken in for the crew`);

  // Fifty phones: the crew of each store, a kepala toko and the area supervisor (every store).
  const viewers = [
    { nik: '10000001', stores: ['T001'] },
    { nik: '10000002', stores: ['T002'] },
    { nik: '10000003', stores: ['T003'] },
    { nik: '20000001', stores: ['T001'] },
    { nik: '30000001', stores: ['T001', 'T002', 'T003', 'T004', 'T005', 'T006', 'T007', 'T008', 'T009', 'T010'] },
  ];
  for (const v of viewers) v.token = tokens[v.stores[0]] && v.nik.startsWith('1') ? tokens[v.stores[0]] : await signIn(v.nik);
  const phones = Array.from({ length: PHONES }, (_, i) => new Phone(NGINX, viewers[i % viewers.length].token, viewers[i % viewers.length].stores));
  const phoneRuns = phones.map((p) => p.run());
  for (let i = 0; i < 100 && phones.some((p) => !p.connected); i++) await sleep(100);
  log(`${phones.filter((p) => p.connected).length} phones on the event stream`);

  beginPhase('steady');
  let phase;
  const workers = [];
  for (let i = 0; i < WORKERS; i++) {
    const store = Object.keys(staff)[i % 3];
    workers.push(crewWorker(store, tokens[store]));
  }
  await sleep(STEADY_MS);

  // c) SIGKILL one process; nginx routes around it; it is started again.
  phase = beginPhase('c) SIGKILL one process');
  const victim = ports.gerai[1];
  const reconnectsBefore = phones.reduce((n, p) => n + p.reconnects, 0);
  const k0 = Date.now();
  await stopGerai(victim, 'SIGKILL');
  log(`killed ${victim} (SIGKILL)`);
  await sleep(STEADY_MS);
  await startGerai(victim);
  phase.recoveryMs = Date.now() - k0;
  phase.notes.push(`${phones.reduce((n, p) => n + p.reconnects, 0) - reconnectsBefore} stream reconnects`);
  log(`${victim} back in ${phase.recoveryMs} ms`);
  await sleep(STEADY_MS);

  // a) rolling restart, one process at a time.
  phase = beginPhase('a) rolling restart');
  const stops = [];
  for (const port of ports.gerai) {
    const stopped = await stopGerai(port, 'SIGTERM');
    stops.push(stopped.ms);
    const s0 = Date.now();
    await startGerai(port);
    log(`${port}: SIGTERM exit in ${stopped.ms} ms (${stopped.how}), ready again in ${Date.now() - s0} ms`);
    // As docs/operations.md's loop: past nginx's fail_timeout, so one process at a time is left out.
    await sleep(6_000);
  }
  phase.notes.push(`exits after SIGTERM ${stops.join('/')} ms`);
  goal(stops.every((ms) => ms < 10_000), `a rolling restart's process took over 10 s to stop (${stops.join(', ')} ms)`);
  await sleep(STEADY_MS);

  // e) every process at once; the phones and the crew are back soon after the processes are.
  phase = beginPhase('e) every process at once');
  const allDown = Date.now();
  await Promise.all(ports.gerai.map((p) => stopGerai(p, 'SIGTERM')));
  await Promise.all(ports.gerai.map((p) => startGerai(p)));
  const eReady = Date.now();
  for (let i = 0; i < 300 && phones.some((p) => !p.connected); i++) await sleep(50);
  phase.recoveryMs = Date.now() - eReady;
  phase.outageMs = eReady - allDown;
  phase.notes.push(`no process for ${phase.outageMs} ms; every phone back on the stream ${phase.recoveryMs} ms after they were`);
  log(phase.notes.at(-1));
  goal(phase.recoveryMs <= RECOVERY_GOAL_MS, `the phones were back on the stream ${phase.recoveryMs} ms after every process was (goal ${RECOVERY_GOAL_MS})`);
  await sleep(STEADY_MS);

  // b) PostgreSQL restart.
  phase = beginPhase('b) PostgreSQL restart');
  const r0 = Date.now();
  // pg_ctl restart -m fast, in its two steps (restart would start the postmaster without its log file).
  await pgCtl(['-D', path.join(pgDir, 'data'), '-m', 'fast', '-w', '-t', '30', 'stop']);
  const pgDown = Date.now();
  await pgCtl(pgStartArgs());
  const pgBack = Date.now();
  log(`PostgreSQL restarted in ${pgBack - r0} ms`);
  const recoveries = await Promise.all(ports.gerai.map((p) => waitRecovered(p, tokens.T001, pgBack)));
  phase.recoveryMs = Math.max(...recoveries);
  phase.notes.push(`PostgreSQL stop ${pgDown - r0} ms + start ${pgBack - pgDown} ms; processes recovered ${recoveries.join('/')} ms after it was back`);
  goal(phase.recoveryMs <= RECOVERY_GOAL_MS, `a process took ${phase.recoveryMs} ms to recover after PostgreSQL came back (goal ${RECOVERY_GOAL_MS})`);
  await sleep(STEADY_MS);

  // d) backup under load, restored into a new database, Gerai started on it.
  phase = beginPhase('d) backup and restore drill');
  const drill = await backupDrill({ tmp, ports, dbUrl, sqlClient, contentsOf, writeEnvFile, startGerai, stopGerai, password: PW, anOrder: orderQueue.T001.at(-1) ?? null });
  for (const problem of drill.problems) goal(false, problem);
  phase.notes.push(drill.note);
  log(phase.notes.at(-1));
  await sleep(2_000);

  // The end: the crew stops taking new orders, every action in flight is settled.
  beginPhase('settle');
  stopLoad();
  await Promise.all(workers);
  // Every phone catches up with the table.
  const db = await sqlClient(dbUrl('gerai'));
  const dbEvents = async () => (await db.query(`select id, type, store_code, payload, created_at from events order by id`)).rows;
  let missing = 0;
  let duplicated = 0;
  let expectedTotal = 0;
  let seenTotal = 0;
  const perPhase = {};
  for (let i = 0; i < 100; i++) {
    const rows = await dbEvents();
    ({ missing, duplicated, expectedTotal, seenTotal } = tally(phases, phones, rows, null));
    if (missing === 0) break;
    await sleep(150);
  }
  const rows = await dbEvents();
  for (const p of phases) Object.assign(perPhase, { [p.name]: tally(phases, phones, rows, p) });
  for (const p of phones) p.stop();
  await Promise.allSettled(phoneRuns);

  // Nothing lost or doubled, checked against the database.
  const touched = [...new Set(acted.map((a) => a.shipmentNo))];
  const { lost, doubled } = await checkActions(db);
  await db.end();

  printTable(perPhase);
  console.log('');
  const heldKeys = acted.filter((a) => a.heldSeen).length;
  console.log(
    `crew: ${acted.length} actions on ${touched.length} orders (${workerOrders.done} packed), ${acted.filter((a) => a.failed).length} failed after retries, ${heldKeys} met "in progress" (a key held by a dead request); ` +
      `database: ${lost} lost, ${doubled} doubled. phones: ${phones.length}, ${phones.reduce((n, p) => n + p.reconnects, 0)} reconnects, longest gap ${Math.max(...phones.map((p) => p.longestGapMs))} ms; ` +
      `events: ${expectedTotal} expected, ${seenTotal} seen, ${duplicated} duplicated, ${missing} missing.`,
  );
  console.log(`run: ${since()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const byName = Object.fromEntries(phases.map((p) => [p.name, p]));
  goal(byName['a) rolling restart'].failures === 0, `the rolling restart failed ${byName['a) rolling restart'].failures} actions at the client`);
  goal(phases.every((p) => p.failures === 0), `actions failed after their retries: ${phases.filter((p) => p.failures).map((p) => `${p.name}: ${JSON.stringify(p.failuresByCode)}`).join('; ')}`);
  goal(lost === 0 && doubled === 0, `${lost} actions lost and ${doubled} doubled in the database`);
  goal(duplicated === 0 && missing === 0, `phones: ${missing} events missing, ${duplicated} duplicated`);
  goal(byName['b) PostgreSQL restart'].longestTryAgainMs <= FAIL_FAST_GOAL_MS, `a "try again" took ${byName['b) PostgreSQL restart'].longestTryAgainMs} ms (goal ${FAIL_FAST_GOAL_MS})`);
  const otherAnswers = Object.keys(byName['b) PostgreSQL restart'].answers).filter((c) => !['SERVICE_UNAVAILABLE', 'IDEMPOTENCY_IN_PROGRESS'].includes(c));
  goal(otherAnswers.length === 0, `while PostgreSQL restarted the phones got ${otherAnswers.join(', ')} besides the app's own answers ("try again", "in progress")`);
  goal(workerOrders.done > 0, 'the crew packed no order');
  // Steady load: the crew keeps working through every phase, and a rolling restart or a database
  // restart stalls no phone's action past the recovery goal (a SIGKILL may: its dead requests' keys).
  for (const p of phases.filter((p) => /^[abde]\)/.test(p.name))) {
    goal(p.latencies.length > 0, `no crew action was answered during ${p.name}`);
    const limit = RECOVERY_GOAL_MS + (p.outageMs ?? 0);
    goal(p.longestStall <= limit, `a crew action waited ${p.longestStall} ms during ${p.name} (goal ${limit})`);
  }
  // One process away at a time is never nginx's 502: a request it reached is sent on to another.
  const rolling502 = byName['a) rolling restart'].answers['502 nginx']?.n ?? 0;
  goal(rolling502 === 0, `the rolling restart gave ${rolling502} answers of 502 from nginx (no process to send them to)`);
  const longestGap = Math.max(...phones.map((p) => p.longestGapMs));
  goal(longestGap <= RECOVERY_GOAL_MS, `a phone was off the event stream for ${longestGap} ms (goal ${RECOVERY_GOAL_MS})`);
  if (problems.length) {
    console.log(`\nGOALS MISSED:\n- ${problems.join('\n- ')}`);
    console.log(process.env.TOPOLOGY_LOGS ? `logs: ${process.env.TOPOLOGY_LOGS}` : 'run again with TOPOLOGY_LOGS=<dir> to keep the logs');
    return 1;
  }
  console.log('\nEvery goal met.');
  return 0;
}

let code;
try {
  code = await main();
} catch (err) {
  console.error(`[topology] failed: ${err instanceof Error ? err.stack : String(err)}`);
  for (const port of [...ports.gerai, ports.restored]) {
    if (existsSync(path.join(tmp, `gerai-${port}.log`))) console.error(`--- gerai ${port}, last lines:\n${tail(port)}`);
  }
  code = 1;
}
cleanup();
process.exit(code);
