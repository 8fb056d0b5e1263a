import { and, asc, inArray, lt, ne } from 'drizzle-orm';
import { PUSH_MESSAGE_STATUS } from '@gerai/contract';
import type { Db } from '../../db/client';
import { pushMessages } from '../../db/schema';

/** Rows deleted per statement, oldest first (the primary key's order): short locks, no new index. */
const PURGE_BATCH = 5_000;

/**
 * Deletes the pushes that are done with (sent, expired, failed, gone) and older than `keepDays`;
 * called hourly by main with the events' retention, so an escalation's "dikirim ke N ponsel" lasts
 * as long as the events it follows. A pending push is never deleted: the dispatcher expires it.
 */
export async function purgeOldPushes(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000);
  let total = 0;
  for (;;) {
    const oldest = db
      .select({ id: pushMessages.id })
      .from(pushMessages)
      .where(and(lt(pushMessages.createdAt, cutoff), ne(pushMessages.status, PUSH_MESSAGE_STATUS.PENDING)))
      .orderBy(asc(pushMessages.id))
      .limit(PURGE_BATCH);
    const deleted = await db.delete(pushMessages).where(inArray(pushMessages.id, oldest)).returning({ id: pushMessages.id });
    total += deleted.length;
    if (deleted.length < PURGE_BATCH) return total;
  }
}
