import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUSH_MESSAGE_STATUS, pushTag } from '@gerai/contract';
import { testContextPerFile } from '../../test/harness';
import { crewNik } from '../../seed/demo-data';
import { purgeOldPushes } from './purge';
import { clearPushes, messages, startPushService, subscribe, type PushService } from './push-test-kit';

const ctx = testContextPerFile();
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service?.close());
beforeEach(async () => clearPushes(ctx));

/** A push row of `status` written `daysAgo` days before now. */
async function pushRow(deviceRowId: number, status: string, daysAgo: number) {
  await ctx.handle.db.execute(sql`insert into push_messages (device_id, user_id, kind, tag, payload, status, expires_at, created_at)
    select ${deviceRowId}, user_id, 'order.new', ${pushTag.orderNew('T001')}, '{}'::jsonb, ${status}, now(), now() - make_interval(days => ${daysAgo})
    from push_devices where id = ${deviceRowId}`);
}

describe('push outbox retention', () => {
  it('deletes what is done with past the retention and keeps what is recent or still pending', async () => {
    await subscribe(ctx, crewNik('T001'), service);
    const rows = ((await ctx.handle.db.execute(sql`select id from push_devices`)) as unknown as { rows: Array<{ id: number }> }).rows;
    const id = rows[0]!.id;
    for (const status of [PUSH_MESSAGE_STATUS.SENT, PUSH_MESSAGE_STATUS.EXPIRED, PUSH_MESSAGE_STATUS.FAILED, PUSH_MESSAGE_STATUS.GONE]) await pushRow(id, status, 10);
    await pushRow(id, PUSH_MESSAGE_STATUS.PENDING, 10);
    await pushRow(id, PUSH_MESSAGE_STATUS.SENT, 1);

    expect(await purgeOldPushes(ctx.handle.db, 7)).toBe(4);
    const left = await messages(ctx);
    expect(left.map((m) => m.status).sort()).toEqual([PUSH_MESSAGE_STATUS.PENDING, PUSH_MESSAGE_STATUS.SENT]);
    expect(await purgeOldPushes(ctx.handle.db, 7)).toBe(0);
  });
});
