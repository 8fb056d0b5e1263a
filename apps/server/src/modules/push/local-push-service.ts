import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service of our own on 127.0.0.1: it takes the server's Web Push requests and keeps them, for
// the push tests, the bench (bench/push.ts) and the e2e suite's service worker. It answers 201 (or
// the status set for an endpoint) and does nothing else: decrypting is the receiver's business.

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface PushService {
  base: string;
  received: ReceivedPush[];
  /** The status the service answers with next (default 201), per endpoint path. */
  answer: (path: string, status: number) => void;
  /** Resolves when `n` requests arrived in all. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      res.statusCode = answers.get(req.url ?? '') ?? 201;
      res.end();
    });
  });
  // Connections are kept alive, as a push service keeps them (close() ends them).
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= n) return resolve();
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${n} pushes arrived`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

