// The returns area's state changes: recording a return and every step of RETURN_FLOW (applied
// through the workflow kernel by service/step.ts).
import { eq, sql } from 'drizzle-orm';
import { FIELD_MESSAGES, STOCK_CAUSE, STOCK_CONDITION, type ReturnApproveBody, type ReturnDetail, type ReturnReceiveBody, type ReturnRejectBody } from '@gerai/contract';
import type { Db } from '../../db/client';
import { returnLines } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { moveStock } from '../stock';
import { returnOrderLineOf, returnRef } from './views';
import { applyReturnStep } from './service/step';

export { createReturn } from './service/create';
export { collectByApproval, collectReturn, latestReturnStatus, lockReturnForPodRequest, type ApprovedCollection, type ReturnForPodRequest } from './service/collect';

/** The kepala toko and above approve a requested return (an optional note). */
export function approveReturn(db: Db, p: Principal, shipmentNo: string, body: ReturnApproveBody): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'approve', async () => ({
    set: { decisionNote: body.note ?? null },
    note: body.note ?? null,
    event: (facts) => ({ ...facts, status: 'approved' }),
  }));
}

/** The kepala toko and above reject a requested return, saying why. */
export function rejectReturn(db: Db, p: Principal, shipmentNo: string, body: ReturnRejectBody): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'reject', async () => ({
    set: { decisionNote: body.note },
    note: body.note,
    event: (facts) => ({ ...facts, status: 'rejected', note: body.note }),
  }));
}

/**
 * The goods arrive at the store: every line of the return once, what came back (at most the line's
 * quantity) and where it goes. The units enter the store's stock on the ledger (cause 'return',
 * ref `return:<id>`): sellable to qty, damaged to qty_damaged, once per return whatever happens.
 */
export function receiveReturn(db: Db, p: Principal, shipmentNo: string, body: ReturnReceiveBody): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'receive', async (tx, { ret }) => {
    const line = returnOrderLineOf(tx);
    const lines = await tx
      .select({ id: returnLines.id, lineId: returnLines.orderLineId, productId: returnLines.productId, qty: returnLines.qty, name: line.name })
      .from(returnLines)
      .leftJoinLateral(line, sql`true`)
      .where(eq(returnLines.returnId, ret.id))
      .orderBy(returnLines.id);
    const byLineId = new Map(lines.map((l) => [l.lineId ?? -l.id, l]));
    const given = new Set<number>();
    body.lines.forEach((l, i) => {
      const line = byLineId.get(l.lineId);
      if (!line) throw new AppError('RETURN_LINE_UNKNOWN', undefined, [{ path: `body.lines.${i}.lineId`, message: `Produk #${l.lineId} tidak ada di retur ini.` }]);
      if (l.qtyReceived > line.qty) {
        throw new AppError('RETURN_RECEIVED_EXCEEDS', undefined, [{ path: `body.lines.${i}.qtyReceived`, message: `${line.name ?? line.productId}: diterima ${l.qtyReceived}, retur ${line.qty}.` }]);
      }
      given.add(l.lineId);
    });
    const missing = lines.filter((l) => !given.has(l.lineId ?? -l.id));
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        undefined,
        missing.map((l) => ({ path: 'body.lines', message: FIELD_MESSAGES.returnLineMissing(l.name ?? l.productId) })),
      );
    }
    let sellable = 0;
    let damaged = 0;
    for (const l of body.lines) {
      const line = byLineId.get(l.lineId)!;
      await tx.update(returnLines).set({ qtyReceived: l.qtyReceived, condition: l.condition }).where(eq(returnLines.id, line.id));
      if (l.condition === STOCK_CONDITION.DAMAGED) damaged += l.qtyReceived;
      else sellable += l.qtyReceived;
    }
    await moveStock(
      tx,
      body.lines
        .filter((l) => l.qtyReceived > 0)
        .map((l) => ({
          storeCode: ret.storeCode,
          productId: byLineId.get(l.lineId)!.productId,
          delta: l.qtyReceived,
          condition: l.condition,
          cause: STOCK_CAUSE.RETURN,
          ref: returnRef(ret.id),
          actorUserId: p.userId,
        })),
    );
    return { note: body.note ?? null, event: (facts) => ({ ...facts, status: 'received', sellable, damaged }) };
  });
}

/** The kepala toko and above confirm the refund of a received return. */
export function refundReturn(db: Db, p: Principal, shipmentNo: string): Promise<ReturnDetail> {
  return applyReturnStep(db, p, shipmentNo, 'refund', async () => ({ event: (facts) => ({ ...facts, status: 'refunded' }) }));
}
