import { describe, expect, it } from 'vitest';
import { ERROR_DETAILS, MAT_STATUS_LABEL } from '@gerai/contract';
import { auditOfTransfer, CHIEF, CHIEF_T002, ledgerOf, STAFF, STAFF_T002, stockRow, transferRow, transferTestFile, unbalancedStock } from './transfer-test-kit';

const { ctx, api, stocked } = transferTestFile();

describe('races', () => {
  it('two phones of the receiving store confirm at once: one 200, one 409, confirmed once', async () => {
    const p = await stocked();
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: p.productId, qty: 2 }]);
    const second = await ctx.loginAs(STAFF_T002);
    const [a, b] = await Promise.all([api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin }), api.confirm(second, transfer.idTbsms, { qr: secret.qr })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = [a, b].find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ code: 'TRANSFER_STATUS_CHANGED', message: ERROR_DETAILS.transferStatusChangedTo(MAT_STATUS_LABEL.process) });
    expect((await auditOfTransfer(ctx, transfer.matNo)).filter((r) => r.action === 'confirm')).toHaveLength(1);
    expect((await transferRow(ctx, transfer.matNo)).pinFailures).toBe(0);
  });

  it('the sender cancels while the receiver confirms: whichever wins, the units are where its step put them', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await stocked();
      const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: p.productId, qty: 3 }]);
      const calls = [api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin }), api.step(CHIEF, transfer.matNo, 'cancel')];
      const [confirm, cancel] = await Promise.all(round % 2 === 0 ? calls : calls.reverse()).then((r) => (round % 2 === 0 ? r : r.reverse()));
      expect([confirm!.statusCode, cancel!.statusCode].sort()).toEqual([200, 409]);
      const row = await transferRow(ctx, transfer.matNo);
      if (cancel!.statusCode === 200) {
        expect(row.status).toBe('cancel');
        expect(await stockRow(ctx, 'T001', p.productId)).toMatchObject({ qty: 10, qtyInTransit: 0 });
      } else {
        expect(row.status).toBe('process');
        expect(await stockRow(ctx, 'T001', p.productId)).toMatchObject({ qty: 7, qtyInTransit: 3 });
      }
    }
    expect(await unbalancedStock(ctx)).toEqual([]);
  });

  it('two sends at once cannot together take more than my stock', async () => {
    const p = await stocked(5);
    const [a, b] = await Promise.all([api.send(STAFF, 'T002', [{ productId: p.productId, qty: 3 }]), api.send(CHIEF, 'T003', [{ productId: p.productId, qty: 3 }])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('TRANSFER_STOCK_SHORT');
    expect(await stockRow(ctx, 'T001', p.productId)).toMatchObject({ qty: 2, qtyInTransit: 3 });
  });

  it('two phones finish at once: one 200, one 409, the goods received once', async () => {
    const p = await stocked();
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: p.productId, qty: 4 }]);
    await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
    const body = { lines: [{ productId: p.productId, qtyReceived: 4 }] };
    const [a, b] = await Promise.all([api.step(STAFF_T002, transfer.matNo, 'finish', body), api.step(CHIEF_T002, transfer.matNo, 'finish', body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await stockRow(ctx, 'T002', p.productId)).toMatchObject({ qty: 4 });
    expect((await ledgerOf(ctx, transfer.matNo)).filter((m) => m.cause === 'transfer_receive')).toHaveLength(2);
  });
});
