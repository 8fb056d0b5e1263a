import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseFcmServiceAccount, vapidOf, type FcmServiceAccount } from './config-push';
import { ESCALATION_DEFAULT_MINUTES, ESCALATION_LEVEL, ORDER_STATUS, POD_DEFAULTS, SLA_DEFAULT_MINUTES, TICKET_REOPEN_DAYS_DEFAULT } from '@gerai/contract';

/** Signs access tokens when JWT_SECRET is unset; known to everyone, so only for development on the embedded database. */
export const DEV_JWT_SECRET = 'gerai-dev-secret-change-me-in-production-please';

export { DEV_VAPID, type FcmServiceAccount } from './config-push';

/** The port Prometheus' list of exporter ports gives OpenTelemetry's Prometheus exporter. */
export const DEFAULT_METRICS_PORT = 9464;

/** Names proxy-addr (Fastify's trustProxy) accepts for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: off by default, so a client
 * cannot pick its own address (and its own rate-limit bucket) with X-Forwarded-For.
 * A list of proxy addresses or CIDRs (the load balancers), or `true` when nothing
 * but the proxy can reach the server. A hop count is refused: it cannot check who
 * sent the header, and Fastify 5 trusts nobody for it anyway.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): boolean | string[] => {
    const value = raw.trim();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'a hop count cannot check who sent X-Forwarded-For; name the proxies instead (e.g. TRUST_PROXY=10.0.0.0/8)' });
      return z.NEVER;
    }
    const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR: ${bad.join(', ')} (e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.10)` });
      return z.NEVER;
    }
    return entries;
  });

/** A number of minutes, decimals allowed (tests run with 0.1), positive and at most a week. */
const minutes = (fallback: number) => z.coerce.number().positive().max(10_080).default(fallback);

/** Every environment variable the server reads, validated once. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /**
   * A connection with session semantics for LISTEN and the start-up lock: PostgreSQL itself, or
   * pgbouncer in session mode when DATABASE_URL goes through transaction pooling. Default: DATABASE_URL.
   */
  DATABASE_SESSION_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** Connections this process's pool opens to PostgreSQL at most (the LISTEN connection comes on top). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32).default(DEV_JWT_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  /** JSON object appId → secret; defaults to demo secrets "gerai-channel-<appId>" (development only). */
  CHANNEL_SECRETS: z.string().optional(),
  /** How far a channel signature's timestamp may be from the server's clock, so a captured request cannot be replayed later. */
  CHANNEL_SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * JSON object appId → URL that takes the channel's notices (order cancelled, return decided, refunded),
   * POSTed as signed JSON. A channel without a URL gets them in the built-in demo sink (logged and accepted).
   */
  CHANNEL_WEBHOOKS: z
    .string()
    .default('{}')
    .transform((raw, ctx): Record<string, string> => {
      let json: unknown;
      try {
        json = JSON.parse(raw.trim() === '' ? '{}' : raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object such as {"379":"https://channel.example/gerai/notices"}' });
        return z.NEVER;
      }
      const parsed = z.record(z.string().regex(/^\d+$/), z.url({ protocol: /^https?$/ })).safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** How often the notice dispatcher looks for notices due (milliseconds). */
  CHANNEL_NOTICE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** A notice the channel refused this many times is given up on (status failed, shown on the order). */
  CHANNEL_NOTICE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** The wait after the first failed attempt; it doubles with every further failure up to CHANNEL_NOTICE_BACKOFF_MAX_SECONDS. */
  CHANNEL_NOTICE_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  CHANNEL_NOTICE_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(3_600),
  /** How long one send may take before it counts as failed (milliseconds). */
  CHANNEL_NOTICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Web Push (RFC 8292): the server's VAPID key pair (base64url, as `npx web-push generate-vapid-keys`
   * prints it) and who runs it (mailto: or https:). Development uses DEV_VAPID when unset; elsewhere
   * Web Push stays off until they are set (the public pair is refused).
   */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'the uncompressed P-256 public key in base64url (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the P-256 private key in base64url (43 characters)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: address or an https: URL').optional(),
  /**
   * FCM HTTP v1 for the native host's tokens: the Firebase service account (its JSON, or the path of
   * its file). Unset: the server sends no FCM (the host falls back to Web Push where it can).
   */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  /** The FCM API base: messages are POSTed to `<FCM_ENDPOINT>/projects/<project_id>/messages:send` (a test points it at a local server). */
  FCM_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com/v1'),
  /**
   * Hosts a Web Push endpoint may be on (a suffix of the endpoint's host): the browsers' push services.
   * The server POSTs to these only, so a subscription cannot point it at an internal address.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((raw) => raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
  /** How often the push dispatcher looks for pushes due (milliseconds); a committed change that queues one kicks it at once. */
  PUSH_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
  /** The wait after a push's first failed attempt; it doubles with every further failure up to PUSH_BACKOFF_MAX_SECONDS. */
  PUSH_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(86_400).default(10),
  PUSH_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** How long one push request may take (milliseconds). */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Push requests in flight at once per process (a fan-out to many phones). */
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
  TRUST_PROXY: trustProxySchema,
  WEB_DIST: z.string().optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  /** Where Prometheus scrapes `GET /metrics`: a port of its own, never the phones' (0: a free one; `off`: none). Unset: 9464 outside development, off in development. */
  METRICS_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)], { error: 'a port number (0 for a free one) or off, e.g. METRICS_PORT=9464' }).optional(),
  ),
  /** The metrics port's address: the machine itself unless Prometheus scrapes from elsewhere (then a private address, never a public one). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** How long a store's order counts and lists may be served from memory at most; 0 turns the cache off. Every change to the store clears it at once. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Longest time a stock lookup or booking store list is kept (every stock move clears them at once); 0 turns it off. */
  STOCK_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  MIN_APP_VERSION: z.string().default('1.0.0'),
  /** Scan and go completes an order only when the reported position is within this many metres of the customer. */
  POD_RADIUS_METERS: z.coerce.number().positive().default(POD_DEFAULTS.radiusM),
  /** A position reported with a worse GPS accuracy (metres) is refused: the fix is too poor to decide on. */
  POD_MAX_ACCURACY_METERS: z.coerce.number().positive().default(POD_DEFAULTS.maxAccuracyM),
  /** A POD approval request is accepted only within this many metres of the customer. */
  POD_REQUEST_MAX_METERS: z.coerce.number().positive().default(POD_DEFAULTS.requestMaxM),
  /** A POD position that reaches the server more than this many minutes after the phone took it is refused (a POD made offline waits in the outbox). */
  POD_CAPTURE_MAX_AGE_MINUTES: z.coerce.number().int().positive().max(10_080).default(POD_DEFAULTS.captureMaxAgeMin),
  /** A completed order may be returned within this many days of its completion. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** A resolved helpdesk ticket may be reopened by its store within this many days of its resolution. */
  TICKET_REOPEN_DAYS: z.coerce.number().int().min(1).max(90).default(TICKET_REOPEN_DAYS_DEFAULT),
  /** Events older than this are deleted (hourly): a phone away longer reads its screens again instead of replaying. */
  EVENTS_KEEP_DAYS: z.coerce.number().int().positive().max(365).default(7),
  /** Minutes from its arrival within which a new order (1101) should be claimed; past it, monitoring counts it late. */
  SLA_NEW_MINUTES: minutes(SLA_DEFAULT_MINUTES[ORDER_STATUS.NEW]),
  /** Minutes from its arrival within which an order should be packed (leave 1102). */
  SLA_PACKING_MINUTES: minutes(SLA_DEFAULT_MINUTES[ORDER_STATUS.PACKING]),
  /** Minutes from its arrival within which a packed order should be handed over or delivered (leave 1103). */
  SLA_IN_PROGRESS_MINUTES: minutes(SLA_DEFAULT_MINUTES[ORDER_STATUS.IN_PROGRESS]),
  /** Minutes after arrival at which a still unclaimed new order rings the store's phones again (escalation level 1). */
  ESCALATION_STORE_MINUTES: minutes(ESCALATION_DEFAULT_MINUTES[ESCALATION_LEVEL.STORE]),
  /** Minutes after arrival at which it reaches the kepala toko (level 2); later than level 1. */
  ESCALATION_CHIEF_MINUTES: minutes(ESCALATION_DEFAULT_MINUTES[ESCALATION_LEVEL.STORE_CHIEF]),
  /** Minutes after arrival at which it reaches the area supervisor (level 3); later than level 2. */
  ESCALATION_AREA_MINUTES: minutes(ESCALATION_DEFAULT_MINUTES[ESCALATION_LEVEL.AREA_SUPERVISOR]),
  /** How often the escalation job looks for new orders due (seconds; decimals allowed). */
  ESCALATION_POLL_SECONDS: z.coerce.number().min(0.2).max(3600).default(30),
  SEED_ON_EMPTY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  COOKIE_SECURE: z
    .enum(['true', 'false', 'auto'])
    .default('auto'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'METRICS_PORT'> & {
  /** Where `/metrics` is served; null: not served. */
  metricsPort: number | null;
  channelSecrets: Record<string, string>;
  /** A Web Push endpoint may be plain http on this machine (127.0.0.1, localhost): development and tests, never production. */
  pushLoopback: boolean;
  /** The VAPID pair and subject Web Push is signed with; null: Web Push is off (not configured outside development). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** The FCM service account (from FCM_SERVICE_ACCOUNT); null: no FCM sending. */
  fcm: FcmServiceAccount | null;
  webDist: string;
  allowedOrigins: string[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const base = parsed.data;
  const databaseUrl = overrides.DATABASE_URL ?? base.DATABASE_URL;
  const jwtSecret = overrides.JWT_SECRET ?? base.JWT_SECRET;
  const channelSecrets = overrides.channelSecrets ?? (base.CHANNEL_SECRETS ? parseChannelSecrets(base.CHANNEL_SECRETS) : defaultChannelSecrets());
  // The public defaults let anyone sign an access token or a channel order: development on one machine only.
  const development = !databaseUrl && (overrides.NODE_ENV ?? base.NODE_ENV) !== 'production';
  const where = databaseUrl ? 'a PostgreSQL (DATABASE_URL) deployment' : 'NODE_ENV=production';
  if (!development) refuseDevelopmentSecrets(jwtSecret, channelSecrets, where);
  const vapid = vapidOf({ ...base, ...overrides }, development, where);
  const { METRICS_PORT, ...rest } = base;
  const config: Config = {
    ...rest,
    metricsPort: METRICS_PORT === 'off' ? null : (METRICS_PORT ?? (development ? null : DEFAULT_METRICS_PORT)),
    channelSecrets,
    pushLoopback: (overrides.NODE_ENV ?? base.NODE_ENV) !== 'production',
    vapid,
    fcm: base.FCM_SERVICE_ACCOUNT ? parseFcmServiceAccount(base.FCM_SERVICE_ACCOUNT) : null,
    webDist: base.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    allowedOrigins: base.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    ...overrides,
  };
  refuseEscalationOrder(config);
  return config;
}

/** Each escalation level reaches someone further up, so it must come after the level before it. */
function refuseEscalationOrder(config: Pick<Config, 'ESCALATION_STORE_MINUTES' | 'ESCALATION_CHIEF_MINUTES' | 'ESCALATION_AREA_MINUTES'>): void {
  const levels = [
    ['ESCALATION_STORE_MINUTES', config.ESCALATION_STORE_MINUTES],
    ['ESCALATION_CHIEF_MINUTES', config.ESCALATION_CHIEF_MINUTES],
    ['ESCALATION_AREA_MINUTES', config.ESCALATION_AREA_MINUTES],
  ] as const;
  for (let i = 1; i < levels.length; i++) {
    const [earlier, earlierMinutes] = levels[i - 1]!;
    const [later, laterMinutes] = levels[i]!;
    if (laterMinutes <= earlierMinutes) {
      throw new Error(
        `Invalid configuration: ${later} (${laterMinutes}) must be more than ${earlier} (${earlierMinutes}): an unclaimed order reaches the store's phones, then the kepala toko, then the area supervisor, each later than the one before.`,
      );
    }
  }
}

/** A real channel secret is as long as a real JWT secret. */
const MIN_CHANNEL_SECRET = 32;

function parseChannelSecrets(raw: string): Record<string, string> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('Invalid configuration: CHANNEL_SECRETS must be a JSON object such as {"379":"<secret>"}');
  }
  const parsed = z.record(z.string().regex(/^\d+$/), z.string().min(8)).safeParse(json);
  if (!parsed.success) throw new Error(`Invalid configuration: CHANNEL_SECRETS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/**
 * Outside development every secret must be the operator's own: the defaults are
 * in this repository. Names each variable to set and how to make a value.
 */
function refuseDevelopmentSecrets(jwtSecret: string, channelSecrets: Record<string, string>, where: string): void {
  const demo = defaultChannelSecrets();
  const weakChannels = Object.entries(channelSecrets)
    .filter(([appId, secret]) => secret === demo[appId] || secret.length < MIN_CHANNEL_SECRET)
    .map(([appId]) => appId);
  const problems: string[] = [];
  if (jwtSecret === DEV_JWT_SECRET) {
    problems.push(`JWT_SECRET is the public development default, which must not sign tokens for ${where}. Set JWT_SECRET to a random secret of at least 32 characters, e.g. JWT_SECRET=$(openssl rand -hex 32).`);
  }
  if (weakChannels.length > 0) {
    problems.push(
      `CHANNEL_SECRETS has the public development default or a secret under ${MIN_CHANNEL_SECRET} characters for channel ${weakChannels.join(', ')}, which must not be used for ${where}. ` +
        `Set CHANNEL_SECRETS to a JSON object with a random secret per sales channel, e.g. CHANNEL_SECRETS='{"379":"<openssl rand -hex 32>","410":"…"}'.`,
    );
  }
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join(' ')}`);
}

/** Demo secrets per channel; production sets CHANNEL_SECRETS. */
export function defaultChannelSecrets(): Record<string, string> {
  const ids = [379, 410, 91, 95, 901, 911, 87];
  return Object.fromEntries(ids.map((id) => [String(id), `gerai-channel-${id}`]));
}
