import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ERROR_DETAILS, ERROR_MESSAGES, MAT_STATUS_LABEL, matQrValue } from '@gerai/contract';
import { materialTransfers } from '../../db/schema';
import {
  CHIEF,
  CHIEF_T002,
  ledgerOf,
  setStock,
  STAFF,
  STAFF_T002,
  STAFF_T003,
  stockRow,
  SUPERVISOR,
  transferRow,
  transferTestFile,
  wrongPin,
  type SentTransfer,
} from './transfer-test-kit';

const { ctx, api, freshProduct, stocked } = transferTestFile();

const transferCount = async () => Number((await ctx.handle.db.select({ n: count() }).from(materialTransfers))[0]!.n);

/** A T001 → T002 transfer of one fresh product, confirmed by T002 when `confirm`. */
async function sentTransfer(confirm = false, qty = 3): Promise<SentTransfer & { productId: string }> {
  const p = await stocked();
  const sent = await api.sent(STAFF, 'T002', [{ productId: p.productId, qty }]);
  if (confirm) expect((await api.confirm(STAFF_T002, sent.transfer.idTbsms, { pin: sent.secret.pin })).statusCode).toBe(200);
  return { ...sent, productId: p.productId };
}

describe('sending refuses, and writes nothing', () => {
  it('my own store, an unknown store', async () => {
    const p = await stocked();
    const before = await transferCount();
    const same = await api.send(STAFF, 'T001', [{ productId: p.productId, qty: 1 }]);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: 'TRANSFER_SAME_STORE', details: [{ path: 'body.receiverStoreCode', message: ERROR_MESSAGES.TRANSFER_SAME_STORE }] });
    const unknown = await api.send(STAFF, 'T999', [{ productId: p.productId, qty: 1 }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'STORE_UNKNOWN', details: [{ path: 'body.receiverStoreCode' }] });
    expect(await transferCount()).toBe(before);
    expect(await stockRow(ctx, 'T001', p.productId)).toMatchObject({ qty: 10, qtyInTransit: 0 });
  });

  it('no lines, zero or negative quantities, the same product twice (the contract)', async () => {
    const p = await stocked();
    for (const lines of [[], [{ productId: p.productId, qty: 0 }], [{ productId: p.productId, qty: -2 }], [{ productId: p.productId, qty: 1 }, { productId: p.productId, qty: 1 }]]) {
      const res = await api.send(STAFF, 'T002', lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await api.post(STAFF, '/api/transfers', { receiverStoreCode: 'T002' })).statusCode).toBe(400);
  });

  it('a product the catalogue does not know, named by its line', async () => {
    const p = await stocked();
    const before = await transferCount();
    const res = await api.send(STAFF, 'T002', [{ productId: p.productId, qty: 1 }, { productId: 'NOPE-404', qty: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'TRANSFER_PRODUCT_UNKNOWN', details: [{ path: 'body.lines.1.productId', message: ERROR_MESSAGES.TRANSFER_PRODUCT_UNKNOWN, productId: 'NOPE-404' }] });
    expect(await transferCount()).toBe(before);
    expect(await stockRow(ctx, 'T001', p.productId)).toMatchObject({ qty: 10, qtyInTransit: 0 });
  });

  it('more than my sellable units: a detail per short line, nothing moved', async () => {
    const a = await stocked(5);
    const b = await stocked(2);
    const c = await freshProduct();
    await setStock(ctx, 'T001', c.productId, 0);
    const before = await transferCount();
    const res = await api.send(STAFF, 'T002', [{ productId: a.productId, qty: 5 }, { productId: b.productId, qty: 3 }, { productId: c.productId, qty: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'TRANSFER_STOCK_SHORT',
      message: ERROR_MESSAGES.TRANSFER_STOCK_SHORT,
      details: [
        // Each names its product, by which the phone places it on its line.
        { path: 'body.lines.1.qty', message: ERROR_DETAILS.transferStockShort(b.name, 2, 3), productId: b.productId },
        { path: 'body.lines.2.qty', message: ERROR_DETAILS.transferStockShort(c.name, 0, 1), productId: c.productId },
      ],
    });
    expect(await transferCount()).toBe(before);
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 5, qtyInTransit: 0 });
    // Exactly what is on hand may go.
    expect((await api.send(STAFF, 'T002', [{ productId: a.productId, qty: 5 }])).statusCode).toBe(201);
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 0, qtyInTransit: 5 });
  });
});

describe('who may see and step a transfer', () => {
  it('a third store gets 404 for everything; the wrong side gets 403 with its reason', async () => {
    const { transfer, secret } = await sentTransfer();
    for (const res of [
      await api.detail(STAFF_T003, transfer.matNo),
      await api.get(STAFF_T003, `/api/transfers/by-tbsms/${transfer.idTbsms}`),
      await api.confirm(STAFF_T003, transfer.idTbsms, { pin: secret.pin }),
      await api.step(STAFF_T003, transfer.matNo, 'cancel'),
      await api.step(STAFF_T003, transfer.matNo, 'reissue'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('TRANSFER_NOT_FOUND');
    }
    const bySender = await api.confirm(STAFF, transfer.idTbsms, { pin: secret.pin });
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toMatchObject({ code: 'TRANSFER_NOT_RECEIVER', message: ERROR_MESSAGES.TRANSFER_NOT_RECEIVER });
    for (const step of ['cancel', 'reissue'] as const) {
      const byReceiver = await api.step(CHIEF_T002, transfer.matNo, step);
      expect(byReceiver.statusCode).toBe(403);
      expect(byReceiver.json().code).toBe('TRANSFER_NOT_SENDER');
    }
    expect((await api.step(STAFF, transfer.matNo, 'finish', { lines: [{ productId: transfer.lines[0]!.productId, qtyReceived: 3 }] })).json().code).toBe('TRANSFER_NOT_RECEIVER');
    // Nothing changed: not even a try counted.
    expect(await transferRow(ctx, transfer.matNo)).toMatchObject({ status: 'new', pinFailures: 0 });
    expect((await api.get(STAFF, '/api/transfers/MAT999999999999')).json().code).toBe('TRANSFER_NOT_FOUND');
  });

  it('confirming twice, or a cancelled transfer, or cancelling one that left `new`: 409 naming its status', async () => {
    const { transfer, secret } = await sentTransfer(true);
    const twice = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'TRANSFER_STATUS_CHANGED', message: ERROR_DETAILS.transferStatusChangedTo(MAT_STATUS_LABEL.process) });
    expect((await api.step(STAFF, transfer.matNo, 'cancel')).json().code).toBe('TRANSFER_STATUS_CHANGED');

    const other = await sentTransfer();
    expect((await api.step(STAFF, other.transfer.matNo, 'cancel')).statusCode).toBe(200);
    const late = await api.confirm(STAFF_T002, other.transfer.idTbsms, { pin: other.secret.pin });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ERROR_DETAILS.transferStatusChangedTo(MAT_STATUS_LABEL.cancel));
    expect((await api.step(STAFF, other.transfer.matNo, 'cancel')).statusCode).toBe(409);
    // A wrong PIN on a cancelled transfer counts nothing.
    expect((await api.confirm(STAFF_T002, other.transfer.idTbsms, { pin: wrongPin(other.secret.pin) })).statusCode).toBe(409);
    expect((await transferRow(ctx, other.transfer.matNo)).pinFailures).toBe(0);
  });

  it('a QR that is not a MAT QR, or names another transfer, is refused without counting a try', async () => {
    const { transfer, secret } = await sentTransfer();
    const other = await sentTransfer();
    for (const qr of ['https://example.com/x', '8991234567890', matQrValue(other.transfer.idTbsms, other.secret.pin)]) {
      const res = await api.confirm(STAFF_T002, transfer.idTbsms, { qr });
      expect(res.statusCode, qr).toBe(422);
      expect(res.json()).toMatchObject({ code: 'TRANSFER_QR_INVALID', details: [{ path: 'body.qr' }] });
    }
    expect((await transferRow(ctx, transfer.matNo)).pinFailures).toBe(0);
    // The right transfer's QR with an old PIN is a wrong try.
    const stale = await api.confirm(STAFF_T002, transfer.idTbsms, { qr: matQrValue(transfer.idTbsms, wrongPin(secret.pin)) });
    expect(stale.json()).toMatchObject({ code: 'TRANSFER_PIN_WRONG', details: [{ path: 'body.qr', message: ERROR_DETAILS.transferPinWrong(4) }] });
    // Both, or neither, is the request's fault.
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin, qr: secret.qr })).statusCode).toBe(400);
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, {})).statusCode).toBe(400);
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { pin: '12345' })).statusCode).toBe(400);
  });
});

describe('finishing refuses, and moves nothing', () => {
  it('lines other than the transfer’s, more than sent, a line short without a reason; before confirming', async () => {
    const a = await stocked();
    const b = await stocked();
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: a.productId, qty: 3 }, { productId: b.productId, qty: 2 }]);
    const finish = (lines: unknown[]) => api.step(STAFF_T002, transfer.matNo, 'finish', { lines });
    const full = [{ productId: a.productId, qtyReceived: 3 }, { productId: b.productId, qtyReceived: 2 }];
    // Not confirmed yet.
    expect((await finish(full)).json().code).toBe('TRANSFER_STATUS_CHANGED');
    await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });

    const c = await freshProduct();
    for (const lines of [[full[0]], [...full, { productId: c.productId, qtyReceived: 1 }], [full[0], { productId: c.productId, qtyReceived: 2 }]]) {
      const res = await finish(lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'TRANSFER_LINES_MISMATCH', details: [{ path: 'body.lines' }] });
    }
    const over = await finish([{ productId: a.productId, qtyReceived: 4 }, full[1]]);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'TRANSFER_RECEIVED_EXCEEDS', details: [{ path: 'body.lines.0.qtyReceived', message: ERROR_DETAILS.transferReceivedExceeds(a.name, 3), productId: a.productId }] });
    const unexplained = await finish([full[0], { productId: b.productId, qtyReceived: 1 }]);
    expect(unexplained.statusCode).toBe(422);
    expect(unexplained.json()).toMatchObject({ code: 'TRANSFER_REASON_REQUIRED', details: [{ path: 'body.lines.1.reason', message: ERROR_DETAILS.transferReasonRequired(b.name), productId: b.productId }] });
    // `other` needs its note (the contract), negative counts are refused.
    expect((await finish([full[0], { productId: b.productId, qtyReceived: 1, reason: 'other' }])).statusCode).toBe(400);
    expect((await finish([full[0], { productId: b.productId, qtyReceived: -1, reason: 'missing' }])).statusCode).toBe(400);

    expect(await transferRow(ctx, transfer.matNo)).toMatchObject({ status: 'process', finishedAt: null });
    expect((await ledgerOf(ctx, transfer.matNo)).map((m) => m.cause)).toEqual(['transfer_send', 'transfer_send', 'transfer_send', 'transfer_send']);
    expect(await stockRow(ctx, 'T002', a.productId)).toMatchObject({ qty: 0 });
    expect((await finish(full)).statusCode).toBe(200);
    expect((await finish(full)).json().code).toBe('TRANSFER_STATUS_CHANGED');
  });
});

describe('unlocking refuses', () => {
  it('below an area supervisor (before reading anything), and a transfer that is not locked', async () => {
    const { transfer } = await sentTransfer();
    for (const who of [STAFF, CHIEF, STAFF_T002]) {
      const res = await api.step(who, transfer.matNo, 'unlock');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const res = await api.step(SUPERVISOR, transfer.matNo, 'unlock');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TRANSFER_NOT_LOCKED', message: ERROR_MESSAGES.TRANSFER_NOT_LOCKED });
    expect((await transferRow(ctx, transfer.matNo)).lockedAt).toBeNull();
  });
});
