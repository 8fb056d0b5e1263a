import { BOOKING_STATUS, MAT_STATUS, ORDER_STATUS, STOCK_CAUSE, STOCK_CONDITION, type MatStatus, type StockCause, type StockCondition } from '@gerai/contract';
import type { StockMove } from '../modules/stock';
import type { Activity } from './activity';
import { type ActivityContext, between, DAY, MINUTE } from './activity-context';
import { DEMO_REFERENCE_DATE, PAPER_BAG } from './demo-data';
import { yymmdd } from './order-draws';
import type { SeedOrder } from './orders';

/**
 * Stock bookings: every detail status, T001 both asking and being asked (decision 88: one detail per
 * booking, re-addressed after a refusal, the refusing stores kept in refusedBy).
 */
export function demoBookings({ of, nth, now }: ActivityContext): Pick<Activity, 'bookings' | 'bookingDetails' | 'emptyStock'> {
  const a: Pick<Activity, 'bookings' | 'bookingDetails' | 'emptyStock'> = { bookings: [], bookingDetails: [], emptyStock: [] };
  const B = BOOKING_STATUS;
  const bookingPlan: Array<{ order: SeedOrder; isKelurahan: boolean; store: string; status: number; refusedBy: string[] }> = [
    { order: nth(of('T001', ORDER_STATUS.PACKING), 0), isKelurahan: true, store: 'T003', status: B.WAITING, refusedBy: [] },
    { order: nth(of('T001', ORDER_STATUS.PACKING), 1), isKelurahan: false, store: 'T003', status: B.TAKEN, refusedBy: ['T002'] },
    { order: nth(of('T001', ORDER_STATUS.PACKING), 2), isKelurahan: false, store: 'T002', status: B.DONE, refusedBy: [] },
    { order: nth(of('T002', ORDER_STATUS.PACKING), 0), isKelurahan: false, store: 'T003', status: B.REFUSED, refusedBy: ['T003'] },
  ];
  bookingPlan.forEach((plan, i) => {
    const line = plan.order.lines[0]!;
    // The short units are booked, not out of stock: the order is charged for them and they are picked once they arrive.
    const booked = line.qtyOos;
    plan.order.order.price = (plan.order.order.price ?? 0) + line.price * booked;
    line.qtyOos = 0;
    const createdAt = between(plan.order.order.claimedAt!, now, 0.3);
    const id = i + 1;
    a.bookings.push({
      id,
      bookingNo: `BK${yymmdd(DEMO_REFERENCE_DATE)}${String(id).padStart(6, '0')}`,
      orderId: plan.order.order.id,
      lineId: line.id,
      storeCode: plan.order.order.storeCode,
      productId: line.productId,
      qtyOos: booked,
      isKelurahan: plan.isKelurahan,
      status: plan.status,
      createdAt,
      updatedAt: between(createdAt, now, 0.5),
    });
    const taken = plan.status === B.TAKEN || plan.status === B.DONE;
    a.emptyStock.push({ storeCode: plan.order.order.storeCode, productId: line.productId, qty: plan.status === B.DONE ? booked : 0 });
    if (plan.status === B.TAKEN) a.emptyStock.push({ storeCode: plan.store, productId: line.productId, qtyReserved: booked });
    a.bookingDetails.push({
      id,
      bookingId: id,
      storeCode: plan.store,
      status: plan.status,
      storeTaken: taken ? plan.store : null,
      stockTaken: taken ? booked : null,
      refusedBy: plan.refusedBy,
      takenAt: taken ? between(createdAt, now, 0.3) : null,
      receivedAt: plan.status === B.DONE ? between(createdAt, now, 0.6) : null,
      createdAt,
      updatedAt: between(createdAt, now, plan.status === B.WAITING ? 0 : 0.5),
    });
  });
  return a;
}

const MAT_AGE_DAYS: Record<MatStatus, [number, number]> = { new: [0.1, 1], process: [0.3, 2], finish: [2, 10], cancel: [1, 7] };
const MAT_NOTES = ['Permintaan stok untuk promo akhir pekan', 'Kelebihan stok dikirim ke toko tetangga', 'Titipan barang dari area supervisor', null];

/**
 * Material transfers T001 ↔ T002 in every status (decision 89), each with the ledger rows its steps wrote.
 * Products a booking empties or reserves (`bookedProducts`) stay out, so the bookings' stock stays as seeded.
 */
export function demoTransfers(
  { faker, products, users, now }: ActivityContext,
  bookedProducts: Set<string>,
  matPinHash: string,
): Pick<Activity, 'transfers' | 'transferItems' | 'transferMoves' | 'stockAtLeast'> {
  const a: Pick<Activity, 'transfers' | 'transferItems' | 'transferMoves' | 'stockAtLeast'> = { transfers: [], transferItems: [], transferMoves: [], stockAtLeast: [] };
  const sendable = products.filter((p) => p.productId !== PAPER_BAG.productId && !bookedProducts.has(p.productId));
  const staffOf: Record<string, number> = { T001: users.staffT001, T002: users.staffT002 };
  const floor = new Map<string, { storeCode: string; productId: string; qty: number }>();
  let transferId = 0;
  for (const [sender, receiver] of [
    ['T001', 'T002'],
    ['T002', 'T001'],
  ] as const) {
    for (const status of [MAT_STATUS.NEW, MAT_STATUS.PROCESS, MAT_STATUS.FINISH, MAT_STATUS.CANCEL]) {
      const id = ++transferId;
      const ref = `mat:${id}`;
      const [minDays, maxDays] = MAT_AGE_DAYS[status];
      const ageMs = faker.number.float({ min: minDays, max: maxDays }) * DAY;
      const createdAt = new Date(now.getTime() - ageMs);
      const confirmed = status === MAT_STATUS.PROCESS || status === MAT_STATUS.FINISH;
      const confirmedAt = confirmed ? new Date(createdAt.getTime() + faker.number.int({ min: 30, max: 120 }) * MINUTE) : null;
      const finishedAt = status === MAT_STATUS.FINISH && confirmedAt ? new Date(confirmedAt.getTime() + faker.number.int({ min: 60, max: 300 }) * MINUTE) : null;
      const cancelledAt = status === MAT_STATUS.CANCEL ? new Date(createdAt.getTime() + faker.number.int({ min: 60, max: 720 }) * MINUTE) : null;
      a.transfers.push({
        id,
        // The app's numbering (MAT + yymmdd + 6-digit id), the day taken from the fixed reference date.
        matNo: `MAT${yymmdd(new Date(DEMO_REFERENCE_DATE.getTime() - ageMs))}${String(id).padStart(6, '0')}`,
        senderStoreCode: sender,
        receiverStoreCode: receiver,
        status,
        pinHash: matPinHash,
        idTbsms: `TBS${faker.string.numeric(10)}${String(id).padStart(2, '0')}`,
        note: faker.helpers.arrayElement(MAT_NOTES),
        createdBy: staffOf[sender],
        confirmedAt,
        confirmedBy: confirmedAt ? staffOf[receiver] : null,
        finishedAt,
        finishedBy: finishedAt ? staffOf[receiver] : null,
        cancelledAt,
        cancelledBy: cancelledAt ? staffOf[sender] : null,
        createdAt,
        updatedAt: finishedAt ?? cancelledAt ?? confirmedAt ?? createdAt,
      });
      const items = faker.helpers.arrayElements(sendable, faker.number.int({ min: 1, max: 4 }));
      items.forEach((p, i) => {
        // One finished transfer arrives one unit short, so the receipt shows a difference with its reason.
        const short = status === MAT_STATUS.FINISH && sender === 'T002' && i === 0;
        const qtySent = faker.number.int({ min: short ? 2 : 1, max: 12 });
        const qtyReceived = status === MAT_STATUS.FINISH ? qtySent - (short ? 1 : 0) : null;
        a.transferItems.push({ transferId: id, productId: p.productId, qtySent, qtyReceived, discrepancyReason: short ? 'missing' : null, discrepancyNote: null });

        const move = (storeCode: string, delta: number, condition: StockCondition, cause: StockCause, actor: number | undefined): StockMove => ({
          storeCode,
          productId: p.productId,
          delta,
          condition,
          cause,
          ref,
          actorUserId: actor ?? null,
        });
        const C = STOCK_CONDITION;
        a.transferMoves.push(move(sender, -qtySent, C.SELLABLE, STOCK_CAUSE.TRANSFER_SEND, staffOf[sender]), move(sender, qtySent, C.IN_TRANSIT, STOCK_CAUSE.TRANSFER_SEND, staffOf[sender]));
        if (status === MAT_STATUS.CANCEL) {
          a.transferMoves.push(move(sender, -qtySent, C.IN_TRANSIT, STOCK_CAUSE.TRANSFER_CANCEL, staffOf[sender]), move(sender, qtySent, C.SELLABLE, STOCK_CAUSE.TRANSFER_CANCEL, staffOf[sender]));
        } else if (status === MAT_STATUS.FINISH) {
          a.transferMoves.push(move(sender, -qtySent, C.IN_TRANSIT, STOCK_CAUSE.TRANSFER_RECEIVE, staffOf[receiver]));
          if (qtyReceived) a.transferMoves.push(move(receiver, qtyReceived, C.SELLABLE, STOCK_CAUSE.TRANSFER_RECEIVE, staffOf[receiver]));
        }
        // The sender held what it sent: every send of the product counted, as if none had come back yet.
        const key = `${sender}|${p.productId}`;
        const f = floor.get(key) ?? { storeCode: sender, productId: p.productId, qty: 0 };
        floor.set(key, { ...f, qty: f.qty + qtySent });
      });
    }
  }
  a.stockAtLeast.push(...floor.values());
  return a;
}
