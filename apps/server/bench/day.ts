/**
 * `npm run bench -- day [stores=2000,20000] [rate=6] [rounds=3] …`: a peak hour of the chain on a
 * throwaway PostgreSQL (port BENCH_PG_PORT, default 55450). Every chain size is grown first (dataset.ts;
 * 100 orders per store by default); then, in `rounds=` rounds that alternate the sizes' order
 * (day-mix.ts roundSchedule), each size gets a real server process on 127.0.0.1, its active stores'
 * phones signed in, and the mix of day-mix.ts played by day-load.ts in a child process at `rate=`:
 * the growth from the smallest to the largest size is the median of the rounds' ratios, so one phase
 * at an odd moment of a shared host does not decide it. The largest size's last phase also goes up in
 * rate steps to the highest rate that meets every budget. Bounded in steps and time
 * (`time-limit-min=`); stops by itself. Each measured step also reports the CPU the server process
 * and PostgreSQL spent on it (day-cpu.ts), per order, and each phase the bare route's speed at that
 * moment. `keep=yes` plays on kept chains (see KEEP).
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { processSecrets, signIn, startServerProcess, type ServerProcess } from '../src/platform/process-test-kit';
import { GROWTH_SAMPLES, highestHeld, nextRate, ordersForGrowth, roundSchedule, type StepPlan } from './day-mix';
import type { DayLoadResult, DayLoadSpec } from './day-load';
import { printChain, printGrowth, printMix, printStep, printSteps, type PlayedPhase } from './day-report';
import { DAY_AREA_SUPERVISOR_NIK, DEMO_NIK, DEMO_PASSWORD, firstReason, growChain, phonesOf, type ChainSize } from './day-setup';
import type { LoadResult, LoadSpec } from './load';
import pgClient from 'pg';
import { measureCpu, postmasterOfBackend } from './day-cpu';
import { sampleWaits } from './day-waits';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from './postgres';

/** Options as `name=value` words (`npm run bench -- day stores=2000`): npm takes `--name` words for itself. */
const DEFAULTS = { keep: 'no', stores: '2000,20000', 'orders-per-store': '100', active: '100', sse: '300', rate: '6', 'growth-orders': String(ordersForGrowth()), 'step-seconds': '20', 'max-steps': '7', rounds: '3', 'time-limit-min': '45' };
const args: Record<keyof typeof DEFAULTS, string> = { ...DEFAULTS };
for (const word of process.argv.slice(3)) {
  const [name, value] = word.replace(/^--/, '').split('=');
  if (!(name! in DEFAULTS) || !value) throw new Error(`unknown option ${word}; options: ${Object.keys(DEFAULTS).map((k) => `${k}=`).join(' ')}`);
  args[name as keyof typeof DEFAULTS] = value;
}
const sizes = args.stores.split(',').map(Number).sort((a, b) => a - b);
const ORDERS_PER_STORE = Number(args['orders-per-store']);
const RATE = Number(args.rate);
const STEP_SECONDS = Number(args['step-seconds']);
/** Rounds of growth steps, each over every size (day-mix.ts roundSchedule); one size needs one round. */
const ROUNDS = sizes.length > 1 ? Number(args.rounds) : 1;
/** Which size each phase plays, worked out (and a bad `rounds=` refused) before any chain is grown. */
const SCHEDULE = roundSchedule(sizes, ROUNDS);
/**
 * The growth step (at both sizes, at `rate=`) runs until `growth-orders=` orders have started: by default
 * enough for every judged endpoint's p99 to rest on GROWTH_SAMPLES requests (day-mix.ts).
 */
const GROWTH_SECONDS = Math.ceil(Number(args['growth-orders']) / RATE);
const DRAIN_SECONDS = 10;
const PLAN: StepPlan = { start: RATE, factor: 1.5, maxSteps: Number(args['max-steps']), precision: 1.2 };
const PORT = Number(process.env.BENCH_PG_PORT) || 55450;
/**
 * keep=yes: play on the cluster at DAY_PG_URL (its `postgres` database; left running), reuse each size's
 * day_<stores> database an earlier keep=yes run (or bench/day-keep.ts) grew, and keep it afterwards:
 * the 20,000-store chain is grown once (about 13 minutes) and the hour played on it again.
 */
const KEEP = args.keep === 'yes';
const KEPT_URL = process.env.DAY_PG_URL;
if (KEEP && !KEPT_URL) throw new Error('keep=yes needs DAY_PG_URL=postgres://postgres@127.0.0.1:<port>/postgres, a cluster left running (bench/day-keep.ts prints one)');
const TIME_LIMIT_MS = Number(args['time-limit-min']) * 60_000;

let pg: ThrowawayPostgres | null = null;
let server: ServerProcess | null = null;
const log = (message: string) => process.stderr.write(`[bench day ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

function child<T>(script: string, spec: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited with ${code}`))));
    proc.stdin.end(JSON.stringify(spec));
  });
}

/** The host's speed in this run: a bare Fastify route under autocannon, as `npm run bench` measures it. */
async function baseline(): Promise<LoadResult> {
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    const spec: LoadSpec = { url: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/hello`, connections: 50, durationSeconds: 5, method: 'GET', headers: {} };
    return await child<LoadResult>('load.ts', spec);
  } finally {
    await bare.close();
  }
}

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)');
  const started = Date.now();
  printMix();
  const base = await baseline();
  log(`bare Fastify: ${base.requestsPerSecond.toFixed(0)} req/s, p99 ${base.p99} ms`);
  let adminUrl: string;
  let postmasterPid: number;
  if (KEEP) {
    adminUrl = KEPT_URL!;
    const c = new pgClient.Client({ connectionString: adminUrl });
    await c.connect();
    postmasterPid = postmasterOfBackend((await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
    await c.end();
    log(`playing on the kept cluster at ${adminUrl}`);
  } else {
    log(`starting a throwaway PostgreSQL from ${bin} on port ${PORT}`);
    pg = startThrowawayPostgres(bin, PORT);
    adminUrl = pg.url;
    postmasterPid = pg.postmasterPid();
  }
  const secrets = processSecrets();
  // Every size is grown first, so that the rounds can go back and forth between them.
  const chains = new Map<number, ChainSize>();
  for (const stores of sizes) {
    log(`growing a chain of ${stores} stores with ${stores * ORDERS_PER_STORE} orders of history`);
    const chain = await growChain(adminUrl, stores, stores * ORDERS_PER_STORE, Number(args.active), KEEP);
    printChain(chain);
    chains.set(stores, chain);
  }
  const largest = sizes[sizes.length - 1]!;
  // The rate steps load the largest chain far beyond the growth steps: they come in its last phase, after every growth step it is compared on.
  const stepsPhase = SCHEDULE.map((p) => p.stores).lastIndexOf(largest);
  const played: PlayedPhase[] = [];
  let steps: DayLoadResult[] = [];
  for (const [index, { round, stores }] of SCHEDULE.entries()) {
    const chain = chains.get(stores)!;
    // The host's speed at this phase: the rounds' ratios are read against it.
    const bare = await baseline();
    log(`round ${round} of ${ROUNDS}: ${stores} stores (bare Fastify ${bare.requestsPerSecond.toFixed(0)} req/s); starting the server process`);
    server = await startServerProcess({
      DATABASE_URL: chain.url,
      JWT_SECRET: secrets.JWT_SECRET,
      CHANNEL_SECRETS: secrets.CHANNEL_SECRETS,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'info',
      // The phones sign in once before the hour; the history's unclaimed orders are not this hour's escalations.
      LOGIN_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      ESCALATION_STORE_MINUTES: '10000',
      ESCALATION_CHIEF_MINUTES: '10020',
      ESCALATION_AREA_MINUTES: '10040',
    });
    let t = Date.now();
    const phones = await phonesOf(server.base, chain);
    const areaToken = await signIn(server.base, DAY_AREA_SUPERVISOR_NIK, DEMO_PASSWORD);
    const chainToken = await signIn(server.base, DEMO_NIK.SUPER_USER, DEMO_PASSWORD);
    const cancelReasonId = await firstReason(server.base, phones[0]!.chief, '/api/cancellations/reasons');
    const returnReasonId = await firstReason(server.base, phones[0]!.staff, '/api/returns/reasons');
    const spec = (ordersPerSecond: number, durationSeconds: number, seed: number): DayLoadSpec => ({
      base: server!.base,
      ordersPerSecond,
      durationSeconds,
      drainSeconds: DRAIN_SECONDS,
      sseStreams: Number(args.sse),
      channels: Object.entries(JSON.parse(secrets.CHANNEL_SECRETS) as Record<string, string>).map(([appId, secret]) => ({ appId: Number(appId), secret })),
      stores: phones,
      areaToken,
      chainToken,
      cancelReasonId,
      returnReasonId,
      password: DEMO_PASSWORD,
      seed,
    });
    log(`signed in ${phones.length * 2 + 2} phones in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // A measured step: the load generator's figures, the CPU the server and PostgreSQL spent on them and what PostgreSQL's backends waited on.
    const play = async (ordersPerSecond: number, durationSeconds: number, seed: number): Promise<DayLoadResult> => {
      const stopWaits = await sampleWaits(chain.url);
      const { result, cpu } = await measureCpu(server!.pid, postmasterPid, () => child<DayLoadResult>('day-load.ts', spec(ordersPerSecond, durationSeconds, seed)));
      return { ...result, cpu, waits: await stopWaits() };
    };
    // A warm-up (connections, prepared statements, caches, the pages of a chain the other size's phase pushed out), not reported.
    await child<DayLoadResult>('day-load.ts', spec(RATE, 15, 1));
    log(`growth step: ${RATE} orders/s for ${GROWTH_SECONDS} s (${args['growth-orders']} orders: ${GROWTH_SAMPLES} requests or more per judged endpoint)`);
    t = Date.now();
    const first = await play(RATE, GROWTH_SECONDS, 2 + round);
    printStep(`${stores} stores at ${RATE} orders/s, round ${round} (bare Fastify ${bare.requestsPerSecond.toFixed(0)} req/s)`, first);
    played.push({ round, stores, bareRequestsPerSecond: bare.requestsPerSecond, step: first });
    if (index === stepsPhase) {
      steps = [first];
      for (let rate = nextRate(steps, PLAN); rate !== null; rate = nextRate(steps, PLAN)) {
        if (Date.now() - started > TIME_LIMIT_MS - 3 * 60_000) {
          log('close to the time limit: no more steps');
          break;
        }
        log(`step: ${rate} orders/s for ${STEP_SECONDS} s`);
        steps.push(await play(rate, STEP_SECONDS, 10 + steps.length));
      }
      printSteps(stores, steps);
    }
    log(`load phase took ${((Date.now() - t) / 1000).toFixed(0)} s`);
    await server.stop();
    server = null;
  }
  for (const chain of chains.values()) await chain.drop();
  const best = highestHeld(steps) as DayLoadResult | null;
  if (best && best !== steps[0]) printStep(`${largest} stores at ${best.ordersPerSecond} orders/s, the highest rate held`, best);
  if (sizes.length >= 2) printGrowth(played, sizes[0]!, largest);
  console.log(`\nHost: ${cpus().length} CPUs shared by server, PostgreSQL ${path.basename(path.dirname(bin))} and load generator; bare Fastify ${base.requestsPerSecond.toFixed(0)} req/s (p99 ${base.p99} ms) at the start of this run; ${new Date().toISOString().slice(0, 10)}; whole run ${((Date.now() - started) / 60000).toFixed(1)} min`);
}

async function cleanup(): Promise<void> {
  await server?.stop().catch(() => undefined);
  server = null;
  pg?.stop();
  pg = null;
}

const deadline = setTimeout(() => {
  log(`time limit of ${TIME_LIMIT_MS / 60000} min reached; stopping`);
  void cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

await main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    clearTimeout(deadline);
  });
