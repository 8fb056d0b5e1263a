// Push notification settings (issue 28) that need more than a zod field: the VAPID pair's rules and
// the FCM service account. config.ts reads the environment and calls these.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The VAPID key pair (RFC 8292) Web Push is signed with when VAPID_* is unset: public like the dev
 * JWT secret, so only for development on the embedded database (a push service then believes anyone).
 */
export const DEV_VAPID = {
  publicKey: 'BOrNlBtnOz3JTHKowVokFjm4TTWJQkWEg-sAgn0nOIF0cx0TV6WCH8tASQOXCFIfHiH1w21Rknxbls2N6PvEhyA',
  privateKey: 'FJc0tPfUF-E-LUkrEKJyQL4X-FVkDsx1kcbBpXN3jeg',
  subject: 'mailto:gerai-dev@localhost.invalid',
} as const;

/**
 * The VAPID pair: all three variables or none. Development falls back to the public DEV_VAPID;
 * elsewhere that pair is refused (anyone could push to this server's subscribers with it), and
 * without a pair Web Push is off (main.ts says so at start-up).
 */
export function vapidOf(
  config: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; VAPID_SUBJECT?: string | undefined },
  development: boolean,
  where: string,
): { publicKey: string; privateKey: string; subject: string } | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  const set = [publicKey, privateKey, subject].filter((v) => v !== undefined).length;
  if (set > 0 && set < 3) throw new Error('Invalid configuration: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together (or none of them).');
  if (publicKey === undefined || privateKey === undefined || subject === undefined) return development ? { ...DEV_VAPID } : null;
  if (!development && (publicKey === DEV_VAPID.publicKey || privateKey === DEV_VAPID.privateKey)) {
    throw new Error(
      `Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are the public development pair, which must not sign Web Push for ${where}. ` +
        'Make a pair with `npx web-push generate-vapid-keys` and set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (mailto:you@example.com).',
    );
  }
  return { publicKey, privateKey, subject };
}

/** What FCM's HTTP v1 API needs of a Firebase service account's JSON key. */
export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  /** PKCS#8 PEM (RS256). */
  privateKey: string;
  /** Where its signed JWT is exchanged for an access token. */
  tokenUri: string;
}

const fcmAccountSchema = z.object({
  project_id: z.string().regex(/^[a-z0-9-]{3,64}$/),
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
});

/** FCM_SERVICE_ACCOUNT: the service account's JSON itself, or the path of its file. */
export function parseFcmServiceAccount(raw: string): FcmServiceAccount {
  let text = raw.trim();
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(text, 'utf8');
    } catch {
      throw new Error(`Invalid configuration: FCM_SERVICE_ACCOUNT is neither JSON nor a readable file (${raw}). Set it to the Firebase service account key (JSON) or its path.`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('Invalid configuration: FCM_SERVICE_ACCOUNT is not valid JSON (expected the Firebase service account key file).');
  }
  const parsed = fcmAccountSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid configuration: FCM_SERVICE_ACCOUNT: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { projectId: parsed.data.project_id, clientEmail: parsed.data.client_email, privateKey: parsed.data.private_key, tokenUri: parsed.data.token_uri };
}

