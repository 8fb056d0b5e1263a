import type { Db } from '../db/client';
import { stores } from '../db/schema';

/** Whether the database has no data yet (no store): the server seeds the demo data only then. Apart from seed.ts, so a start that finds data never loads the seed and faker. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ code: stores.code }).from(stores).limit(1);
  return rows.length === 0;
}
