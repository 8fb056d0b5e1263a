import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_DETAILS, MAT_STATUS_LABEL, matQrValue, parseEventPayload, type EventType } from '@gerai/contract';
import { verifyPassword } from '../../db/password';
import { idempotencyKeys } from '../../db/schema';
import {
  auditOfTransfer,
  CHIEF,
  everythingKept,
  ledgerOf,
  STAFF,
  STAFF_T002,
  stockRow,
  transferEvents,
  transferRow,
  transferTestFile,
  unbalancedStock,
  unitsAt,
  wrongPin,
} from './transfer-test-kit';

const { ctx, api, stocked } = transferTestFile();
const STORES = ['T001', 'T002'];

/** Two fresh products T001 holds 10 of each (T002 none). */
async function twoProducts() {
  return [await stocked(), await stocked()] as const;
}

describe('the transfer machine', () => {
  it('sends (new: sellable → in transit, a PIN), the receiver confirms with it (process), then finishes (the goods move to it, none lost)', async () => {
    const [a, b] = await twoProducts();
    const ids = [a.productId, b.productId];
    const units = await unitsAt(ctx, STORES, ids);

    const res = await api.send(STAFF, 'T002', [{ productId: a.productId, qty: 3 }, { productId: b.productId, qty: 2 }], {}, 'Stok promo akhir pekan');
    expect(res.statusCode, res.body).toBe(201);
    const { transfer, secret } = res.json().data;
    expect(transfer).toMatchObject({
      matNo: expect.stringMatching(/^MAT\d{12}$/),
      idTbsms: expect.stringMatching(/^TBS\d{12}$/),
      matStatus: 'new',
      matStoreStatus: 'new',
      sender: { storeCode: 'T001' },
      receiver: { storeCode: 'T002' },
      side: 'out',
      lineCount: 2,
      qtySent: 5,
      qtyReceived: null,
      qtyShort: 0,
      locked: false,
      pinTriesLeft: 5,
      actions: ['cancel', 'reissue'],
      note: 'Stok promo akhir pekan',
      createdByName: 'Budi Santoso',
      confirmedAt: null,
    });
    expect(transfer.matStoreNo).toBe(transfer.matNo);
    const row = await transferRow(ctx, transfer.matNo);
    expect(transfer.matNo.endsWith(String(row.id).padStart(6, '0'))).toBe(true);
    expect(secret.pin).toMatch(/^\d{6}$/);
    expect(secret.qr).toBe(matQrValue(transfer.idTbsms, secret.pin));
    // Only the hash is kept.
    expect(row.pinHash).not.toContain(secret.pin);
    expect(verifyPassword(secret.pin, row.pinHash)).toBe(true);
    expect(await stockRow(ctx, 'T001', a.productId)).toEqual({ qty: 7, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 3 });
    expect(await stockRow(ctx, 'T001', b.productId)).toEqual({ qty: 8, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 2 });
    // Sending moves nothing out of the chain.
    expect(await unitsAt(ctx, STORES, ids)).toBe(units);

    // The receiver sees it coming in and may only confirm.
    const incoming = await api.detail(STAFF_T002, transfer.matNo);
    expect(incoming.statusCode).toBe(200);
    expect(incoming.json().data).toMatchObject({ side: 'in', actions: ['confirm'] });
    expect((await api.get(STAFF_T002, `/api/transfers/by-tbsms/${transfer.idTbsms}`)).json().data.matNo).toBe(transfer.matNo);

    const confirmed = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ matStatus: 'process', matStoreStatus: 'proces', confirmedByName: 'Siti Rahmawati', actions: ['finish'], confirmedAt: expect.any(String) });
    expect((await api.detail(STAFF, transfer.matNo)).json().data.actions).toEqual([]);
    // Still on the road until counted.
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 7, qtyInTransit: 3 });

    const finished = await api.step(STAFF_T002, transfer.matNo, 'finish', {
      lines: [
        { productId: a.productId, qtyReceived: 3 },
        { productId: b.productId, qtyReceived: 2 },
      ],
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data).toMatchObject({ matStatus: 'finish', matStoreStatus: 'done', qtySent: 5, qtyReceived: 5, qtyShort: 0, finishedByName: 'Siti Rahmawati', actions: [] });
    expect(await stockRow(ctx, 'T001', a.productId)).toEqual({ qty: 7, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });
    expect(await stockRow(ctx, 'T002', a.productId)).toEqual({ qty: 3, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });
    expect(await stockRow(ctx, 'T002', b.productId)).toMatchObject({ qty: 2, qtyInTransit: 0 });
    expect(await unitsAt(ctx, STORES, ids)).toBe(units);

    const ledger = (await ledgerOf(ctx, transfer.matNo)).filter((m) => m.productId === a.productId).map((m) => [m.cause, m.storeCode, m.condition, m.delta]);
    expect(ledger).toEqual([
      ['transfer_send', 'T001', 'sellable', -3],
      ['transfer_send', 'T001', 'in_transit', 3],
      ['transfer_receive', 'T001', 'in_transit', -3],
      ['transfer_receive', 'T002', 'sellable', 3],
    ]);
    const history = finished.json().data.history as Array<{ action: string; actorName: string }>;
    expect(history.map((h) => `${h.action}:${h.actorName}`)).toEqual(['send:Budi Santoso', 'confirm:Siti Rahmawati', 'finish:Siti Rahmawati']);
    expect(await unbalancedStock(ctx)).toEqual([]);
  });

  it('writes every step’s event to both stores, typed by the catalogue, never with the PIN', async () => {
    const [a] = await twoProducts();
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: a.productId, qty: 4 }]);
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { qr: secret.qr })).statusCode).toBe(200);
    expect((await api.step(STAFF_T002, transfer.matNo, 'finish', { lines: [{ productId: a.productId, qtyReceived: 4 }] })).statusCode).toBe(200);
    const written = await transferEvents(ctx, transfer.matNo);
    expect(written.map((e) => `${e.type}@${e.storeCode}`)).toEqual([
      'transfer.sent@T001',
      'transfer.sent@T002',
      'transfer.confirmed@T001',
      'transfer.confirmed@T002',
      'transfer.finished@T001',
      'transfer.finished@T002',
    ]);
    for (const e of written) parseEventPayload(e.type as EventType, e.payload);
    const base = { matNo: transfer.matNo, idTbsms: transfer.idTbsms, senderStore: 'T001', receiverStore: 'T002', locked: false };
    expect(written[0]!.payload).toEqual({ ...base, action: 'sent', matStatus: 'new', actorName: 'Budi Santoso', lineCount: 1, qtySent: 4 });
    expect(written[2]!.payload).toEqual({ ...base, action: 'confirmed', matStatus: 'process', actorName: 'Siti Rahmawati', method: 'qr' });
    expect(written[4]!.payload).toEqual({ ...base, action: 'finished', matStatus: 'finish', actorName: 'Siti Rahmawati', qtySent: 4, qtyReceived: 4, qtyShort: 0 });
    const audit = await auditOfTransfer(ctx, transfer.matNo);
    expect(audit.map((r) => [r.action, r.fromValue, r.toValue])).toEqual([
      ['send', null, 'new'],
      ['confirm', 'new', 'process'],
      ['finish', 'process', 'finish'],
    ]);
    expect(JSON.stringify([audit, written])).not.toContain(`"${secret.pin}"`);
    expect(JSON.stringify([audit, written])).not.toContain(secret.qr);
  });

  it('finishes with a line short: the chain loses exactly that unit, and the line keeps its reason', async () => {
    const [a, b] = await twoProducts();
    const ids = [a.productId, b.productId];
    const units = await unitsAt(ctx, STORES, ids);
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: a.productId, qty: 3 }, { productId: b.productId, qty: 2 }]);
    await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
    const finished = await api.step(STAFF_T002, transfer.matNo, 'finish', {
      lines: [
        { productId: a.productId, qtyReceived: 2, reason: 'damaged', note: 'Kemasan sobek' },
        // A full line keeps no reason, whatever was sent.
        { productId: b.productId, qtyReceived: 2, reason: 'missing' },
      ],
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const detail = finished.json().data;
    expect(detail).toMatchObject({ qtySent: 5, qtyReceived: 4, qtyShort: 1 });
    const lines = new Map((detail.lines as Array<{ productId: string }>).map((l) => [l.productId, l]));
    expect(lines.get(a.productId)).toMatchObject({ qtySent: 3, qtyReceived: 2, reason: 'damaged', note: 'Kemasan sobek' });
    expect(lines.get(b.productId)).toMatchObject({ qtySent: 2, qtyReceived: 2, reason: null, note: null });
    expect(await unitsAt(ctx, STORES, ids)).toBe(units - 1);
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 7, qtyInTransit: 0 });
    expect(await stockRow(ctx, 'T002', a.productId)).toMatchObject({ qty: 2 });
    const [, , finishedEvent] = (await transferEvents(ctx, transfer.matNo)).filter((e) => e.storeCode === 'T001');
    expect(finishedEvent!.payload).toMatchObject({ action: 'finished', qtySent: 5, qtyReceived: 4, qtyShort: 1 });
    // Both stores' kepala toko (and T001's) see the difference.
    const watched = await api.get(CHIEF, '/api/transfers/discrepancies?size=100');
    expect(watched.statusCode).toBe(200);
    expect(watched.json().data.items.map((t: { matNo: string }) => t.matNo)).toContain(transfer.matNo);
    expect(await unbalancedStock(ctx)).toEqual([]);
  });

  it('a line received with nothing of it moves nothing into the receiver, and still leaves transit', async () => {
    const [a] = await twoProducts();
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: a.productId, qty: 2 }]);
    await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
    const finished = await api.step(STAFF_T002, transfer.matNo, 'finish', { lines: [{ productId: a.productId, qtyReceived: 0, reason: 'other', note: 'Tidak ada di mobil' }] });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data).toMatchObject({ qtyReceived: 0, qtyShort: 2 });
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 8, qtyInTransit: 0 });
    expect(await stockRow(ctx, 'T002', a.productId)).toMatchObject({ qty: 0 });
    expect((await ledgerOf(ctx, transfer.matNo)).map((m) => `${m.cause}:${m.storeCode}:${m.condition}`)).toEqual([
      'transfer_send:T001:sellable',
      'transfer_send:T001:in_transit',
      'transfer_receive:T001:in_transit',
    ]);
  });

  it('cancels: the units come back exactly once, a retried cancel changes nothing', async () => {
    const [a] = await twoProducts();
    const units = await unitsAt(ctx, STORES, [a.productId]);
    const { transfer } = await api.sent(STAFF, 'T002', [{ productId: a.productId, qty: 4 }]);
    const cancel = () => api.step(CHIEF, transfer.matNo, 'cancel', {}, { 'idempotency-key': `cancel-${transfer.matNo}` });
    const first = await cancel();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ matStatus: 'cancel', matStoreStatus: 'cancel', actions: [], cancelledAt: expect.any(String) });
    expect(await stockRow(ctx, 'T001', a.productId)).toEqual({ qty: 10, qtyDamaged: 0, qtyReserved: 0, qtyInTransit: 0 });
    // The same request again is answered as before; a new one is refused. Neither moves a unit.
    const replay = await cancel();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await api.step(STAFF, transfer.matNo, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TRANSFER_STATUS_CHANGED', message: ERROR_DETAILS.transferStatusChangedTo(MAT_STATUS_LABEL.cancel) });
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 10, qtyInTransit: 0 });
    expect((await ledgerOf(ctx, transfer.matNo)).map((m) => m.cause)).toEqual(['transfer_send', 'transfer_send', 'transfer_cancel', 'transfer_cancel']);
    expect(await unitsAt(ctx, STORES, [a.productId])).toBe(units);
    expect((await transferEvents(ctx, transfer.matNo)).map((e) => e.type)).toEqual(['transfer.sent', 'transfer.sent', 'transfer.cancelled', 'transfer.cancelled']);
  });

  it('issues a new PIN: the old one stops working, the tries start again, and only the sender may', async () => {
    const [a] = await twoProducts();
    const { transfer, secret } = await api.sent(STAFF, 'T002', [{ productId: a.productId, qty: 1 }]);
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { pin: wrongPin(secret.pin) })).statusCode).toBe(422);
    expect((await api.step(STAFF_T002, transfer.matNo, 'reissue')).json().code).toBe('TRANSFER_NOT_SENDER');
    const reissued = await api.step(STAFF, transfer.matNo, 'reissue');
    expect(reissued.statusCode, reissued.body).toBe(200);
    const fresh = reissued.json().data;
    expect(fresh.transfer).toMatchObject({ matNo: transfer.matNo, matStatus: 'new', pinTriesLeft: 5 });
    expect(fresh.secret.qr).toBe(matQrValue(transfer.idTbsms, fresh.secret.pin));
    expect((await transferEvents(ctx, transfer.matNo)).map((e) => e.type)).toContain('transfer.reissued');
    if (fresh.secret.pin !== secret.pin) {
      const old = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
      expect(old.json()).toMatchObject({ code: 'TRANSFER_PIN_WRONG', message: ERROR_DETAILS.transferPinWrong(4) });
    }
    const confirmed = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: fresh.secret.pin });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Once it left `new`, no PIN is issued.
    expect((await api.step(STAFF, transfer.matNo, 'reissue')).json().code).toBe('TRANSFER_STATUS_CHANGED');
  });

  it('answers a replayed send once: one transfer, the replay with secret null, and no PIN in the idempotency log', async () => {
    const [a] = await twoProducts();
    const key = { 'idempotency-key': `send-replay-${a.productId}` };
    const lines = [{ productId: a.productId, qty: 2 }];
    const first = await api.send(STAFF, 'T002', lines, key);
    expect(first.statusCode, first.body).toBe(201);
    const { transfer, secret } = first.json().data;
    expect(secret.pin).toMatch(/^\d{6}$/);
    const replay = await api.send(STAFF, 'T002', lines, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toEqual({ transfer, secret: null });
    expect(await stockRow(ctx, 'T001', a.productId)).toMatchObject({ qty: 8, qtyInTransit: 2 });
    const sentEvents = (await transferEvents(ctx, transfer.matNo)).filter((e) => e.type === 'transfer.sent');
    expect(sentEvents).toHaveLength(2);
    const [stored] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key['idempotency-key']));
    expect(stored).toMatchObject({ status: 'done', responseStatus: 201 });
    expect((stored!.responseBody as { data: { secret: unknown } }).data.secret).toBeNull();
    expect(JSON.stringify(stored!.responseBody)).not.toContain(`"${secret.pin}"`);

    // A new PIN asked with a key is kept the same way.
    const reissueKey = { 'idempotency-key': `reissue-${transfer.matNo}` };
    const reissued = await api.step(STAFF, transfer.matNo, 'reissue', {}, reissueKey);
    const pin = reissued.json().data.secret.pin as string;
    const again = await api.step(STAFF, transfer.matNo, 'reissue', {}, reissueKey);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.secret).toBeNull();
    const kept = await everythingKept(ctx);
    for (const p of [secret.pin, pin]) {
      expect(kept).not.toContain(`"${p}"`);
      expect(kept).not.toContain(matQrValue(transfer.idTbsms, p));
    }
  });
});
