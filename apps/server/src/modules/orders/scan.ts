import { eq } from 'drizzle-orm';
import { barcodeCandidates, ERROR_MESSAGES, ORDER_STATUS, type ScanResult } from '@gerai/contract';
import { Batcher } from '../../db/batcher';
import type { Db } from '../../db/client';
import { orderLines } from '../../db/schema';
import { refusedByDatabase, statement } from '../../db/statement';
import { EVENTS_CHANNEL } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { currentIdempotencyKey, markKeysAppliedSql } from '../../platform/idempotency';
import { currentRequestId } from '../../platform/logging';
import type { Principal } from '../../platform/principal';
import { toProduct, type LineJson } from './detail';
import { lineDetail } from './picking';
import { explainMiss } from './lifecycle';

interface ScanOutcome {
  /** Null when no order in picking (1102) of a visible store has this shipmentNo. */
  orderId: number | null;
  /** The order's line the payload stands for, if any. */
  lineId: number | null;
  /** Set when a unit was counted. */
  pickedLineId: number | null;
  /** For a counted unit: its line, its order's progress, status and updatedAt, as the batch committed them. */
  line: LineJson | null;
  progress: { qty: number; picked: number; oos: number; complete: boolean } | null;
  statusId: number | null;
  updatedAt: Date | string | null;
}

interface ScanItem {
  shipmentNo: string;
  /** The caller's stores; null for roles that see every store. */
  stores: string[] | null;
  candidates: string[];
  barcode: string;
  userId: number;
  actorName: string;
  /** The request's Idempotency-Key, marked applied in the batch's own statement when the unit is counted. */
  idem: { scope: string; key: string } | null;
  /** The request's id, kept by the scan's audit row (the batch runs in its first caller's context, so each item carries its own). */
  requestId: string | null;
}

/**
 * order_scan_batch (migration 0003) runs the scans of a batch one after
 * another in one transaction. Each scan locks its order (still in picking, in
 * a store the caller may see), finds the line, counts one unit only while
 * picked + oos < qty (parallel scans neither overshoot nor lose updates),
 * logs the scan either way, and for a counted unit bumps the order's version,
 * writes the audit row and the store event, and NOTIFYs it on commit — the
 * same event recordChange would send. It answers each scan with its line and
 * its order's progress as the batch committed them. The same statement marks
 * the Idempotency-Key of each counted scan applied, as recordChange would.
 */
const scanBatchStatement = statement<ScanOutcome & { i: number }, [items: string, pickingStatus: number, notInOrder: string, overQuantity: string, channel: string]>(
  'order_scan_batch',
  `with r as (select * from order_scan_batch($1::jsonb, $2, $3, $4, $5)),
   counted as (
     select it.idem->>'scope' as scope, it.idem->>'key' as key
     from r join jsonb_to_recordset($1::jsonb) as it(i int, idem jsonb) on it.i = r.i
     where r."pickedLineId" is not null and it.idem is not null
   ),
   applied as (${markKeysAppliedSql('counted')})
   select * from r`,
);

const NO_ORDER: ScanOutcome = { orderId: null, lineId: null, pickedLineId: null, line: null, progress: null, statusId: null, updatedAt: null };

// Scans are the hottest write of the app: the ones arriving together share one round trip and one commit.
// A batch the database refused changed nothing; it is retried in halves, so one scan that
// makes the call fail (whatever its cause) fails only its own caller, never another store's.
const batchers = new WeakMap<Db, Batcher<ScanItem, ScanOutcome>>();
function scanBatcher(db: Db): Batcher<ScanItem, ScanOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new Batcher(
      async (items) => {
        const rows = await scanBatchStatement(
          db,
          JSON.stringify(items.map((item, i) => ({ ...item, i }))),
          ORDER_STATUS.PACKING,
          ERROR_MESSAGES.SCAN_NOT_IN_ORDER,
          ERROR_MESSAGES.SCAN_OVER_QUANTITY,
          EVENTS_CHANNEL,
        );
        const byIndex = new Map(rows.map((r) => [r.i, r]));
        return items.map((_, i): ScanOutcome => byIndex.get(i) ?? NO_ORDER);
      },
      { maxBatch: 64, concurrency: 1, isolate: refusedByDatabase },
    );
    batchers.set(db, batcher);
  }
  return batcher;
}

/** A scan over a complete line names that line (`details[].productId`), so the phone says which one, whatever code was scanned. */
async function overQuantity(db: Db, lineId: number): Promise<AppError> {
  const [line] = await db.select({ productId: orderLines.productId, name: orderLines.name, qty: orderLines.qty, qtyPicked: orderLines.qtyPicked, qtyOos: orderLines.qtyOos }).from(orderLines).where(eq(orderLines.id, lineId));
  if (!line) return new AppError('SCAN_OVER_QUANTITY');
  return new AppError('SCAN_OVER_QUANTITY', undefined, [lineDetail(lineId, line)]);
}

/**
 * A scan while picking (1102): the payload is matched to a line of the order
 * and counts one unit. Every scan of an order in picking is logged in order_scans.
 * Answers the counted line and the order's progress, not the whole order.
 */
export async function scanBarcode(db: Db, p: Principal, shipmentNo: string, barcode: string): Promise<ScanResult> {
  const candidates = barcodeCandidates(barcode);
  const storeCodes = p.storeCodes === 'all' ? null : p.storeCodes;
  const outcome = await scanBatcher(db).submit({ shipmentNo, stores: storeCodes, candidates, barcode, userId: p.userId, actorName: p.name, idem: currentIdempotencyKey(), requestId: currentRequestId() });
  if (!outcome.orderId) throw await explainMiss(db, p, shipmentNo, ORDER_STATUS.PACKING);
  if (outcome.lineId === null) throw new AppError('SCAN_NOT_IN_ORDER');
  if (outcome.pickedLineId === null || !outcome.line || !outcome.progress) throw await overQuantity(db, outcome.lineId);
  const { qty, picked, oos, complete } = outcome.progress;
  return {
    shipmentNo,
    statusId: outcome.statusId!,
    scannedLine: toProduct(outcome.line),
    progress: { qty: Number(qty), picked: Number(picked), oos: Number(oos), resolved: Number(picked) + Number(oos), complete },
    updatedAt: new Date(outcome.updatedAt!).toISOString(),
  };
}
