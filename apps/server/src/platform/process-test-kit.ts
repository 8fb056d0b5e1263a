/**
 * Real Gerai server processes (`src/main.ts` under tsx) on 127.0.0.1, for the
 * multi-process and crash tests and the benchmark's two-process row. Not part
 * of the app's import graph.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { defaultChannelSecrets } from '../config';
import { signBody } from '../modules/channels/signature';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

/** Secrets of their own, shared by every process of one run (as a deployment's would be). */
export function processSecrets(): { JWT_SECRET: string; CHANNEL_SECRETS: string; channelSecret: (appId: number) => string } {
  const secrets: Record<string, string> = Object.fromEntries(Object.keys(defaultChannelSecrets()).map((id) => [id, randomBytes(32).toString('hex')]));
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    CHANNEL_SECRETS: JSON.stringify(secrets),
    channelSecret: (appId) => secrets[String(appId)]!,
  };
}

/** A fresh database on the server of `adminUrl`, dropped (with its connections) by `drop`. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A plain SQL connection to the scratch database, for reading back what the servers committed. */
export async function sqlConnection(url: string): Promise<{ sql: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>; close: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { sql: async (text, values) => (await client.query(text, values)).rows as Array<Record<string, unknown>>, close: () => client.end() };
}

export interface ServerProcess {
  base: string;
  port: number;
  /** The Node process itself (no wrapper), so a signal reaches the server. */
  pid: number;
  /** Its last log lines, for a failure message. */
  output(): string;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** `kill -9`: no shutdown, nothing flushed. */
  kill(): Promise<void>;
}

/**
 * Starts `src/main.ts` with `env` (DATABASE_URL and the secrets at least) on
 * 127.0.0.1 and a free port, and resolves once it logged that it is ready.
 */
export async function startServerProcess(env: Record<string, string>, readyTimeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    // Nothing inherited: the server reads only what the test gives it.
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      // Several processes on one machine: each its own metrics port.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
    }
  };
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in ${readyTimeoutMs} ms:\n${lines.join('\n')}`)), readyTimeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      for (const line of chunk.toString().split('\n')) {
        const port = readyPort(line);
        if (port) {
          clearTimeout(timer);
          resolve(port);
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${lines.join('\n')}`));
    });
  });
  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => lines.join('\n'),
    stop: () => signal('SIGTERM', 10_000),
    kill: () => signal('SIGKILL', 5_000),
  };
}

function readyPort(line: string): number | null {
  if (!line.includes('Gerai ready')) return null;
  try {
    const port = (JSON.parse(line) as { port?: unknown }).port;
    return typeof port === 'number' ? port : null;
  } catch {
    return null;
  }
}

/** A signed channel call (the server's signature format, docs/api.md), made now. */
export function channelHeaders(signed: string, secret: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-gerai-signature': signBody(signed, secret) };
}

/** Kills what is still running when the test process goes: a failed test must not leave servers behind. */
export function killOnExit(servers: ServerProcess[]): void {
  process.once('exit', () => {
    for (const s of servers) {
      try {
        process.kill(s.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Signs in through the API of `base` and returns the bearer token. */
export async function signIn(base: string, nik: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nik, password }) });
  if (!res.ok) throw new Error(`login ${nik} at ${base}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** One SSE frame as a client sees it. */
export interface SseFrame {
  /** null for an event sent without an id line (one that committed after a higher id: the cursor stays). */
  id: number | null;
  event: string;
  data: string;
}

/** A phone's `GET /api/events` stream, read in the background into `frames`. */
export class SseClient {
  readonly frames: SseFrame[] = [];
  private readonly controller = new AbortController();
  private ended = false;

  private constructor() {}

  static async open(base: string, token: string, lastEventId?: number): Promise<SseClient> {
    const client = new SseClient();
    const res = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${token}`, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
      signal: client.controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`events at ${base}: ${res.status} ${await res.text()}`);
    void client.read(res.body);
    // The first frame (ready, or the first replayed event) says the stream is live.
    await client.waitFor((f) => f.length > 0 || client.ended, 10_000);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        for (const part of parts) {
          const field = (name: string) => part.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          const id = field('id');
          if (event) this.frames.push({ id: id === undefined ? null : Number(id), event, data: field('data') ?? '' });
        }
      }
    } catch {
      // closed by us or by the server
    } finally {
      this.ended = true;
    }
  }

  /** Resolves once `check(frames)` holds; rejects after `timeoutMs` naming what arrived. */
  async waitFor(check: (frames: SseFrame[]) => boolean, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!check(this.frames)) {
      if (Date.now() > until) throw new Error(`SSE: condition not met in ${timeoutMs} ms; got ${this.frames.map((f) => `${f.id}:${f.event}`).join(', ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  close(): void {
    this.controller.abort();
  }
}
