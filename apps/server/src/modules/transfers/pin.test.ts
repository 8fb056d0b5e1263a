import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_DETAILS, ERROR_MESSAGES, parseEventPayload, TRANSFER_LIMITS, type EventType } from '@gerai/contract';
import { events } from '../../db/schema';
import { readEventFrames } from '../../test/sse';
import {
  auditOfTransfer,
  CHIEF,
  CHIEF_T002,
  everythingKept,
  setStock,
  STAFF,
  STAFF_T002,
  SUPERVISOR,
  transferEvents,
  transferRow,
  transferTestFile,
  wrongPin,
} from './transfer-test-kit';

const { ctx, api, freshProduct } = transferTestFile();

async function sentTransfer() {
  const p = await freshProduct();
  await setStock(ctx, 'T001', p.productId, 10);
  return api.sent(STAFF, 'T002', [{ productId: p.productId, qty: 2 }]);
}

describe('the PIN', () => {
  it('counts wrong tries (each answered with the tries left), locks at the fifth, and a supervisor unlocks it', async () => {
    const { transfer, secret } = await sentTransfer();
    const bad = wrongPin(secret.pin);
    for (let left = TRANSFER_LIMITS.pinMaxTries - 1; left >= 1; left--) {
      const res = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'TRANSFER_PIN_WRONG', message: ERROR_DETAILS.transferPinWrong(left), details: [{ path: 'body.pin', message: ERROR_DETAILS.transferPinWrong(left) }] });
      expect((await api.detail(STAFF_T002, transfer.matNo)).json().data).toMatchObject({ pinTriesLeft: left, locked: false, matStatus: 'new' });
    }
    const fifth = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: bad });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual({ code: 'TRANSFER_LOCKED', message: ERROR_MESSAGES.TRANSFER_LOCKED });
    expect(await transferRow(ctx, transfer.matNo)).toMatchObject({ status: 'new', pinFailures: 5, lockedAt: expect.any(Date) });

    // Locked: the right PIN does not open it, no new PIN is issued; the sender may still cancel.
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin })).statusCode).toBe(423);
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { qr: secret.qr })).json().code).toBe('TRANSFER_LOCKED');
    expect((await api.step(STAFF, transfer.matNo, 'reissue')).statusCode).toBe(423);
    expect((await api.detail(STAFF_T002, transfer.matNo)).json().data).toMatchObject({ locked: true, pinTriesLeft: 0, actions: [] });
    expect((await api.detail(STAFF, transfer.matNo)).json().data.actions).toEqual(['cancel']);
    expect((await api.detail(SUPERVISOR, transfer.matNo)).json().data.actions).toEqual(['cancel', 'unlock']);

    const written = await transferEvents(ctx, transfer.matNo);
    expect(written.map((e) => `${e.type}@${e.storeCode}`)).toEqual(['transfer.sent@T001', 'transfer.sent@T002', 'transfer.locked@T001', 'transfer.locked@T002']);
    expect(written[2]!.payload).toMatchObject({ action: 'locked', locked: true, matStatus: 'new', actorName: 'Siti Rahmawati' });
    for (const e of written) parseEventPayload(e.type as EventType, e.payload);

    // Only an area supervisor (and above) unlocks.
    for (const who of [STAFF, CHIEF, STAFF_T002, CHIEF_T002]) expect((await api.step(who, transfer.matNo, 'unlock')).statusCode).toBe(403);
    const unlocked = await api.step(SUPERVISOR, transfer.matNo, 'unlock');
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data).toMatchObject({ locked: false, pinTriesLeft: 5, matStatus: 'new' });
    expect((await transferEvents(ctx, transfer.matNo)).map((e) => e.type).slice(-2)).toEqual(['transfer.unlocked', 'transfer.unlocked']);
    expect((await api.step(SUPERVISOR, transfer.matNo, 'unlock')).json().code).toBe('TRANSFER_NOT_LOCKED');

    const confirmed = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const history = (confirmed.json().data.history as Array<{ action: string; actorName: string }>).map((h) => `${h.action}:${h.actorName}`);
    expect(history).toEqual([
      'send:Budi Santoso',
      ...Array(5).fill('pin_wrong:Siti Rahmawati'),
      'lock:Siti Rahmawati',
      'unlock:Dewi Lestari',
      'confirm:Siti Rahmawati',
    ]);
    // Nothing kept names a PIN tried or issued.
    const kept = await everythingKept(ctx);
    for (const pin of [secret.pin, bad]) expect(kept).not.toContain(`"${pin}"`);
    expect((await auditOfTransfer(ctx, transfer.matNo)).every((r) => r.reason === null)).toBe(true);
  });

  it("reaches the receiving store's phones live when a supervisor unlocks it: transfer.unlocked on T002's stream, and T002 may confirm again", async () => {
    const { transfer, secret } = await sentTransfer();
    for (let i = 0; i < TRANSFER_LIMITS.pinMaxTries; i++) await api.confirm(STAFF_T002, transfer.idTbsms, { pin: wrongPin(secret.pin) });
    // Who sees it from which side: the supervisor of the area is on both and supervises; each store's crew on its own.
    expect((await api.detail(SUPERVISOR, transfer.matNo)).json().data.viewerSides).toEqual(['sender', 'receiver', 'supervisor']);
    expect((await api.detail(STAFF, transfer.matNo)).json().data.viewerSides).toEqual(['sender']);
    expect((await api.detail(STAFF_T002, transfer.matNo)).json().data).toMatchObject({ viewerSides: ['receiver'], locked: true, actions: [] });

    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const [latest] = await ctx.handle.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
    const { token } = await ctx.loginAs(STAFF_T002);
    const unlockedFrame = (frames: string[]) => frames.find((f) => f.includes('event: transfer.unlocked') && f.includes(transfer.matNo));
    // The receiving crew's own stream (T002's), read from before the unlock: the supervisor's unlock is on it.
    const frames = await readEventFrames(base, { authorization: `Bearer ${token}`, 'last-event-id': String(latest!.id) }, (f) => unlockedFrame(f) !== undefined, {
      onOpen: async () => {
        expect((await api.step(SUPERVISOR, transfer.matNo, 'unlock')).statusCode).toBe(200);
      },
    });
    const frame = unlockedFrame(frames);
    expect(frame, frames.join('\n---\n')).toBeDefined();
    expect(frame).toContain('"storeCode":"T002"');
    expect(frame).toContain('"locked":false');
    expect((await api.detail(STAFF_T002, transfer.matNo)).json().data).toMatchObject({ locked: false, pinTriesLeft: TRANSFER_LIMITS.pinMaxTries, actions: ['confirm'] });
    // The same PIN the crew already has opens it: unlocking never issues a new one.
    expect((await api.confirm(STAFF_T002, transfer.idTbsms, { pin: secret.pin })).statusCode).toBe(200);
  });

  it('lists a locked transfer for the kepala toko of either store and the supervisor, not for staff', async () => {
    const { transfer, secret } = await sentTransfer();
    for (let i = 0; i < TRANSFER_LIMITS.pinMaxTries; i++) await api.confirm(STAFF_T002, transfer.idTbsms, { pin: wrongPin(secret.pin) });
    // `side` is relative to the caller's active store (the supervisor works in T001 by default).
    for (const [who, side] of [
      [CHIEF, 'out'],
      [CHIEF_T002, 'in'],
      [SUPERVISOR, 'out'],
    ] as const) {
      const res = await api.get(who, '/api/transfers/locked?size=100');
      expect(res.statusCode, who).toBe(200);
      const item = (res.json().data.items as Array<{ matNo: string; locked: boolean }>).find((t) => t.matNo === transfer.matNo);
      expect(item, who).toMatchObject({ locked: true, side });
    }
    expect((await api.get(STAFF, '/api/transfers/locked')).statusCode).toBe(403);
    // The sender may still cancel it: its units come back, and it leaves the list (no longer waiting, so not locked).
    const cancelled = await api.step(STAFF, transfer.matNo, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ matStatus: 'cancel', locked: false, actions: [] });
    expect((await transferEvents(ctx, transfer.matNo)).at(-1)!.payload).toMatchObject({ action: 'cancelled', locked: false });
    const after = (await api.get(CHIEF, '/api/transfers/locked?size=100')).json().data.items as Array<{ matNo: string }>;
    expect(after.map((t) => t.matNo)).not.toContain(transfer.matNo);
  });

  it('counts a wrong try once when its request is retried with the same Idempotency-Key', async () => {
    const { transfer, secret } = await sentTransfer();
    const key = { 'idempotency-key': `wrong-pin-${transfer.matNo}` };
    const first = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: wrongPin(secret.pin) }, key);
    const retry = await api.confirm(STAFF_T002, transfer.idTbsms, { pin: wrongPin(secret.pin) }, key);
    expect(first.statusCode).toBe(422);
    expect(retry.statusCode).toBe(422);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await transferRow(ctx, transfer.matNo)).pinFailures).toBe(1);
  });

  it('loses no count when wrong tries race, and locks once', async () => {
    const { transfer, secret } = await sentTransfer();
    const second = await ctx.loginAs(STAFF_T002);
    const bad = wrongPin(secret.pin);
    const three = await Promise.all([api.confirm(STAFF_T002, transfer.idTbsms, { pin: bad }), api.confirm(second, transfer.idTbsms, { pin: bad }), api.confirm(CHIEF_T002, transfer.idTbsms, { pin: bad })]);
    expect(three.map((r) => r.statusCode)).toEqual([422, 422, 422]);
    expect(three.map((r) => r.json().message).sort()).toEqual([1, 2, 3].map((n) => ERROR_DETAILS.transferPinWrong(TRANSFER_LIMITS.pinMaxTries - n)).sort());
    expect((await transferRow(ctx, transfer.matNo)).pinFailures).toBe(3);
    const more = await Promise.all([1, 2, 3].map(() => api.confirm(second, transfer.idTbsms, { pin: bad })));
    expect(more.map((r) => r.statusCode).sort()).toEqual([422, 423, 423]);
    expect((await transferRow(ctx, transfer.matNo)).pinFailures).toBe(5);
    expect((await transferEvents(ctx, transfer.matNo)).filter((e) => e.type === 'transfer.locked')).toHaveLength(2);
  });
});
