import { sql } from 'drizzle-orm';
import { barcodeCandidates, ORDER_STATUS, type ScanResult } from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { orderScans } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { loadOrderDetail } from './detail';
import { lockOrder, recordOrderUpdate, rowsOf } from './order-change';

/** A refused scan; it remembers what to log once its transaction has rolled back. */
class ScanRejected extends AppError {
  constructor(
    code: 'SCAN_NOT_IN_ORDER' | 'SCAN_OVER_QUANTITY',
    readonly orderId: number,
    readonly lineId: number | null,
  ) {
    super(code);
  }
}

interface PickOutcome {
  /** The order's line the payload stands for, if any. */
  lineId: number | null;
  /** Set when a unit was counted. */
  productId: string | null;
  qtyPicked: number | null;
  qty: number | null;
}

/**
 * Finds the line, counts one unit only while picked + oos < qty (so parallel
 * scans neither overshoot nor lose updates) and logs the accepted scan, in one
 * statement: a scan is the hottest write of the app.
 */
async function pickOneUnit(tx: Tx, orderId: number, candidates: string[], barcode: string, userId: number): Promise<PickOutcome> {
  const [outcome] = rowsOf<PickOutcome>(
    await tx.execute(sql`
      with line as (
        select id from order_lines
        where order_id = ${orderId} and (barcode in ${candidates} or product_id in ${candidates})
        order by id limit 1
      ), picked as (
        update order_lines l set qty_picked = l.qty_picked + 1
        from line where l.id = line.id and l.qty_picked + l.qty_oos < l.qty
        returning l.id, l.product_id, l.qty_picked, l.qty
      ), logged as (
        insert into order_scans (order_id, line_id, barcode, result, user_id)
        select ${orderId}, id, ${barcode}, 'accepted', ${userId} from picked
      )
      select line.id as "lineId", picked.product_id as "productId", picked.qty_picked as "qtyPicked", picked.qty as "qty"
      from (select 1) as one left join line on true left join picked on true`),
  );
  return outcome ?? { lineId: null, productId: null, qtyPicked: null, qty: null };
}

/**
 * A scan while picking (1102): the payload is matched to a line of the order
 * and counts one unit. Every scan is logged in order_scans; a rejected one is
 * logged after its transaction rolled back.
 */
export async function scanBarcode(db: Db, p: Principal, shipmentNo: string, barcode: string): Promise<ScanResult> {
  const candidates = barcodeCandidates(barcode);
  try {
    const { orderId, lineId } = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, p, shipmentNo, ORDER_STATUS.PACKING);
      if (candidates.length === 0) throw new ScanRejected('SCAN_NOT_IN_ORDER', order.id, null);
      const picked = await pickOneUnit(tx, order.id, candidates, barcode, p.userId);
      if (picked.lineId === null) throw new ScanRejected('SCAN_NOT_IN_ORDER', order.id, null);
      if (picked.qtyPicked === null) throw new ScanRejected('SCAN_OVER_QUANTITY', order.id, picked.lineId);
      await recordOrderUpdate(tx, p, order, 'scan', 'order.scanned', { lineId: picked.lineId, productID: picked.productId, qtyPicked: picked.qtyPicked, qty: picked.qty });
      return { orderId: order.id, lineId: picked.lineId };
    });
    const detail = await loadOrderDetail(db, orderId);
    const scannedLine = detail.products.find((l) => l.lineId === lineId)!;
    return { ...detail, scannedLine };
  } catch (err) {
    if (err instanceof ScanRejected) {
      await db.insert(orderScans).values({ orderId: err.orderId, lineId: err.lineId, barcode, result: 'rejected', reason: err.message, userId: p.userId });
    }
    throw err;
  }
}
