import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isoDateInWib } from '@gerai/contract';
import { materialTransfers } from '../../db/schema';
import { CHIEF, CHIEF_T002, setStock, STAFF, STAFF_T002, STAFF_T003, SUPERVISOR, transferTestFile, wrongPin, type SentTransfer } from './transfer-test-kit';

const { ctx, api, freshProduct } = transferTestFile();

type Item = { matNo: string; side: string | null; matStatus: string; sender: { storeCode: string }; receiver: { storeCode: string }; qtyShort: number };

/** A transfer of one fresh product from `sender` (stocked first) to `receiver`. */
async function sendFrom(who: string, sender: string, receiver: string, qty = 2): Promise<SentTransfer> {
  const p = await freshProduct();
  await setStock(ctx, sender, p.productId, 10);
  return api.sent(who, receiver, [{ productId: p.productId, qty }]);
}

/** Confirmed and finished by the receiver's `who`, `short` units short. */
async function finish(who: string, sent: SentTransfer, short = 0) {
  expect((await api.confirm(who, sent.transfer.idTbsms, { pin: sent.secret.pin })).statusCode).toBe(200);
  const line = sent.transfer.lines[0]!;
  const res = await api.step(who, sent.transfer.matNo, 'finish', { lines: [{ productId: line.productId, qtyReceived: line.qtySent - short, ...(short ? { reason: 'missing' } : {}) }] });
  expect(res.statusCode, res.body).toBe(200);
}

const items = async (who: string, url: string): Promise<Item[]> => {
  const res = await api.get(who, url);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data.items as Item[];
};
const matNos = async (who: string, url: string) => (await items(who, url)).map((t) => t.matNo);

describe('lists and counts of my store', () => {
  it('counts per side in one reply, a side left out by its flag is null', async () => {
    const count = async (who: string, query = '') => (await api.get(who, `/api/transfers/count${query}`)).json().data;
    const [t001, t002] = [await count(STAFF), await count(STAFF_T002)];
    expect(t001.sender).toEqual({ totalNew: expect.any(Number), totalProcess: expect.any(Number), totalFinish: expect.any(Number), totalCancel: expect.any(Number) });
    const sent = await sendFrom(STAFF, 'T001', 'T002');
    const cancelled = await sendFrom(STAFF, 'T001', 'T002');
    await api.step(STAFF, cancelled.transfer.matNo, 'cancel');
    expect(await count(STAFF)).toEqual({ sender: { ...t001.sender, totalNew: t001.sender.totalNew + 1, totalCancel: t001.sender.totalCancel + 1 }, receiver: t001.receiver });
    expect(await count(STAFF_T002)).toEqual({ sender: t002.sender, receiver: { ...t002.receiver, totalNew: t002.receiver.totalNew + 1, totalCancel: t002.receiver.totalCancel + 1 } });
    await finish(STAFF_T002, sent);
    expect((await count(STAFF_T002, '?sender=false')).receiver).toEqual({ ...t002.receiver, totalFinish: t002.receiver.totalFinish + 1, totalCancel: t002.receiver.totalCancel + 1 });
    expect(await count(STAFF_T002, '?sender=false')).toMatchObject({ sender: null });
    expect(await count(STAFF_T002, '?receiver=false')).toMatchObject({ receiver: null, sender: t002.sender });
    expect(await count(STAFF, '?sender=false&receiver=false')).toEqual({ sender: null, receiver: null });
    // The seeded transfers are counted too: T001 has sent and received some.
    expect(t001.sender.totalNew + t001.sender.totalProcess + t001.sender.totalFinish + t001.sender.totalCancel).toBeGreaterThan(0);
    expect(t001.receiver.totalNew + t001.receiver.totalProcess + t001.receiver.totalFinish).toBeGreaterThan(0);
  });

  it('lists one side, newest first, filtered by status, WIB date and number or other store; never another store’s', async () => {
    const out = await sendFrom(STAFF, 'T001', 'T002');
    const toT003 = await sendFrom(STAFF, 'T001', 'T003');
    const incoming = await sendFrom(STAFF_T002, 'T002', 'T001');
    const foreign = await sendFrom(STAFF_T002, 'T002', 'T003');

    const outs = await items(STAFF, '/api/transfers?side=out&size=100');
    expect(outs.every((t) => t.sender.storeCode === 'T001' && t.side === 'out')).toBe(true);
    expect(outs.slice(0, 2).map((t) => t.matNo)).toEqual([toT003.transfer.matNo, out.transfer.matNo]);
    const ins = await items(STAFF, '/api/transfers?side=in&size=100');
    expect(ins.every((t) => t.receiver.storeCode === 'T001' && t.side === 'in')).toBe(true);
    expect(ins[0]!.matNo).toBe(incoming.transfer.matNo);
    for (const side of ['in', 'out']) expect(await matNos(STAFF, `/api/transfers?side=${side}&size=100`)).not.toContain(foreign.transfer.matNo);

    const statuses = new Set((await items(STAFF, '/api/transfers?side=out&status=new&size=100')).map((t) => t.matStatus));
    expect([...statuses]).toEqual(['new']);
    expect(await matNos(STAFF, '/api/transfers?side=out&status=finish&size=100')).not.toContain(out.transfer.matNo);

    // q: the number, or the other store's code or name.
    expect(await matNos(STAFF, `/api/transfers?side=out&q=${out.transfer.matNo.slice(-6)}`)).toEqual([out.transfer.matNo]);
    const byStore = await items(STAFF, '/api/transfers?side=out&q=T003&size=100');
    expect(byStore.map((t) => t.matNo)).toContain(toT003.transfer.matNo);
    expect(byStore.every((t) => t.receiver.storeCode === 'T003')).toBe(true);
    expect(await matNos(STAFF, '/api/transfers?side=out&q=%25')).toEqual([]);

    // Dates are WIB days of sending.
    const today = isoDateInWib(new Date());
    expect(await matNos(STAFF, `/api/transfers?side=out&startDate=${today}&endDate=${today}&size=100`)).toContain(out.transfer.matNo);
    await ctx.handle.db.update(materialTransfers).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(materialTransfers.matNo, out.transfer.matNo));
    expect(await matNos(STAFF, `/api/transfers?side=out&startDate=${today}&size=100`)).not.toContain(out.transfer.matNo);
    const threeDaysAgo = isoDateInWib(new Date(Date.now() - 3 * 86_400_000));
    expect(await matNos(STAFF, `/api/transfers?side=out&startDate=${threeDaysAgo}&endDate=${threeDaysAgo}&size=100`)).toContain(out.transfer.matNo);
    expect((await api.get(STAFF, `/api/transfers?side=out&startDate=${today}&endDate=${threeDaysAgo}`)).statusCode).toBe(400);

    const page = (await api.get(STAFF, '/api/transfers?side=out&size=1&page=2')).json().data;
    expect(page).toMatchObject({ page: 2, size: 1, total: outs.length });
    expect(page.items).toHaveLength(1);
  });

  it('searches the stores a transfer may go to: by code or name, never my own, the search text taken literally', async () => {
    const stores = (await api.get(STAFF, '/api/transfers/stores?q=T00&size=100')).json().data;
    const codes = stores.items.map((s: { storeCode: string }) => s.storeCode);
    expect(codes).not.toContain('T001');
    expect(codes.slice(0, 2)).toEqual(['T002', 'T003']);
    expect(stores.items[0]).toEqual({ storeCode: 'T002', storeName: expect.any(String), kelurahan: expect.any(String), kecamatan: expect.any(String), city: expect.any(String) });
    const name = stores.items[0].storeName as string;
    expect((await api.get(STAFF, `/api/transfers/stores?q=${encodeURIComponent(name.toLowerCase())}`)).json().data.items[0].storeCode).toBe('T002');
    expect((await api.get(STAFF, '/api/transfers/stores?q=%25%25')).json().data).toMatchObject({ items: [], total: 0 });
    expect((await api.get(STAFF, '/api/transfers/stores?q=T')).statusCode).toBe(400);
  });
});

describe('what the kepala toko and the supervisor watch', () => {
  it('differences of the stores each sees: kepala toko T001 not T002 → T003, the supervisor T001–T010', async () => {
    const ours = await sendFrom(STAFF, 'T001', 'T002');
    await finish(STAFF_T002, ours, 1);
    const foreign = await sendFrom(STAFF_T002, 'T002', 'T003');
    await finish(STAFF_T003, foreign, 2);
    const complete = await sendFrom(STAFF, 'T001', 'T002');
    await finish(STAFF_T002, complete, 0);

    const chief = await items(CHIEF, '/api/transfers/discrepancies?size=100');
    expect(chief.map((t) => t.matNo)).toContain(ours.transfer.matNo);
    expect(chief.map((t) => t.matNo)).not.toContain(foreign.transfer.matNo);
    expect(chief.map((t) => t.matNo)).not.toContain(complete.transfer.matNo);
    expect(chief.every((t) => t.qtyShort > 0 && t.matStatus === 'finish')).toBe(true);
    expect(chief.every((t) => [t.sender.storeCode, t.receiver.storeCode].includes('T001'))).toBe(true);
    expect(chief.find((t) => t.matNo === ours.transfer.matNo)).toMatchObject({ side: 'out', qtyShort: 1 });

    const t002 = await matNos(CHIEF_T002, '/api/transfers/discrepancies?size=100');
    expect(t002).toEqual(expect.arrayContaining([ours.transfer.matNo, foreign.transfer.matNo]));

    const supervisor = await items(SUPERVISOR, '/api/transfers/discrepancies?size=100');
    expect(supervisor.map((t) => t.matNo)).toEqual(expect.arrayContaining([ours.transfer.matNo, foreign.transfer.matNo]));
    // The supervisor works in T001: a T002 → T003 transfer is neither side of it.
    expect(supervisor.find((t) => t.matNo === foreign.transfer.matNo)!.side).toBeNull();
    // One store of theirs; a store the caller cannot see is not found.
    const onlyT003 = await items(SUPERVISOR, '/api/transfers/discrepancies?storeCode=T003&size=100');
    expect(onlyT003.map((t) => t.matNo)).toContain(foreign.transfer.matNo);
    expect(onlyT003.every((t) => [t.sender.storeCode, t.receiver.storeCode].includes('T003'))).toBe(true);
    const hidden = await api.get(CHIEF, '/api/transfers/discrepancies?storeCode=T003');
    expect(hidden.statusCode).toBe(404);
    expect((await api.get(SUPERVISOR, '/api/transfers/discrepancies?storeCode=T011')).statusCode).toBe(404);
    // Staff do not watch.
    expect((await api.get(STAFF, '/api/transfers/discrepancies')).statusCode).toBe(403);
  });

  it('locked transfers of the stores each sees, the same way', async () => {
    const foreign = await sendFrom(STAFF_T002, 'T002', 'T003');
    for (let i = 0; i < 5; i++) await api.confirm(STAFF_T003, foreign.transfer.idTbsms, { pin: wrongPin(foreign.secret.pin) });
    expect(await matNos(CHIEF, '/api/transfers/locked?size=100')).not.toContain(foreign.transfer.matNo);
    expect(await matNos(CHIEF_T002, '/api/transfers/locked?size=100')).toContain(foreign.transfer.matNo);
    expect(await matNos(SUPERVISOR, '/api/transfers/locked?size=100')).toContain(foreign.transfer.matNo);
    expect(await matNos(SUPERVISOR, '/api/transfers/locked?storeCode=T001&size=100')).not.toContain(foreign.transfer.matNo);
    expect((await api.get(CHIEF, '/api/transfers/locked?storeCode=T002')).statusCode).toBe(404);
  });
});
