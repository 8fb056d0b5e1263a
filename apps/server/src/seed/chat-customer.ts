// A customer on the other end of Gerai's chat, playing the sales channel's part: a small HTTP
// receiver for the store's outbound notices (point CHANNEL_WEBHOOKS at `<url>/notices/<appId>`)
// that reads each store chat message (fetching its photo through the notice's signed link) and
// answers it through the signed channel chat API, sending a photo of its own when asked for one.
// Used by `npm run simulate -- --chat` and by the e2e chat spec. Node built-ins only.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, signBody, verifySignature } from '../modules/channels/signature';
import { imageKind, tinyPng } from './tiny-png';

/** The body Gerai posts for each notice (see channels/notices.ts, noticeBody). */
export interface ReceivedNotice {
  id: number;
  kind: string;
  ref: string;
  shipmentNo: string;
  storeCode: string;
  attempt: number;
  createdAt: string;
  data: { messageId?: number; body?: string | null; photo?: { url?: string | null; mime?: string; size?: number } | null } & Record<string, unknown>;
  appId: number;
}

/** A store photo the customer fetched through the notice's link: its type read from its bytes. */
export interface SeenPhoto {
  kind: 'PNG' | 'JPEG' | 'WebP';
  size: number;
}

export interface ChatCustomerOptions {
  /** The Gerai the customer answers, e.g. http://127.0.0.1:3000. */
  gerai: string;
  /** Channel secrets by appId, as the server has them (CHANNEL_SECRETS). */
  secrets: Record<string, string>;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** How long the customer takes to read a message, then to answer it. */
  readAfterMs?: number;
  answerAfterMs?: number;
  /** The customer's answer to a store message (null: no answer, only the read receipt); `photo` is what its link gave. */
  answer?: (notice: ReceivedNotice, photo: SeenPhoto | null) => string | null;
  /** Whether the answer comes with a photo of the customer's (by default when the store asks for one). */
  sendsPhoto?: (notice: ReceivedNotice) => boolean;
  log?: (line: string) => void;
}

export interface ChatCustomer {
  /** The receiver's base URL; notices go to `${url}/notices/<appId>`. */
  url: string;
  /** CHANNEL_WEBHOOKS for the given channels, pointing at this receiver. */
  webhooks(appIds: readonly number[]): Record<string, string>;
  /** Every notice accepted so far, oldest first (chat messages and the crew's read receipts, `chat.read`). */
  received: ReceivedNotice[];
  /** The store photos fetched through their links, by notice id. */
  photos: Map<number, SeenPhoto>;
  close(): Promise<void>;
}

/** The customer's answer to a store photo it could open. */
export const photoSeenAnswer = (photo: SeenPhoto) => `Fotonya sudah saya lihat (${photo.kind}), terima kasih Kak.`;
/** The customer's answer to a store photo whose link gave no picture. */
export const PHOTO_BROKEN_ANSWER = 'Fotonya tidak bisa saya buka, Kak. Bisa dikirim ulang?';
/** The text that comes with the customer's own photo. */
export const PHOTO_SENT_ANSWER = 'Ini fotonya ya, Kak.';

/** The store asks for a picture. */
export const asksForPhoto = (notice: ReceivedNotice) => /\bfoto/i.test(notice.data.body ?? '');

/** A polite customer: says it saw a photo, thanks for news, says where to leave the goods, asks when in doubt. */
export function defaultAnswer(notice: ReceivedNotice, photo: SeenPhoto | null = null): string | null {
  const text = (notice.data.body ?? '').toLowerCase();
  if (notice.data.photo) return photo ? photoSeenAnswer(photo) : PHOTO_BROKEN_ANSWER;
  if (asksForPhoto(notice)) return PHOTO_SENT_ANSWER;
  if (text.includes('kurir') || text.includes('antar') || text.includes('jalan')) return 'Siap, saya tunggu di depan rumah ya.';
  if (text.includes('siap') || text.includes('ambil')) return 'Oke, saya segera ke toko. Terima kasih!';
  if (text.includes('kosong') || text.includes('ganti')) return 'Boleh diganti yang mirip, terima kasih.';
  return 'Baik, terima kasih Kak.';
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startChatCustomer(options: ChatCustomerOptions): Promise<ChatCustomer> {
  const { gerai, secrets, readAfterMs = 300, answerAfterMs = 700, answer = defaultAnswer, sendsPhoto = asksForPhoto, log = () => {} } = options;
  const base = gerai.replace(/\/$/, '');
  const received: ReceivedNotice[] = [];
  const photos = new Map<number, SeenPhoto>();
  const seen = new Set<number>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => Promise<void>) => {
    const t = setTimeout(() => {
      timers.delete(t);
      work().catch((err: unknown) => log(`chat customer: ${(err as Error).message}`));
    }, ms);
    timers.add(t);
  };

  /** A signed POST to the channel chat API, exactly as a channel signs intake. */
  const post = async (appId: number, path: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    const res = await fetch(`${base}/api/channels/${appId}/chat/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, secrets[String(appId)] ?? '') },
      body,
    });
    const text = await res.text();
    log(`customer → ${path} ${res.status} ${text.slice(0, 120)}`);
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  };

  /** The store photo of a notice, through its signed link (no header: the link is the proof); null when it gives no image. */
  const fetchPhoto = async (notice: ReceivedNotice): Promise<SeenPhoto | null> => {
    const url = notice.data.photo?.url;
    if (!url) return null;
    const res = await fetch(new URL(url, `${base}/`));
    const bytes = new Uint8Array(await res.arrayBuffer());
    const kind = res.ok ? imageKind(bytes) : null;
    log(`customer ← photo ${res.status} ${res.headers.get('content-type') ?? ''} ${bytes.length} bytes${kind ? ` (${kind})` : ''}`);
    if (!kind || res.headers.get('content-type') !== notice.data.photo?.mime) return null;
    const seen = { kind, size: bytes.length };
    photos.set(notice.id, seen);
    return seen;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const match = /^\/notices\/(\d+)$/.exec(req.url ?? '');
      const appId = Number(match?.[1]);
      const secret = secrets[String(appId)];
      const raw = await readBody(req);
      const signature = req.headers[SIGNATURE_HEADER];
      if (req.method !== 'POST' || !secret || verifySignature(raw, secret, typeof signature === 'string' ? signature : undefined, { toleranceSeconds: 300 }) !== 'valid') {
        res.writeHead(401).end();
        return;
      }
      const notice = { ...(JSON.parse(raw) as Omit<ReceivedNotice, 'appId'>), appId };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      // A retry of a notice already answered is accepted again and answered once.
      if (seen.has(notice.id)) return;
      seen.add(notice.id);
      received.push(notice);
      log(`notice ${notice.id} ${notice.kind} ${notice.shipmentNo}${notice.data.body ? `: ${notice.data.body}` : ''}`);
      const messageId = notice.data.messageId;
      // The crew read the customer's messages: accepted, nothing to answer.
      if (notice.kind === 'chat.read') log(`customer's messages read up to ${String(notice.data.upToMessageId)} (${notice.shipmentNo})`);
      if (notice.kind !== 'chat.message' || typeof messageId !== 'number') return;
      later(readAfterMs, () => post(appId, 'read', { shipmentNo: notice.shipmentNo, upToId: messageId }));
      later(readAfterMs + answerAfterMs, async () => {
        const text = answer(notice, notice.data.photo ? await fetchPhoto(notice) : null);
        const photo = sendsPhoto(notice) ? tinyPng().toString('base64') : undefined;
        if (text || photo) await post(appId, 'messages', { shipmentNo: notice.shipmentNo, messageId: `sim-${notice.id}`, ...(text ? { body: text } : {}), ...(photo ? { photo } : {}) });
      });
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    webhooks: (appIds) => Object.fromEntries(appIds.map((id) => [String(id), `${url}/notices/${id}`])),
    received,
    photos,
    async close() {
      for (const t of timers) clearTimeout(t);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
