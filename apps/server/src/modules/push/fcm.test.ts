import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { pushTag, type PushPayload } from '@gerai/contract';
import type { FcmServiceAccount } from '../../config';
import { FCM_SCOPE, fcmSender } from './fcm';

// FCM HTTP v1 against a local stand-in that checks each request as Google would: the access token
// must come from the account's token_uri, for a JWT signed with the account's own key (RFC 7523),
// and the message must be a data message to a token, collapsed per tag.

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account: FcmServiceAccount = {
  projectId: 'gerai-test',
  clientEmail: 'push@gerai-test.iam.gserviceaccount.com',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  tokenUri: '',
};

interface Seen {
  tokenRequests: number;
  messages: Array<{ url: string; auth: string; body: { message: { token: string; data: Record<string, string>; android: Record<string, string> } } }>;
}
const seen: Seen = { tokenRequests: 0, messages: [] };
const issued = new Set<string>();
const unregistered = new Set<string>();
let server: Server;
let base = '';

const read = (req: import('node:http').IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  const spki = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return reply(400, { error: 'unsupported_grant_type' });
        try {
          const { payload } = await jwtVerify(form.get('assertion') ?? '', spki, { issuer: account.clientEmail, audience: account.tokenUri });
          if (payload.scope !== FCM_SCOPE) return reply(400, { error: 'invalid_scope' });
        } catch {
          return reply(400, { error: 'invalid_grant' });
        }
        seen.tokenRequests++;
        const token = `ya29.${randomUUID()}`;
        issued.add(token);
        return reply(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && req.url === `/v1/projects/${account.projectId}/messages:send`) {
        const auth = req.headers.authorization ?? '';
        if (!issued.has(auth.replace(/^Bearer /, ''))) return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        const parsed = JSON.parse(body) as Seen['messages'][number]['body'];
        seen.messages.push({ url: req.url, auth, body: parsed });
        if (unregistered.has(parsed.message.token)) return reply(404, { error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } });
        if (typeof parsed.message.data !== 'object' || Object.values(parsed.message.data).some((v) => typeof v !== 'string')) return reply(400, { error: { status: 'INVALID_ARGUMENT' } });
        return reply(200, { name: `projects/${account.projectId}/messages/${randomUUID()}` });
      }
      reply(404, {});
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  account.tokenUri = `${base}/token`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const payload = (overrides: Partial<PushPayload> = {}): PushPayload => ({
  v: 1,
  kind: 'order.new',
  tag: pushTag.orderNew('T001'),
  title: 'Pesanan baru',
  body: '3 pesanan baru menunggu di toko T001',
  open: { screen: 'orders' },
  withdraw: false,
  renotify: true,
  at: new Date().toISOString(),
  ...overrides,
});

const device = (token: string) => ({ id: 1, transport: 'fcm', endpoint: null, p256dh: null, auth: null, token });

describe('FCM HTTP v1 sender', () => {
  it('gets an access token with a JWT signed by the service account, then sends a data message collapsed per tag', async () => {
    const send = fcmSender(account, `${base}/v1`, 5_000);
    expect(await send(device('tok-1'), payload())).toEqual({ ok: true });
    expect(await send(device('tok-2'), payload({ kind: 'booking.request', tag: pushTag.booking(7) }))).toEqual({ ok: true });
    // One token exchange for both messages.
    expect(seen.tokenRequests).toBe(1);
    const [first, second] = seen.messages;
    expect(first!.auth).toMatch(/^Bearer ya29\./);
    expect(first!.body.message).toEqual({
      token: 'tok-1',
      data: {
        v: '1',
        kind: 'order.new',
        tag: 'order.new:T001',
        title: 'Pesanan baru',
        body: '3 pesanan baru menunggu di toko T001',
        open: '{"screen":"orders"}',
        withdraw: 'false',
        renotify: 'true',
        at: expect.any(String),
      },
      android: { priority: 'HIGH', ttl: '1800s', collapse_key: 'order.new:T001' },
    });
    expect(second!.body.message.android.priority).toBe('NORMAL');
  });

  it('an access token the server no longer takes is replaced once; an unregistered token is gone', async () => {
    issued.clear();
    const send = fcmSender(account, `${base}/v1`, 5_000);
    // A fresh sender fetches its own token; clearing what was issued makes the next send's token stale.
    expect(await send(device('tok-3'), payload())).toEqual({ ok: true });
    issued.clear();
    const before = seen.tokenRequests;
    expect(await send(device('tok-3'), payload({ withdraw: true, renotify: false }))).toEqual({ ok: true });
    expect(seen.tokenRequests).toBe(before + 1);
    expect(seen.messages.at(-1)!.body.message.data.withdraw).toBe('true');
    unregistered.add('tok-gone');
    expect(await send(device('tok-gone'), payload())).toMatchObject({ ok: false, gone: true });
  });

  it('a token endpoint that refuses the JWT is a failure to retry, not a crash', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const send = fcmSender({ ...account, privateKey: other }, `${base}/v1`, 5_000);
    expect(await send(device('tok-4'), payload())).toMatchObject({ ok: false, gone: false, retry: true, error: expect.stringContaining('FCM token: HTTP 400 invalid_grant') });
  });
});
