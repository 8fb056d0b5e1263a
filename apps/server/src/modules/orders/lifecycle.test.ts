import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELIVERY_TYPE, isOrderStatusId, ORDER_STATUS, ROLE, ROLE_IDS } from '@gerai/contract';
import type { Tx } from '../../db/client';
import { auditLog, orders, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { loadPrincipal, type Principal } from '../../platform/principal';
import { createTestContext, type TestContext } from '../../test/harness';
import { changeOrderStatus, mayChangeStatus, ORDER_LIFECYCLE } from './lifecycle';
import { eventsFor, historyOf, orderPicker, orderRow } from './order-test-kit';

const S = ORDER_STATUS;

describe('the lifecycle table', () => {
  it('moves between known statuses only, and never back into a status it came from', () => {
    for (const step of ORDER_LIFECYCLE) {
      expect(isOrderStatusId(step.from), `${step.action} from ${step.from}`).toBe(true);
      expect(isOrderStatusId(step.to), `${step.action} to ${step.to}`).toBe(true);
      expect(step.to).not.toBe(step.from);
    }
    // History statuses are final.
    const froms: number[] = ORDER_LIFECYCLE.map((s) => s.from);
    expect(froms).not.toContain(S.HISTORY);
    expect(froms).not.toContain(S.HISTORY_CANCELLED);
  });

  it('names each step by its from-status and action exactly once', () => {
    const keys = ORDER_LIFECYCLE.map((s) => `${s.from} ${s.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds the rules of who may take a step', () => {
    // Any crew member takes the daily steps (docs/decisions.md, "Who picks").
    for (const step of ORDER_LIFECYCLE.filter((s) => s.action !== 'cancel')) {
      for (const role of ROLE_IDS) expect(mayChangeStatus(role, step.from, step.action), `${role} ${step.action} ${step.from}`).toBe(true);
    }
    // CANCEL_RULE (decision 87): staff only ask; the kepala toko cancels; a delivery out for delivery needs an area supervisor.
    for (const from of [S.NEW, S.PACKING, S.IN_PROGRESS]) {
      expect(mayChangeStatus(ROLE.STAFF, from, 'cancel')).toBe(false);
      expect(mayChangeStatus(ROLE.STORE_CHIEF, from, 'cancel', DELIVERY_TYPE.PICKUP)).toBe(true);
    }
    expect(mayChangeStatus(ROLE.STORE_CHIEF, S.PACKING, 'cancel', DELIVERY_TYPE.DELIVERY)).toBe(true);
    expect(mayChangeStatus(ROLE.STORE_CHIEF, S.IN_PROGRESS, 'cancel', DELIVERY_TYPE.DELIVERY)).toBe(false);
    expect(mayChangeStatus(ROLE.AREA_SUPERVISOR, S.IN_PROGRESS, 'cancel', DELIVERY_TYPE.DELIVERY)).toBe(true);
    expect(mayChangeStatus(ROLE.SUPER_USER, S.IN_PROGRESS, 'cancel', DELIVERY_TYPE.DELIVERY)).toBe(true);
    // No step, nobody: a completed order is not cancelled.
    expect(mayChangeStatus(ROLE.SUPER_USER, S.COMPLETED, 'cancel')).toBe(false);
    expect(mayChangeStatus(ROLE.SUPER_USER, S.PACKING, 'claim')).toBe(false);
  });
});

// Never called: `npx tsc -p apps/server` fails when one of these lines compiles.
async function _refusedByTheCompiler(tx: Tx, p: Principal) {
  // @ts-expect-error: claim's event needs the picker's name.
  await changeOrderStatus(tx, p, 'SHP1', 'claim');
  // @ts-expect-error: archive has two steps (1104 and 1106): the caller says which.
  await changeOrderStatus(tx, p, 'SHP1', 'archive');
  // @ts-expect-error: there is no step archiving a new order.
  await changeOrderStatus(tx, p, 'SHP1', 'archive', { from: S.NEW });
  // @ts-expect-error: order.packed carries no receiver.
  await changeOrderStatus(tx, p, 'SHP1', 'pack', { payload: { receiverName: 'Rina' } });
  // @ts-expect-error: not an action of the lifecycle.
  await changeOrderStatus(tx, p, 'SHP1', 'teleport', {});
}

describe('changeOrderStatus', () => {
  let ctx: TestContext;
  let pick: ReturnType<typeof orderPicker>;
  const principal = async (nik: string) => {
    const [user] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, nik));
    return (await loadPrincipal(ctx.handle.db, user!.id))!;
  };
  const cancel = (p: Principal, shipmentNo: string, from: 1101 | 1102 | 1103) =>
    ctx.handle.db.transaction((tx) => changeOrderStatus(tx, p, shipmentNo, 'cancel', { from, reason: 'Stok habis', payload: { reason: 'Stok habis' } }));

  beforeAll(async () => {
    ctx = await createTestContext();
    pick = orderPicker(ctx);
  });
  afterAll(async () => ctx?.close());

  it('refuses staff a step the table keeps for the kepala toko (403), changing nothing', async () => {
    const order = await pick('T001', S.IN_PROGRESS);
    await expect(cancel(await principal('10000001'), order.shipmentNo, S.IN_PROGRESS)).rejects.toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(await orderRow(ctx, order.id)).toEqual(order);
    expect(await eventsFor(ctx, order.shipmentNo)).toEqual([]);
  });

  it('lets the kepala toko take it: status, stamp, version, history, audit and a typed event in one go', async () => {
    const order = await pick('T001', S.IN_PROGRESS, eq(orders.deliveryType, DELIVERY_TYPE.PICKUP));
    const changed = await cancel(await principal('20000001'), order.shipmentNo, S.IN_PROGRESS);
    expect(changed).toMatchObject({ id: order.id, shipmentNo: order.shipmentNo, statusId: S.CANCELLED });
    const row = await orderRow(ctx, order.id);
    expect(row).toMatchObject({ statusId: S.CANCELLED, version: order.version + 1 });
    expect(row.cancelledAt).not.toBeNull();
    expect((await historyOf(ctx, order.id)).at(-1)).toMatchObject({ action: 'cancel', fromStatus: S.IN_PROGRESS, toStatus: S.CANCELLED, reason: 'Stok habis' });
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.shipmentNo));
    expect(audit.map((a) => [a.action, a.fromValue, a.toValue])).toEqual([['cancel', '1103', '1106']]);
    const [event] = await eventsFor(ctx, order.shipmentNo);
    expect(event).toMatchObject({
      type: 'order.cancelled',
      storeCode: 'T001',
      payload: { shipmentNo: order.shipmentNo, orderNo: order.orderNo, fromStatus: 1103, statusId: 1106, action: 'cancel', actorName: 'Agus Setiawan', reason: 'Stok habis' },
    });
  });

  it('keeps a delivery order out for delivery for the area supervisor: the kepala toko is refused once the order is known, nothing changes', async () => {
    const order = await pick('T001', S.IN_PROGRESS, eq(orders.deliveryType, DELIVERY_TYPE.DELIVERY));
    await expect(cancel(await principal('20000001'), order.shipmentNo, S.IN_PROGRESS)).rejects.toMatchObject({ statusCode: 403, code: 'CANCEL_NEEDS_SUPERVISOR' });
    expect(await orderRow(ctx, order.id)).toEqual(order);
    expect(await eventsFor(ctx, order.shipmentNo)).toEqual([]);
    const changed = await cancel(await principal('30000001'), order.shipmentNo, S.IN_PROGRESS);
    expect(changed.statusId).toBe(S.CANCELLED);
  });

  it("answers 409 when the order is no longer in the step's status and 404 for another store's order", async () => {
    const chief = await principal('20000001');
    const packing = await pick('T001', S.PACKING);
    await expect(cancel(chief, packing.shipmentNo, S.NEW)).rejects.toMatchObject({ statusCode: 409, code: 'ORDER_STATUS_CHANGED' });
    const other = await pick('T002', S.NEW);
    await expect(cancel(chief, other.shipmentNo, S.NEW)).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await orderRow(ctx, packing.id)).statusId).toBe(S.PACKING);
    expect((await orderRow(ctx, other.id)).statusId).toBe(S.NEW);
  });

  it("rolls the whole change back when the caller's own check refuses", async () => {
    const order = await pick('T001', S.NEW);
    const before = await historyOf(ctx, order.id);
    const staff = await principal('10000001');
    const seen: number[] = [];
    const refused = ctx.handle.db.transaction((tx) =>
      changeOrderStatus(tx, staff, order.shipmentNo, 'claim', {
        payload: { pickerName: staff.name },
        apply: async (locked) => {
          seen.push(locked.statusId);
          throw new AppError('ALL_OUT_OF_STOCK');
        },
      }),
    );
    await expect(refused).rejects.toMatchObject({ code: 'ALL_OUT_OF_STOCK' });
    // The check ran after the status moved, under the lock; nothing of it stayed.
    expect(seen).toEqual([S.PACKING]);
    expect(await orderRow(ctx, order.id)).toEqual(order);
    expect(await historyOf(ctx, order.id)).toEqual(before);
    expect(await eventsFor(ctx, order.shipmentNo)).toEqual([]);
  });
});
