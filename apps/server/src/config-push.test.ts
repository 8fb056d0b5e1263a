import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { DEV_VAPID, loadConfig } from './config';

const POSTGRES = 'postgres://gerai@db.example:5432/gerai';
const REAL = {
  JWT_SECRET: 'x'.repeat(64),
  CHANNEL_SECRETS: JSON.stringify(Object.fromEntries([379, 410, 91, 95, 901, 911, 87].map((id) => [id, `${id}-`.padEnd(40, 'k')]))),
};

describe('push configuration', () => {
  it('development signs Web Push with the public development pair', () => {
    expect(loadConfig({}).vapid).toEqual(DEV_VAPID);
    expect(loadConfig({}).pushLoopback).toBe(true);
  });

  it('outside development Web Push is off until a pair is set, and the public pair is refused, naming what to set', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES, ...REAL }).vapid).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'production', ...REAL, VAPID_PUBLIC_KEY: DEV_VAPID.publicKey, VAPID_PRIVATE_KEY: DEV_VAPID.privateKey, VAPID_SUBJECT: DEV_VAPID.subject })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are the public development pair.*NODE_ENV=production.*generate-vapid-keys/,
    );
    const own = webpush.generateVAPIDKeys();
    const config = loadConfig({ NODE_ENV: 'production', ...REAL, VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' });
    expect(config.vapid).toEqual({ publicKey: own.publicKey, privateKey: own.privateKey, subject: 'mailto:ops@example.com' });
    // A push service on this machine is for development and tests only.
    expect(config.pushLoopback).toBe(false);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: own.publicKey })).toThrow(/together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: own.privateKey, VAPID_SUBJECT: 'mailto:a@b.c' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('reads the FCM service account as JSON or from its file, and refuses one FCM would not take', () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const account = { type: 'service_account', project_id: 'gerai-prod', client_email: 'push@gerai-prod.iam.gserviceaccount.com', private_key: key, token_uri: 'https://oauth2.googleapis.com/token' };
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify(account) }).fcm).toEqual({ projectId: 'gerai-prod', clientEmail: account.client_email, privateKey: key, tokenUri: account.token_uri });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gerai-fcm-')), 'account.json');
    writeFileSync(file, JSON.stringify(account));
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: file }).fcm?.projectId).toBe('gerai-prod');
    expect(loadConfig({}).fcm).toBeNull();
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT: '/nonexistent/account.json' })).toThrow(/neither JSON nor a readable file/);
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, private_key: 'nope' }) })).toThrow(/FCM_SERVICE_ACCOUNT: private_key/);
  });
});
