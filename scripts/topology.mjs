// `npm run topology`: Gerai as deployed (deploy/nginx/gerai.conf in front of three processes run as
// deploy/systemd/gerai@.service runs them, on one PostgreSQL), under a steady load of crew actions
// and fifty phones on the event stream, through:
//   c) one process killed with SIGKILL, then started again (first, so that the keys its dead requests
//      held, refused as "in progress" for 2 minutes, settle while the other phases run);
//   a) a rolling restart: SIGTERM, wait for the exit, start, wait until ready, one process at a time;
//   b) a PostgreSQL restart (pg_ctl restart -m fast);
//   d) a backup taken under load (db:backup), restored into a new database (db:restore), a Gerai
//      process started on it, and every row the backup holds checked there.
// It prints what it saw and exits 1 when a goal is missed. Everything runs on 127.0.0.1 in a temp
// directory, removed (with every process) on exit, failure or signal.
//   TOPOLOGY_PORT_BASE (default 5460): PostgreSQL on base, nginx on base+1, Gerai on base+2..base+4,
//   the restored database's Gerai on base+5; metrics on 1<port> (the unit's METRICS_PORT=1%i).
//   TOPOLOGY_PHONES (50), TOPOLOGY_WORKERS (6 crew phones), TOPOLOGY_STEADY_SECONDS (5).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build, ROOT } from './build.mjs';
import { backup, restore } from './db-backup.mjs';
import { renderSite, SITE_FILE } from './topology-render.mjs';

const UNIT_FILE = path.join(ROOT, 'deploy/systemd/gerai@.service');
const BASE = Number(process.env.TOPOLOGY_PORT_BASE ?? 5460);
const PHONES = Number(process.env.TOPOLOGY_PHONES ?? 50);
const WORKERS = Number(process.env.TOPOLOGY_WORKERS ?? 6);
const STEADY_MS = Number(process.env.TOPOLOGY_STEADY_SECONDS ?? 5) * 1000;
/** The whole run, setup included, is stopped past this. */
const RUN_LIMIT_MS = 285_000;
/** A crew action is retried (same key) at most this long: past the 2 min a dead request holds its key. */
const ACTION_RETRY_LIMIT_MS = 150_000;
/** Goals. */
const RECOVERY_GOAL_MS = 10_000;
const FAIL_FAST_GOAL_MS = 6_000;
const PW = 'gerai123';
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
chmodSync(tmp, 0o755);

async function portsFree(list) {
  for (const port of list) {
    await new Promise((resolve, reject) => {
      const s = net.createServer().once('error', () => reject(new Error(`port ${port} on 127.0.0.1 is taken: pick another range with TOPOLOGY_PORT_BASE`)));
      s.listen(port, '127.0.0.1', () => s.close(resolve));
    });
  }
}

// ---------------------------------------------------------------- PostgreSQL
const pgBin = (() => {
  const root = '/usr/lib/postgresql';
  const v = existsSync(root) ? readdirSync(root).filter((d) => existsSync(path.join(root, d, 'bin/pg_ctl'))).sort((a, b) => Number(b) - Number(a))[0] : null;
  if (!v) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return path.join(root, v, 'bin');
})();
const asRoot = process.getuid?.() === 0;
const pgDir = path.join(tmp, 'pg');
function pgRun(cmd, args) {
  const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin, cmd), ...args]] : [path.join(pgBin, cmd), args];
  const res = spawnSync(full[0], full[1], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
}
function startPostgres() {
  mkdirSync(pgDir);
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(pgDir, id('-u'), id('-g'));
  }
  pgRun('initdb', ['-D', path.join(pgDir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  pgRun('pg_ctl', pgStartArgs());
  cleanups.push(() => pgRun('pg_ctl', ['-D', path.join(pgDir, 'data'), '-m', 'immediate', '-w', 'stop']));
}
/** Always with its log file: a postmaster without one keeps the caller's stdout open. */
const pgStartArgs = () => [
  '-D',
  path.join(pgDir, 'data'),
  '-l',
  path.join(pgDir, 'postgres.log'),
  '-o',
  [`-p ${ports.pg}`, `-k ${pgDir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=100'].join(' '),
  '-w',
  '-t',
  '30',
  'start',
];
/** pg_ctl without blocking this process: the load and the phones keep running meanwhile. */
function pgCtl(args) {
  const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin, 'pg_ctl'), ...args]] : [path.join(pgBin, 'pg_ctl'), args];
  return new Promise((resolve, reject) => {
    const child = spawn(full[0], full[1], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.at(-1)} failed (${code})`))));
  });
}
const dbUrl = (name) => `postgres://postgres@127.0.0.1:${ports.pg}/${name}`;

// ---------------------------------------------------------------- the systemd unit, read as systemd would
/** ExecStart, WorkingDirectory, Environment= and EnvironmentFile= of the [Service] section, for instance `port`. */
export function readUnit(text, instance) {
  const service = {};
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section !== 'Service') continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim().replaceAll('%i', instance);
    (service[key] ??= []).push(value);
  }
  const environment = {};
  for (const entry of service.Environment ?? []) {
    // One or more assignments, each optionally quoted.
    for (const m of entry.matchAll(/"([^"=]+)=([^"]*)"|(\S+?)=(\S*)/g)) environment[m[1] ?? m[3]] = m[2] ?? m[4];
  }
  const execStart = (service.ExecStart ?? [])[0];
  if (!execStart) throw new Error(`${UNIT_FILE} has no ExecStart`);
  return {
    execStart: execStart.replace(/^[-@:+!]+/, '').split(/\s+/),
    workingDirectory: (service.WorkingDirectory ?? [])[0],
    environment,
    environmentFiles: service.EnvironmentFile ?? [],
    stateDirectory: (service.StateDirectory ?? [])[0],
  };
}
function readEnvFile(file) {
  const env = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2].replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return env;
}

// The run's secrets and settings, in the unit's EnvironmentFile format.
const channelSecret = randomBytes(32).toString('hex');
const envFile = path.join(tmp, 'gerai.env');
function writeEnvFile(databaseUrl, file = envFile) {
  writeFileSync(
    file,
    [
      `DATABASE_URL=${databaseUrl}`,
      'DATABASE_POOL_SIZE=6',
      `JWT_SECRET=${randomJwt}`,
      `CHANNEL_SECRETS={"379":"${channelSecret}"}`,
      'TRUST_PROXY=127.0.0.1',
      // The demo data, so the crew has stores, products and accounts.
      'SEED_ON_EMPTY=true',
      'LOG_LEVEL=warn',
    ].join('\n') + '\n',
    { mode: 0o600 },
  );
}
const randomJwt = randomBytes(32).toString('hex');

/** The unit's process for `port`: its ExecStart in its WorkingDirectory with its environment; only paths substituted. */
const geraiProcs = new Map();
async function startGerai(port, file = envFile) {
  const unit = readUnit(readFileSync(UNIT_FILE, 'utf8'), String(port));
  const stateDir = path.join(tmp, `state-${port}`);
  mkdirSync(stateDir, { recursive: true });
  // The paths of a production machine, here: the release is this checkout, the state directory a temp one.
  const substitute = (v) => v.replace(/^\/opt\/gerai\/current\b/, ROOT).replace(/^\/var\/lib\/gerai\b/, stateDir);
  const fromFiles = Object.assign({}, ...unit.environmentFiles.map(() => readEnvFile(file)));
  // systemd: EnvironmentFile= wins over Environment=.
  const env = { PATH: process.env.PATH, ...Object.fromEntries(Object.entries(unit.environment).map(([k, v]) => [k, substitute(v)])), ...fromFiles };
  const [cmd, ...args] = unit.execStart;
  const out = createWriteStream(path.join(tmp, `gerai-${port}.log`), { flags: 'a' });
  const child = spawn(cmd, args, { cwd: substitute(unit.workingDirectory), env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const proc = { port, child, exited };
  geraiProcs.set(port, proc);
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gerai on ${port} exited (${child.exitCode}): ${tail(port)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`gerai on ${port} not ready in 90 s: ${tail(port)}`);
    await sleep(100);
  }
}
const tail = (port) => readFileSync(path.join(tmp, `gerai-${port}.log`), 'utf8').split('\n').slice(-15).join('\n');

async function stopGerai(port, signal = 'SIGTERM') {
  const proc = geraiProcs.get(port);
  const t0 = Date.now();
  proc.child.kill(signal);
  const killer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  const how = await proc.exited;
  clearTimeout(killer);
  return { ms: Date.now() - t0, how };
}

// ---------------------------------------------------------------- nginx, from deploy/nginx/gerai.conf
function startNginx() {
  const prefix = path.join(tmp, 'nginx');
  mkdirSync(prefix);
  // Workers run as nobody when nginx starts as root (no user directive): they write only the temp paths.
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, d));
  chmodSync(prefix, 0o777);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(path.join(prefix, d), 0o777);
  const site = renderSite(readFileSync(SITE_FILE, 'utf8'), { listen: `127.0.0.1:${ports.nginx}`, upstreams: ports.gerai.map((p) => `127.0.0.1:${p}`), logDir: prefix });
  writeFileSync(path.join(prefix, 'gerai.conf'), site);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `# nginx's own frame for the site (a distribution's /etc/nginx/nginx.conf plays this part).
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
worker_processes 1;
events { worker_connections 2048; }
http {
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/gerai.conf;
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  // SIGTERM: the master stops its workers before it exits (SIGKILL would leave them holding the port).
  cleanups.push(() => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    for (let i = 0; i < 40 && alive(child.pid); i++) spawnSync('sleep', ['0.05']);
    if (alive(child.pid)) child.kill('SIGKILL');
  });
  return { prefix, child };
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
const NGINX = `http://127.0.0.1:${ports.nginx}`;

// ---------------------------------------------------------------- clients
async function signIn(nik) {
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${NGINX}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nik, password: PW }) });
      if (res.ok) return (await res.json()).data.token;
      if (i > 20) throw new Error(`login ${nik}: ${res.status} ${await res.text()}`);
    } catch (err) {
      if (i > 20) throw err;
    }
    await sleep(250);
  }
}
function signed(body) {
  const t = Math.floor(Date.now() / 1000);
  return { 'content-type': 'application/json', 'x-gerai-signature': `t=${t},sha256=${createHmac('sha256', channelSecret).update(`${t}.${body}`).digest('hex')}` };
}

/** Per phase: what the crew's phones saw. */
const phases = [];
let phase = null;
function beginPhase(name) {
  phase = { name, started: Date.now(), requests: 0, attempts: 0, failures: 0, retried: 0, latencies: [], longestStall: 0, tryAgain: 0, longestTryAgainMs: 0, held: 0, failuresByCode: {}, answers: {}, notes: [], recoveryMs: null };
  phases.push(phase);
  return phase;
}

const acted = []; // every action: { key, path, shipmentNo, kind, lineId, ack }
/**
 * One crew action with its Idempotency-Key, sent until it is answered, the way the web outbox does:
 * a network error, 502/503/504 and 409 "in progress" are sent again with the same key.
 */
async function act(token, entry) {
  const p = phase;
  p.requests++;
  const t0 = Date.now();
  const record = { ...entry, ack: null, phase: p.name };
  acted.push(record);
  let wait = 200;
  let retried = false;
  for (;;) {
    const a0 = Date.now();
    p.attempts++;
    let status = 0;
    let code = 'network';
    try {
      const res = await fetch(`${NGINX}${entry.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': entry.key },
        body: entry.body ?? '{}',
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      const text = await res.text();
      code = status < 300 ? 'ok' : answerCode(status, text);
      if (code === 'SERVICE_UNAVAILABLE') {
        p.tryAgain++;
        p.longestTryAgainMs = Math.max(p.longestTryAgainMs, Date.now() - a0);
      }
      if (status < 300 || code === 'IDEMPOTENCY_ALREADY_APPLIED') {
        record.ack = { status, code, replayed: res.headers.get('idempotent-replayed') === 'true' };
        const ms = Date.now() - t0;
        p.latencies.push(ms);
        p.longestStall = Math.max(p.longestStall, ms);
        if (retried) p.retried++;
        return true;
      }
    } catch {
      // network error: the outcome is unknown, the same key settles it
    }
    if (code !== 'ok') {
      const seen = (p.answers[code] ??= { n: 0, longestMs: 0 });
      seen.n++;
      seen.longestMs = Math.max(seen.longestMs, Date.now() - a0);
    }
    const again = code === 'network' || [502, 503, 504].includes(status) || code === 'IDEMPOTENCY_IN_PROGRESS';
    if (code === 'IDEMPOTENCY_IN_PROGRESS') record.heldSeen = true;
    if (!again || Date.now() - t0 > ACTION_RETRY_LIMIT_MS) {
      p.failures++;
      p.failuresByCode[code] = (p.failuresByCode[code] ?? 0) + 1;
      record.failed = code;
      return false;
    }
    retried = true;
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 2_000);
  }
}

/** The app's error code, or what answered instead (nginx's own page: `502 nginx`). */
function answerCode(status, text) {
  try {
    const code = JSON.parse(text).code;
    if (typeof code === 'string') return code;
  } catch {
    // not the app's JSON
  }
  return `${status} ${/nginx/i.test(text) ? 'nginx' : 'other'}`;
}

let loadRunning = true;
const orderQueue = { T001: [], T002: [], T003: [] };
const workerOrders = { done: 0, stuck: 0 };
async function crewWorker(store, token) {
  while (loadRunning) {
    const order = orderQueue[store].shift();
    if (!order) return;
    const base = `/api/orders/${order.shipmentNo}`;
    const k = (what) => `topo-${order.shipmentNo}-${what}`;
    const steps = [{ key: k('claim'), path: `${base}/claim`, kind: 'claim' }];
    for (const line of order.lines) for (let n = 0; n < line.qty; n++) steps.push({ key: k(`scan-${line.barcode}-${n}`), path: `${base}/scan`, body: JSON.stringify({ barcode: line.barcode }), kind: 'scan', barcode: line.barcode });
    steps.push({ key: k('pack'), path: `${base}/pack`, kind: 'pack' });
    for (const step of steps) {
      if (!(await act(token, { ...step, shipmentNo: order.shipmentNo }))) {
        workerOrders.stuck++;
        break;
      }
      await sleep(250);
    }
    if (steps.every((s) => acted.find((a) => a.key === s.key)?.ack)) {
      order.done = true;
      workerOrders.done++;
    }
  }
}

/** A phone on the event stream, through nginx, reconnecting with Last-Event-ID. */
class Phone {
  constructor(token, stores) {
    this.token = token;
    this.stores = stores;
    this.seen = new Map(); // fingerprint -> times
    this.firstId = null;
    this.lastId = null;
    this.reconnects = 0;
    this.longestGapMs = 0;
    this.running = true;
    this.connected = false;
  }
  async run() {
    let lostAt = null;
    while (this.running) {
      const controller = new AbortController();
      this.controller = controller;
      try {
        const res = await fetch(`${NGINX}/api/events`, {
          headers: { authorization: `Bearer ${this.token}`, ...(this.lastId === null ? {} : { 'last-event-id': String(this.lastId) }) },
          signal: controller.signal,
        });
        if (res.status !== 200) throw new Error(`events ${res.status}`);
        this.connected = true;
        if (lostAt !== null) {
          this.longestGapMs = Math.max(this.longestGapMs, Date.now() - lostAt);
          lostAt = null;
        }
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk, { stream: true });
          const parts = buffer.split('\n\n');
          buffer = parts.pop() ?? '';
          for (const part of parts) {
            const field = (name) => part.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
            const event = field('event');
            const id = field('id');
            if (!event) continue;
            if (id !== undefined) {
              if (this.firstId === null) this.firstId = Number(id);
              this.lastId = Number(id);
            }
            if (event === 'ready') continue;
            const fp = fingerprint(event, JSON.parse(field('data') ?? '{}'));
            this.seen.set(fp, (this.seen.get(fp) ?? 0) + 1);
          }
        }
      } catch {
        // dropped: reconnect below
      }
      if (!this.running) return;
      this.connected = false;
      this.reconnects++;
      lostAt ??= Date.now();
      await sleep(200 + Math.random() * 800);
    }
  }
  stop() {
    this.running = false;
    this.controller?.abort();
  }
}

/** An event as a phone sees it (type and data), as key order-independent text: also computed from the table. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
const fingerprint = (type, data) => `${type} ${canonical(data)}`;

// ---------------------------------------------------------------- helpers on the database
async function sqlClient(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  c.on('error', () => undefined);
  return c;
}

/** Every table's row count and an order-independent checksum of its rows, in one snapshot. */
async function contentsOf(client) {
  const tables = (await client.query(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.tablename);
  const out = {};
  for (const t of tables) {
    const { rows } = await client.query(`select count(*)::int as n, coalesce(md5(string_agg(h, '' order by h)), '') as sum from (select md5(x::text) as h from "${t}" x) s`);
    out[t] = rows[0];
  }
  return out;
}

async function waitRecovered(port, token, sinceMs) {
  // Recovered: answers a read of the database, and its LISTEN connection is back.
  for (;;) {
    try {
      const [count, health] = await Promise.all([
        fetch(`http://127.0.0.1:${port}/api/orders/count`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) }),
        fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) }).then((r) => r.json()),
      ]);
      if (count.ok && health.data?.listening === true) return Date.now() - sinceMs;
    } catch {
      // not yet
    }
    if (Date.now() - sinceMs > 60_000) return Infinity;
    await sleep(100);
  }
}

const pct = (list, p) => {
  if (!list.length) return 0;
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

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
  for (const store of Object.keys(staff)) {
    const catalogue = `/api/channels/379/stores/${store}/products`;
    const res = await fetch(`${NGINX}${catalogue}`, { headers: signed(`GET ${catalogue}`) });
    if (!res.ok) throw new Error(`catalogue of ${store}: ${res.status} ${await res.text()}`);
    const barcodes = (await res.json()).data.items.slice(0, 2).map((item) => item.barcode);
    for (let i = 0; i < perStore; i++) {
      const body = JSON.stringify({ orderNo: `TOPO-${store}-${i}-${Date.now()}`, storeCode: store, deliveryType: 0, paymentId: 1, customer: { name: 'Siti Rahayu', phone: '081234567890' }, lines: barcodes.map((barcode) => ({ barcode, qty: 2 })) });
      const res = await fetch(`${NGINX}/api/channels/379/orders`, { method: 'POST', headers: signed(body), body });
      if (res.status !== 201) throw new Error(`intake: ${res.status} ${await res.text()}`);
      orderQueue[store].push({ shipmentNo: (await res.json()).data.shipmentNo, lines: barcodes.map((barcode) => ({ barcode, qty: 2 })) });
    }
  }
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
  const phones = Array.from({ length: PHONES }, (_, i) => new Phone(viewers[i % viewers.length].token, viewers[i % viewers.length].stores));
  const phoneRuns = phones.map((p) => p.run());
  for (let i = 0; i < 100 && phones.some((p) => !p.connected); i++) await sleep(100);
  log(`${phones.filter((p) => p.connected).length} phones on the event stream`);

  beginPhase('steady');
  const workers = [];
  for (let i = 0; i < WORKERS; i++) {
    const store = Object.keys(staff)[i % 3];
    workers.push(crewWorker(store, tokens[store]));
  }
  await sleep(STEADY_MS);

  // c) SIGKILL one process; nginx routes around it; it is started again.
  beginPhase('c) SIGKILL one process');
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
  beginPhase('a) rolling restart');
  const stops = [];
  for (const port of ports.gerai) {
    const stopped = await stopGerai(port, 'SIGTERM');
    stops.push(stopped.ms);
    const s0 = Date.now();
    await startGerai(port);
    log(`${port}: SIGTERM exit in ${stopped.ms} ms (${stopped.how}), ready again in ${Date.now() - s0} ms`);
    await sleep(2_000);
  }
  phase.notes.push(`exits after SIGTERM ${stops.join('/')} ms`);
  goal(stops.every((ms) => ms < 10_000), `a rolling restart's process took over 10 s to stop (${stops.join(', ')} ms)`);
  await sleep(STEADY_MS);

  // b) PostgreSQL restart.
  beginPhase('b) PostgreSQL restart');
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
  beginPhase('d) backup and restore drill');
  const dump = path.join(tmp, 'gerai-drill.dump');
  const snap = await sqlClient(dbUrl('gerai'));
  await snap.query('begin isolation level repeatable read');
  const snapshot = (await snap.query('select pg_export_snapshot() as s')).rows[0].s;
  const held = await contentsOf(snap);
  const b0 = Date.now();
  await backup(dbUrl('gerai'), dump, { snapshot });
  await snap.query('commit');
  await snap.end();
  const backupMs = Date.now() - b0;
  const e0 = Date.now();
  await restore(dump, dbUrl('gerai_restored'));
  const restoreMs = Date.now() - e0;
  const restoredDb = await sqlClient(dbUrl('gerai_restored'));
  const restored = await contentsOf(restoredDb);
  await restoredDb.end();
  const differing = Object.keys(held).filter((t) => held[t].n !== restored[t]?.n || held[t].sum !== restored[t]?.sum);
  const rowsHeld = Object.values(held).reduce((n, t) => n + t.n, 0);
  goal(differing.length === 0, `the restored database differs from the backup's snapshot in ${differing.join(', ')}`);
  const restoredEnv = path.join(tmp, 'gerai-restored.env');
  writeEnvFile(dbUrl('gerai_restored'), restoredEnv);
  writeFileSync(restoredEnv, readFileSync(restoredEnv, 'utf8').replace('SEED_ON_EMPTY=true', 'SEED_ON_EMPTY=false'));
  await startGerai(ports.restored, restoredEnv);
  const rToken = await (async () => {
    const res = await fetch(`http://127.0.0.1:${ports.restored}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nik: '10000001', password: PW }) });
    return res.ok ? (await res.json()).data.token : null;
  })();
  const anOrder = orderQueue.T001.at(-1) ?? null;
  const answers = rToken
    ? (await fetch(`http://127.0.0.1:${ports.restored}/api/orders/count`, { headers: { authorization: `Bearer ${rToken}` } })).ok &&
      (!anOrder || (await fetch(`http://127.0.0.1:${ports.restored}/api/orders/${anOrder.shipmentNo}`, { headers: { authorization: `Bearer ${rToken}` } })).ok)
    : false;
  goal(answers, 'the Gerai process on the restored database did not answer a sign-in, the order count and an order');
  await stopGerai(ports.restored);
  phase.notes.push(
    `backup ${backupMs} ms, restore ${restoreMs} ms; ${Object.keys(held).length} tables, ${rowsHeld} rows held: orders ${held.orders?.n}, stock ${held.store_stock?.n ?? '?'}, events ${held.events?.n}; ${differing.length ? `DIFFER: ${differing.join(', ')}` : 'every table equal (count and checksum)'}; Gerai on it ${answers ? 'answers' : 'DOES NOT answer'}`,
  );
  log(phase.notes.at(-1));
  await sleep(2_000);

  // The end: the crew stops taking new orders, every action in flight is settled.
  beginPhase('settle');
  loadRunning = false;
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
    ({ missing, duplicated, expectedTotal, seenTotal } = tally(phones, rows, null));
    if (missing === 0) break;
    await sleep(150);
  }
  const rows = await dbEvents();
  for (const p of phases) Object.assign(perPhase, { [p.name]: tally(phones, rows, p) });
  for (const p of phones) p.stop();
  await Promise.allSettled(phoneRuns);

  // Nothing lost or doubled, checked against the database.
  const touched = [...new Set(acted.map((a) => a.shipmentNo))];
  const orderRows = (await db.query(`select o.shipment_no, o.status_id, (select json_agg(json_build_object('id', l.id, 'barcode', l.barcode, 'qty', l.qty, 'picked', l.qty_picked)) from order_lines l where l.order_id = o.id) as lines from orders o where o.shipment_no = any($1)`, [touched])).rows;
  const audits = (await db.query(`select entity_id, action, count(*)::int as n from audit_log where entity = 'order' and entity_id = any($1) and action in ('claim', 'pack') group by 1, 2`, [touched])).rows;
  const scans = (await db.query(`select o.shipment_no, l.barcode, count(*)::int as n from order_scans s join order_lines l on l.id = s.line_id join orders o on o.id = l.order_id where o.shipment_no = any($1) and s.result = 'accepted' group by 1, 2`, [touched])).rows;
  await db.end();
  const auditOf = (s, action) => audits.find((a) => a.entity_id === s && a.action === action)?.n ?? 0;
  const scansOf = (s, barcode) => scans.find((a) => a.shipment_no === s && a.barcode === barcode)?.n ?? 0;
  let lost = 0;
  let doubled = 0;
  for (const o of orderRows) {
    const mine = acted.filter((a) => a.shipmentNo === o.shipment_no);
    const ackedOf = (kind, barcode) => mine.filter((a) => a.ack && a.kind === kind && (!barcode || a.barcode === barcode)).length;
    const sentOf = (kind, barcode) => mine.filter((a) => a.kind === kind && (!barcode || a.barcode === barcode)).length;
    for (const kind of ['claim', 'pack']) {
      const n = auditOf(o.shipment_no, kind);
      if (n < ackedOf(kind)) lost++;
      if (n > Math.min(1, sentOf(kind))) doubled++;
    }
    for (const l of o.lines) {
      const picked = l.picked;
      const logged = scansOf(o.shipment_no, l.barcode);
      if (picked < ackedOf('scan', l.barcode) || logged < ackedOf('scan', l.barcode)) lost++;
      if (picked > sentOf('scan', l.barcode) || logged !== picked) doubled++;
    }
    if (ackedOf('pack') && o.status_id !== 1103) lost++;
  }

  // ------------------------------------------------------------ the table
  for (const p of phases) {
    const answers = Object.entries(p.answers).map(([c, a]) => `${c} ${a.n} (longest ${a.longestMs} ms)`);
    if (answers.length) p.notes.unshift(`answers resent: ${answers.join(', ')}`);
  }
  const rowsOut = phases.map((p) => {
    const ev = perPhase[p.name] ?? { expectedTotal: 0, seenTotal: 0, duplicated: 0, missing: 0 };
    return [p.name, p.requests, p.failures, p.attempts - p.requests, p.retried, pct(p.latencies, 99), p.longestStall, p.tryAgain ? `${p.tryAgain} (≤ ${p.longestTryAgainMs} ms)` : '0', `${ev.expectedTotal}/${ev.seenTotal}/${ev.duplicated}/${ev.missing}`, p.recoveryMs ?? '', p.notes.join('; ')];
  });
  const header = ['phase', 'actions', 'failed', 'resent', 'actions resent', 'p99 ms', 'longest stall ms', '503 try again', 'events expected/seen/dup/missing', 'recovery ms', 'notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rowsOut.map((r) => String(r[i]).length)));
  console.log('');
  console.log(header.map((h, i) => (i === header.length - 1 ? h : h.padEnd(widths[i]))).join(' | '));
  console.log(widths.map((w, i) => (i === header.length - 1 ? '-'.repeat(5) : '-'.repeat(w))).join('-|-'));
  for (const r of rowsOut) console.log(r.map((c, i) => (i === header.length - 1 ? String(c) : String(c).padEnd(widths[i]))).join(' | '));
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
  goal(workerOrders.done > 0, 'the crew packed no order');
  if (problems.length) {
    console.log(`\nGOALS MISSED:\n- ${problems.join('\n- ')}`);
    console.log(`logs were in ${tmp} (removed); run again with the same ports to look`);
    return 1;
  }
  console.log('\nEvery goal met.');
  return 0;
}

/** Per phone: the events of its stores (and those for everyone) after its first ready, against what it saw. `p` narrows to a phase's events. */
function tally(phones, rows, p) {
  let missing = 0;
  let duplicated = 0;
  let expectedTotal = 0;
  let seenTotal = 0;
  const next = p ? phases[phases.indexOf(p) + 1] : null;
  for (const phone of phones) {
    const expected = new Map();
    for (const r of rows) {
      if (phone.firstId === null || r.id <= phone.firstId) continue;
      if (r.store_code !== null && !phone.stores.includes(r.store_code)) continue;
      const at = r.created_at.getTime();
      if (p && (at < p.started || (next && at >= next.started))) continue;
      const fp = fingerprint(r.type, { ...(r.payload ?? {}), storeCode: r.store_code, at: r.created_at.toISOString() });
      expected.set(fp, (expected.get(fp) ?? 0) + 1);
    }
    for (const [fp, n] of expected) {
      const seen = phone.seen.get(fp) ?? 0;
      expectedTotal += n;
      seenTotal += Math.min(seen, n);
      if (seen < n) missing += n - seen;
      if (seen > n) duplicated += seen - n;
    }
  }
  return { missing, duplicated, expectedTotal, seenTotal };
}

let code = 1;
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
