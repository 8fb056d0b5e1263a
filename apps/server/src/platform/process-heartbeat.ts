import { randomUUID } from 'node:crypto';
import { eq, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { serverProcesses } from '../db/schema';

/** How often a process says it is alive. */
export const PROCESS_BEAT_MS = 2_000;
/**
 * A process silent this long is gone: its running Idempotency-Keys may be taken over by a retry. Five beats,
 * so a busy event loop or a slow write is never mistaken for a death (a wrong guess could run a change twice).
 */
export const PROCESS_GONE_SECONDS = 10;
/** Rows of processes gone this long are removed when a process starts. */
const FORGET_AFTER = sql`interval '1 day'`;

declare module 'fastify' {
  interface FastifyInstance {
    /** This server process's id in server_processes: the owner of the Idempotency-Keys it runs. */
    processId: string;
  }
}

async function beat(db: Db, id: string): Promise<void> {
  await db
    .insert(serverProcesses)
    .values({ id, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: serverProcesses.id, set: { seenAt: sql`now()` } });
}

/**
 * The process is in server_processes from when it is ready until it closes, beating every PROCESS_BEAT_MS.
 * A failed beat (the database away) is tried again at the next one.
 */
export function registerProcessHeartbeat(app: FastifyInstance): void {
  const id = randomUUID();
  app.decorate('processId', id);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await app.db.delete(serverProcesses).where(lt(serverProcesses.seenAt, sql`now() - ${FORGET_AFTER}`));
    await beat(app.db, id);
    timer = setInterval(() => void beat(app.db, id).catch(() => undefined), PROCESS_BEAT_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A process that stops cleanly has finished its requests: nothing it held is running any more.
    await app.db
      .delete(serverProcesses)
      .where(eq(serverProcesses.id, id))
      .catch(() => undefined);
  });
}

/** SQL: true while the process in `owner` (a key's owner column) is alive, or unknown (null: only the key's age tells). */
export function ownerAlive(owner: AnyColumn): SQL<boolean> {
  return sql<boolean>`(${owner} is null or exists (select 1 from ${serverProcesses} p where p.id = ${owner} and p.seen_at > now() - make_interval(secs => ${PROCESS_GONE_SECONDS})))`;
}
