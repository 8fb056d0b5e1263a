import { z } from 'zod';
import path from 'node:path';
import { POD_DEFAULTS } from '@gerai/contract';

/** Signs access tokens when JWT_SECRET is unset; known to everyone, so only for PGlite on one device. */
export const DEV_JWT_SECRET = 'gerai-dev-secret-change-me-in-production-please';

/** Every environment variable the server reads, validated once. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32).default(DEV_JWT_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  /** JSON object appId → secret; defaults to demo secrets "gerai-channel-<appId>". */
  CHANNEL_SECRETS: z.string().optional(),
  WEB_DIST: z.string().optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** How long a store's order counts and lists may be served from memory at most; 0 turns the cache off. Every change to the store clears it at once. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  MIN_APP_VERSION: z.string().default('1.0.0'),
  /** Scan and go completes an order only when the reported position is within this many metres of the customer. */
  POD_RADIUS_METERS: z.coerce.number().positive().default(POD_DEFAULTS.radiusM),
  /** A position reported with a worse GPS accuracy (metres) is refused: the fix is too poor to decide on. */
  POD_MAX_ACCURACY_METERS: z.coerce.number().positive().default(POD_DEFAULTS.maxAccuracyM),
  /** A POD approval request is accepted only within this many metres of the customer. */
  POD_REQUEST_MAX_METERS: z.coerce.number().positive().default(POD_DEFAULTS.requestMaxM),
  SEED_ON_EMPTY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  COOKIE_SECURE: z
    .enum(['true', 'false', 'auto'])
    .default('auto'),
});

export type Config = z.infer<typeof envSchema> & {
  channelSecrets: Record<string, string>;
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
  if (databaseUrl && jwtSecret === DEV_JWT_SECRET) {
    // Anyone can read the default in this repository and sign themselves an access token.
    throw new Error(
      'Invalid configuration: JWT_SECRET is the public development default, which must not sign tokens for a PostgreSQL (DATABASE_URL) deployment. ' +
        'Set JWT_SECRET to a random secret of at least 32 characters, e.g. JWT_SECRET=$(openssl rand -hex 32).',
    );
  }
  const channelSecrets = base.CHANNEL_SECRETS
    ? z.record(z.string(), z.string().min(8)).parse(JSON.parse(base.CHANNEL_SECRETS))
    : defaultChannelSecrets();
  return {
    ...base,
    channelSecrets,
    webDist: base.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    allowedOrigins: base.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    ...overrides,
  };
}

/** Demo secrets per channel; production sets CHANNEL_SECRETS. */
export function defaultChannelSecrets(): Record<string, string> {
  const ids = [379, 410, 91, 95, 901, 911, 87];
  return Object.fromEntries(ids.map((id) => [String(id), `gerai-channel-${id}`]));
}
