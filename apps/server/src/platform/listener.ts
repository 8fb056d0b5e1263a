import type { FastifyBaseLogger } from 'fastify';
import type { Client, ClientConfig } from 'pg';

export interface PgListenerOptions {
  /** Settings of the dedicated connection: the pool's own, or DATABASE_SESSION_URL's. */
  connection: ClientConfig;
  channel: string;
  onPayload(payload: string): void;
  /** The connection is listening again after a loss: replay what was missed. A throw counts as a loss. */
  onReconnected(): Promise<void>;
  /** The connection was lost; nothing is heard until onReconnected. */
  onLost(err: unknown): void;
  log?: FastifyBaseLogger;
  /** Backoff between attempts: full jitter, doubling from minMs up to maxMs. */
  retry?: { minMs: number; maxMs: number };
  /** A half-open connection raises no error; a `select 1` this often (and its timeout) finds it. */
  pingIntervalMs?: number;
}

const noop = () => undefined;

/**
 * LISTEN on a PostgreSQL connection of its own that comes back by itself: when
 * the connection dies (server restart, failover, `pg_terminate_backend`, a
 * network cut found by the ping), it reconnects with backoff and hands over to
 * `onReconnected` so the caller can replay what it missed. Outside the pool on
 * purpose: LISTEN needs a session of its own (pgbouncer in session mode), and a
 * dead listening client must never go back into the pool.
 */
export class PgListener {
  private client: Client | null = null;
  private running = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PgListenerOptions) {}

  /** The first connection; a failure here is the caller's (start-up fails, as with the pool). */
  async start(): Promise<void> {
    const client = await this.connect();
    this.running = true;
    this.adopt(client);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = this.pingTimer = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    client.removeAllListeners('notification');
    // A connection that is already gone must not hold up shutdown.
    await Promise.race([client.end().catch(noop), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }

  private async connect(): Promise<Client> {
    const pg = (await import('pg')).default;
    const client = new pg.Client({
      ...this.options.connection,
      // Found in pg_stat_activity, one per process.
      application_name: `gerai-listen:${process.pid}`,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
    });
    // Errors before adopt() surface through connect()/query(); later ones through lost().
    client.on('error', noop);
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel.replace(/"/g, '')}"`);
      return client;
    } catch (err) {
      client.end().catch(noop);
      throw err;
    }
  }

  private adopt(client: Client): void {
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel === this.options.channel && msg.payload !== undefined) this.options.onPayload(msg.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('LISTEN connection ended')));
    const interval = this.options.pingIntervalMs ?? 10_000;
    this.pingTimer = setInterval(() => void client.query('select 1').catch((err: unknown) => this.lost(client, err)), interval);
    this.pingTimer.unref();
  }

  private lost(client: Client, err: unknown): void {
    if (client !== this.client || !this.running) return;
    this.client = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.end().catch(noop);
    // end() waits for the server on a half-open connection; the socket goes now.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    this.options.log?.warn({ err }, 'LISTEN connection lost; reconnecting');
    this.options.onLost(err);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { minMs, maxMs } = this.options.retry ?? { minMs: 100, maxMs: 5_000 };
    const delay = Math.random() * Math.min(maxMs, minMs * 2 ** this.attempt);
    this.attempt++;
    this.retryTimer = setTimeout(() => void this.reconnect(), delay);
    this.retryTimer.unref();
  }

  private async reconnect(): Promise<void> {
    this.retryTimer = null;
    if (!this.running) return;
    let client: Client;
    try {
      client = await this.connect();
    } catch (err) {
      this.options.log?.warn({ err, attempt: this.attempt }, 'LISTEN reconnect failed; retrying');
      if (this.running) this.scheduleReconnect();
      return;
    }
    if (!this.running) {
      await client.end().catch(noop);
      return;
    }
    this.adopt(client);
    try {
      await this.options.onReconnected();
      this.attempt = 0;
    } catch (err) {
      // The replay could not read what was missed: start over, from the same last id.
      this.lost(client, err);
    }
  }
}
