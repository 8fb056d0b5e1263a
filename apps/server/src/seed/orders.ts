import type { Faker } from '@faker-js/faker';
import type { AppId, DeliveryType, OrderStatusId } from '@gerai/contract';
import type { cancelRequests, orderEscalations, orderLines, orderPaperBags, orders, orderScans, orderStatusHistory, podRecords } from '../db/schema';
import type { ProductRow, StoreRow } from './catalog';
import { PAPER_BAG } from './demo-data';
import { drawOrder, type Numbering } from './order-draws';
import { approvedCancel, billNumbers, orderRow, podRecord, scans } from './order-rows';
import { orderSpecs } from './order-specs';
import { escalations, statusHistory, timeline } from './order-timeline';

export { personName } from './order-draws';
export { fixedSpecs } from './order-specs';

type WithId<T> = T & { id: number };
export type OrderRow = WithId<typeof orders.$inferInsert> & { shipmentNo: string; orderNo: string; storeCode: string; statusId: OrderStatusId; deliveryType: DeliveryType; appId: number };
export type LineRow = WithId<typeof orderLines.$inferInsert> & { productId: string; qty: number; qtyPicked: number; qtyOos: number; price: number };

export interface SeedOrder {
  order: OrderRow;
  lines: LineRow[];
  bags: Array<typeof orderPaperBags.$inferInsert>;
  history: Array<typeof orderStatusHistory.$inferInsert>;
  /** The levels an unclaimed new order has already reached, as the escalation job would have left them (default minutes). */
  escalations: Array<typeof orderEscalations.$inferInsert>;
  scans: Array<typeof orderScans.$inferInsert>;
  pod: typeof podRecords.$inferInsert | null;
  cancel: typeof cancelRequests.$inferInsert | null;
}

export interface OrderSpec {
  storeCode: string;
  statusId: OrderStatusId;
  appId?: AppId;
  deliveryType?: DeliveryType;
  /** Packing order whose first line is short (for stock bookings). */
  oosLine?: boolean;
}

export interface StorePeople {
  pickers: number[];
  /** Who approves cancellations and POD requests; null where HQ acts. */
  approver: number | null;
}

export interface OrderContext {
  now: Date;
  stores: StoreRow[];
  products: ProductRow[];
  people: Map<string, StorePeople>;
}

/**
 * The demo orders: per spec, its random values drawn (order-draws.ts), its timeline laid out up to now
 * (order-timeline.ts), then its rows written from both (order-rows.ts).
 */
export function buildOrders(faker: Faker, ctx: OrderContext, total: number): SeedOrder[] {
  const specs = orderSpecs(faker, ctx.stores, total);
  const storesByCode = new Map(ctx.stores.map((s) => [s.code, s]));
  const sellable = ctx.products.filter((p) => p.productId !== PAPER_BAG.productId);
  const numbering: Numbering = { shipmentNos: new Set(), orderSeq: new Map(), lineId: 0 };
  const nextBillNo = billNumbers();

  return specs.map((spec, index): SeedOrder => {
    const id = index + 1;
    const store = storesByCode.get(spec.storeCode)!;
    const people = ctx.people.get(store.code) ?? { pickers: [], approver: null };
    const draw = drawOrder(faker, spec, store, people, sellable, numbering);
    const time = timeline(ctx.now, draw.ageMinutes, spec.statusId, draw.stepMinutes);
    const billNo = time.at.pack ? nextBillNo(store.code, draw.numberingDay) : null;
    const order = orderRow(id, spec.statusId, store, people, draw, time, billNo);
    for (const l of draw.lines) l.orderId = id;
    const escalated = escalations(id, spec.statusId, time.createdAt, ctx.now);
    return {
      order,
      lines: draw.lines,
      bags: draw.bagQty ? [{ orderId: id, productId: PAPER_BAG.productId, qty: draw.bagQty, price: PAPER_BAG.price }] : [],
      history: [...statusHistory({ orderId: id, appId: draw.appId, statusId: spec.statusId, time, picker: draw.picker, approver: people.approver, reasonLabel: draw.reasonLabel }), ...escalated.history],
      escalations: escalated.escalations,
      scans: scans(id, store.code, draw, time, ctx.now),
      pod: podRecord(id, draw, time),
      cancel: approvedCancel(id, people, draw, time),
    };
  });
}
