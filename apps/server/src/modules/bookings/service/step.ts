import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  BOOKING_FLOW,
  BOOKING_STATUS_LABEL,
  BOOKING_STATUS_WITHOUT_TAKER,
  ERROR_DETAILS,
  ERROR_MESSAGES,
  mayTakeAction,
  type BookingAction,
  type BookingDetail,
  type BookingStatusId,
  type EventOf,
  type EventPayload,
} from '@gerai/contract';
import type { Db, Tx } from '../../../db/client';
import { stockBookingDetails, stockBookings, storeStock } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { applyStep, stampsFor } from '../../../platform/workflow';
import { storeOrigin } from '../../stock';
import { bookingScope, sidesOf } from '../access';
import { BOOKING_ENTITY, bookingOrderOf, loadBookingDetail } from '../views';

export const now = sql`now()`;

type BookingRow = typeof stockBookings.$inferSelect;
type DetailRow = typeof stockBookingDetails.$inferSelect;

/** A booking and its detail, row-locked for a step. */
export interface LockedBooking {
  b: BookingRow;
  d: DetailRow;
  shipmentNo: string;
}

/** 409 naming the status the booking is in now ("Dibatalkan" has no label: the plain message). */
function statusChanged(locked: Pick<LockedBooking, 'b' | 'd'>): AppError {
  if (locked.b.cancelledAt) return new AppError('BOOKING_STATUS_CHANGED');
  const label = BOOKING_STATUS_LABEL[locked.d.status as BookingStatusId] ?? String(locked.d.status);
  return new AppError('BOOKING_STATUS_CHANGED', ERROR_DETAILS.bookingStatusChangedTo(label));
}

/** What every booking event carries besides its `action`: the booking after the step. */
export type BookingFacts = Omit<EventPayload<'booking.taken'>, 'action'>;
export function bookingFacts(b: BookingRow, d: DetailRow, shipmentNo: string, actorName: string): BookingFacts {
  const noTaker = BOOKING_STATUS_WITHOUT_TAKER.includes(d.status);
  return {
    bookID: b.id,
    bookDetID: d.id,
    bookingNo: b.bookingNo,
    shipmentNo,
    productId: b.productId,
    qtyOos: b.qtyOos,
    status: d.status,
    orderingStore: b.storeCode,
    servingStore: d.storeCode,
    storeTaken: noTaker ? null : d.storeTaken,
    stockTaken: noTaker ? null : d.stockTaken,
    actorName,
  };
}

/** Row-locks a booking and its detail (not its order); missing or out of the caller's sight → 404. */
async function lockBooking(tx: Tx, p: Principal, bookID: number): Promise<LockedBooking> {
  // The order by id (bookingOrderOf): a plain join was a merge join over every order.
  const order = bookingOrderOf(tx);
  const [row] = await tx
    .select({ b: stockBookings, d: stockBookingDetails, shipmentNo: order.shipmentNo })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoinLateral(order, sql`true`)
    .where(and(eq(stockBookings.id, bookID), bookingScope(p)))
    .limit(1)
    .for('update', { of: [stockBookings, stockBookingDetails] });
  if (!row) throw new AppError('BOOKING_NOT_FOUND');
  return row;
}

export interface StepWrite<A extends BookingAction> {
  /** Columns of the detail the step sets besides its status and stamps. */
  detail?: PgUpdateSetSource<typeof stockBookingDetails>;
  /** Columns of the booking the step sets besides its status and stamps. */
  booking?: PgUpdateSetSource<typeof stockBookings>;
  /** The history's note (audit reason). */
  note?: string | null;
  /** Stores told besides the ordering store and the addressee after the step (the previous addressee of a re-offer). */
  alsoTell?: string[];
  /** The step's event from the booking after it: the catalogue's payload of the step's event type. */
  event: (facts: BookingFacts) => EventPayload<EventOf<typeof BOOKING_FLOW, A>>;
}

/**
 * BOOKING_FLOW applied to a locked booking through the workflow kernel, inside the caller's
 * transaction: the caller's side (403 BOOKING_NOT_ADDRESSED / BOOKING_NOT_ORDERING for a booking
 * they see from the other side; `asOrderingStore`: an order's cancellation acts for the ordering
 * store whatever stores the caller sees), the step from the booking's status (409
 * BOOKING_STATUS_CHANGED for a race loser or a closed booking), the step's own checks and writes
 * (`write`), the detail and the booking moved with a compare-and-set, the audit row and the typed
 * event to both stores.
 */
export async function applyBookingStep<A extends BookingAction>(
  tx: Tx,
  p: Principal,
  locked: LockedBooking,
  action: A,
  write: (locked: LockedBooking) => Promise<StepWrite<A>>,
  asOrderingStore = false,
): Promise<void> {
  const { b, d } = locked;
  const from = d.status;
  await applyStep(tx, {
    flow: BOOKING_FLOW,
    action,
    status: b.cancelledAt ? null : from,
    actor: { userId: p.userId, sides: asOrderingStore ? ['ordering'] : sidesOf(p, b.storeCode, d.storeCode) },
    refuse: (why) => (why === 'conflict' ? statusChanged(locked) : new AppError(mayTakeAction(BOOKING_FLOW, action, { sides: ['serving'] }) ? 'BOOKING_NOT_ADDRESSED' : 'BOOKING_NOT_ORDERING')),
    before: () => write(locked),
    move: async (step, done, stamps) => {
      const to = step.to ?? from;
      const [detail] = await tx
        .update(stockBookingDetails)
        .set({ ...done.detail, ...stampsFor(stockBookingDetails, stamps), status: to, updatedAt: now })
        .where(and(eq(stockBookingDetails.id, d.id), eq(stockBookingDetails.status, from)))
        .returning();
      const [booking] = detail
        ? await tx
            .update(stockBookings)
            .set({ ...done.booking, ...stampsFor(stockBookings, stamps), status: to, updatedAt: now })
            .where(and(eq(stockBookings.id, b.id), isNull(stockBookings.cancelledAt)))
            .returning()
        : [];
      // The rows are locked, so these hold; the guards keep a second writer of the status honest.
      return detail && booking ? { detail, booking } : undefined;
    },
    record: (step, { booking, detail }, done) => ({
      audit: { entity: BOOKING_ENTITY, entityId: String(b.id), action, fromValue: String(from), toValue: step.to === null ? 'cancelled' : String(step.to), reason: done.note ?? null },
      storeCode: booking.storeCode,
      payload: done.event(bookingFacts(booking, detail, locked.shipmentNo, p.name)),
      alsoStoreCodes: [detail.storeCode, ...(done.alsoTell ?? [])],
    }),
  });
}

/** One step on one booking in its own transaction; answers the booking's detail for the caller. */
export async function runStep<A extends BookingAction>(
  db: Db,
  p: Principal,
  bookID: number,
  action: A,
  write: (locked: LockedBooking, tx: Tx) => Promise<StepWrite<A>>,
): Promise<BookingDetail> {
  await db.transaction(async (tx) => {
    const locked = await lockBooking(tx, p, bookID);
    await applyBookingStep(tx, p, locked, action, (l) => write(l, tx));
  });
  return loadBookingDetail(db, p, bookID);
}

export const storeField = (code: 'BOOKING_OWN_STORE' | 'STORE_UNKNOWN') => new AppError(code, undefined, [{ path: 'body.storeCode', message: ERROR_MESSAGES[code] }]);

/**
 * A store that may serve `qty` of a product: not the ordering store (422 BOOKING_OWN_STORE), known
 * (422 STORE_UNKNOWN), with that many sellable units now (409 BOOKING_STORE_STOCK_SHORT). Nothing is
 * reserved until the store takes the booking, so its stock is read, not locked.
 */
export async function servingStoreFor(tx: Tx, orderingStore: string, storeCode: string, productId: string, qty: number) {
  if (storeCode === orderingStore) throw storeField('BOOKING_OWN_STORE');
  const store = await storeOrigin(tx, storeCode);
  if (!store) throw storeField('STORE_UNKNOWN');
  const [stock] = await tx
    .select({ qty: storeStock.qty })
    .from(storeStock)
    .where(and(eq(storeStock.storeCode, storeCode), eq(storeStock.productId, productId)))
    .limit(1);
  const have = stock?.qty ?? 0;
  if (have < qty) throw new AppError('BOOKING_STORE_STOCK_SHORT', ERROR_DETAILS.bookingStoreStockShort(`${store.code} ${store.name}`, Math.max(0, have)));
  return store;
}

/** The addressee as the history shows it. */
export const addresseeNote = (s: { code: string; name: string }) => `${s.code} ${s.name}`;
