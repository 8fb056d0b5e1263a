// The machines of `npm run topology` (scripts/topology.mjs): its own PostgreSQL, Gerai processes run
// from deploy/systemd/gerai@.service as systemd would run them, and nginx with deploy/nginx/gerai.conf.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './build.mjs';
import { renderSite, SITE_FILE } from './topology-render.mjs';

const UNIT_FILE = path.join(ROOT, 'deploy/systemd/gerai@.service');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

/** Everything started lives in `tmp` and is stopped by `cleanups` (run in reverse by the caller). */
export function createStack({ tmp, ports, cleanups }) {
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

  return { portsFree, pgRun, pgCtl, pgStartArgs, pgDir, pgBin, startPostgres, dbUrl, channelSecret, envFile, writeEnvFile, startGerai, stopGerai, tail, startNginx, NGINX };
}
