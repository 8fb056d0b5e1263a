import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { returns } from '../../db/schema';
import { type Principal } from '../../platform/principal';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../../test/plans';
import { getReturnable } from './eligibility';
import { listReturns } from './queries';
import { getReturnDetail } from './views';

describeOnPostgres('returns: the reads as the app sends them', (db) => {
  it("sends a return's detail and what may come back as named statements, one text for one store and for an area of ten", async () => {
    const handle = db();
    const [ret] = await handle.db.select({ shipmentNo: returns.shipmentNo }).from(returns).where(eq(returns.storeCode, 'T001')).limit(1);
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001');
    const detail = (p: Principal) => preparedBy(async () => expect((await getReturnDetail(handle.db, p, ret!.shipmentNo)).shipmentNo).toBe(ret!.shipmentNo));
    const returnable = (p: Principal) => preparedBy(async () => expect((await getReturnable(handle.db, p, ret!.shipmentNo, 30)).shipmentNo).toBe(ret!.shipmentNo));

    const chiefDetail = await detail(chief);
    expect(chiefDetail.map((s) => s.name)).toEqual(['return_history', 'return_latest_s', 'return_lines', 'return_photos']);
    // The stores are one array value, never a list written into the text: the same statements serve both.
    expect(await detail(area)).toEqual(chiefDetail);
    expect(chiefDetail.find((s) => s.name === 'return_latest_s')!.text).toContain('"returns"."store_code" = any(');

    const chiefReturnable = await returnable(chief);
    // The order and whether it has an open return are one statement.
    expect(chiefReturnable.map((s) => s.name)).toEqual(['returnable_lines', 'returnable_order_s']);
    expect(await returnable(area)).toEqual(chiefReturnable);
    expect(chiefReturnable.find((s) => s.name === 'returnable_order_s')!.text).toContain('"orders"."store_code" = any(');
  });

  it("sends the store's list as named statements, one per shape", async () => {
    const handle = db();
    const [ret] = await handle.db.select({ shipmentNo: returns.shipmentNo, status: returns.status }).from(returns).where(eq(returns.storeCode, 'T001')).limit(1);
    const chief = await memberOf(handle, DEMO_NIK.STORE_CHIEF, 'T001');
    const area = await memberOf(handle, DEMO_NIK.AREA_SUPERVISOR, 'T001');
    const list = (p: Principal, query?: string) =>
      preparedBy(async () => {
        const page = await listReturns(handle.db, p, { status: ret!.status as never, page: 1, size: 20, query });
        expect(page.items.map((i) => i.shipmentNo)).toContain(ret!.shipmentNo);
      });
    const plain = await list(chief);
    expect(plain.map((s) => s.name)).toEqual(['returns_list', 'returns_list_n']);
    expect(await list(area)).toEqual(plain);
    expect((await list(chief, ret!.shipmentNo)).map((s) => s.name)).toEqual(['returns_list_n_q', 'returns_list_q']);
  });
});
