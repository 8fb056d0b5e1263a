import { expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { POD_REASON_OTHER } from '@gerai/contract';
import { cancelReasons, podRejectReasons, podRequestReasons, returnReasons } from '../db/schema';
import { describeOnPostgres, preparedBy } from '../test/plans';
import { listReasons } from './reasons';

// Every reason list is a prepared read of its table (decision 163): its reasons in order, then "Lainnya".
describeOnPostgres('the reason lists as the app sends them', (db) => {
  it('reads each table as its own named statement, in order, "Lainnya" last', async () => {
    for (const table of [podRequestReasons, podRejectReasons, cancelReasons, returnReasons]) {
      const stored = await db().db.select({ id: table.id, label: table.label }).from(table).orderBy(asc(table.sort), asc(table.id));
      let list: Awaited<ReturnType<typeof listReasons>> | undefined;
      const sent = await preparedBy(async () => (list = await listReasons(db().db, table)));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.name).toMatch(/^reasons_[a-z_]+_reasons$/);
      expect(list!.items).toEqual([...stored.map((r) => ({ ...r, requiresText: false })), { id: POD_REASON_OTHER.id, label: POD_REASON_OTHER.label, requiresText: true }]);
    }
    const names = [];
    for (const table of [podRequestReasons, podRejectReasons, cancelReasons, returnReasons]) names.push((await preparedBy(() => listReasons(db().db, table)))[0]!.name);
    expect(new Set(names).size).toBe(4);
  });
});
