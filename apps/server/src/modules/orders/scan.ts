import { barcodeCandidates, ERROR_MESSAGES, ORDER_STATUS, type ScanResult } from '@gerai/contract';
import type { Db } from '../../db/client';
import { statement } from '../../db/statement';
import { EVENTS_CHANNEL } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { loadOrderDetail } from './detail';
import { explainMiss } from './order-change';

interface ScanOutcome {
  /** Null when no order in picking (1102) of a visible store has this shipmentNo. */
  orderId: number | null;
  /** The order's line the payload stands for, if any. */
  lineId: number | null;
  /** Set when a unit was counted. */
  pickedLineId: number | null;
}

/**
 * A whole scan in one statement, so in one transaction and one round trip:
 * the scan is the hottest write of the app. It locks the order (still in
 * picking, in a store the caller may see), finds the line, counts one unit
 * only while picked + oos < qty (parallel scans neither overshoot nor lose
 * updates: the UPDATE re-reads a line another scan just changed), logs the
 * scan either way, and for a counted unit bumps the order's version, writes
 * the audit row and the store event, and NOTIFYs it on commit — the same
 * event recordChange would send.
 */
const scanStatement = statement<ScanOutcome, [shipmentNo: string, storeCodes: string[] | null, candidates: string[], barcode: string, userId: number, actorName: string]>(
  'order_scan',
  `with o as (
    select id, shipment_no, store_code, status_id from orders
    where shipment_no = $1 and status_id = ${ORDER_STATUS.PACKING} and ($2::text[] is null or store_code = any($2::text[]))
    for update
  ), line as (
    select l.id from order_lines l join o on l.order_id = o.id
    where l.barcode = any($3::text[]) or l.product_id = any($3::text[])
    order by l.id limit 1
  ), picked as (
    update order_lines l set qty_picked = l.qty_picked + 1
    from line where l.id = line.id and l.qty_picked + l.qty_oos < l.qty
    returning l.id, l.product_id, l.qty_picked, l.qty
  ), bumped as (
    update orders set version = version + 1, updated_at = now()
    from o, picked where orders.id = o.id
    returning orders.id
  ), logged as (
    insert into order_scans (order_id, line_id, barcode, result, reason, user_id)
    select o.id, line.id, $4, case when picked.id is null then 'rejected' else 'accepted' end,
      case when picked.id is not null then null when line.id is null then '${sqlText(ERROR_MESSAGES.SCAN_NOT_IN_ORDER)}' else '${sqlText(ERROR_MESSAGES.SCAN_OVER_QUANTITY)}' end, $5
    from o left join line on true left join picked on true
  ), audited as (
    insert into audit_log (actor_user_id, entity, entity_id, action)
    select $5, 'order', o.shipment_no, 'scan' from o, picked
  ), event as (
    insert into events (store_code, type, payload)
    select o.store_code, 'order.scanned', jsonb_build_object('shipmentNo', o.shipment_no, 'statusId', o.status_id, 'action', 'scan',
      'actorName', $6::text, 'lineId', picked.id, 'productID', picked.product_id, 'qtyPicked', picked.qty_picked, 'qty', picked.qty)
    from o, picked
    returning id, store_code, type, payload, created_at
  ), notified as (
    select pg_notify('${EVENTS_CHANNEL}', json_build_object('id', id, 'storeCode', store_code, 'type', type, 'payload', payload, 'createdAt', created_at)::text) as sent
    from event
  )
  select o.id as "orderId", line.id as "lineId", picked.id as "pickedLineId", (select count(*) from notified) + (select count(*) from bumped) as changes
  from (select 1) as one left join o on true left join line on true left join picked on true`,
);

/** A constant message inside SQL text. */
function sqlText(s: string): string {
  return s.replace(/'/g, "''");
}

/**
 * A scan while picking (1102): the payload is matched to a line of the order
 * and counts one unit. Every scan of an order in picking is logged in order_scans.
 */
export async function scanBarcode(db: Db, p: Principal, shipmentNo: string, barcode: string): Promise<ScanResult> {
  const candidates = barcodeCandidates(barcode);
  const storeCodes = p.storeCodes === 'all' ? null : p.storeCodes;
  const [outcome] = await scanStatement(db, shipmentNo, storeCodes, candidates, barcode, p.userId, p.name);
  if (!outcome?.orderId) throw await explainMiss(db, p, shipmentNo, ORDER_STATUS.PACKING);
  if (outcome.lineId === null) throw new AppError('SCAN_NOT_IN_ORDER');
  if (outcome.pickedLineId === null) throw new AppError('SCAN_OVER_QUANTITY');
  const detail = await loadOrderDetail(db, outcome.orderId);
  const scannedLine = detail.products.find((l) => l.lineId === outcome.pickedLineId)!;
  return { ...detail, scannedLine };
}
