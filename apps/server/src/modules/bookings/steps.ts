import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  BOOKING_FLOW,
  BOOKING_OPEN_STATUSES,
  BOOKING_STATUS,
  BOOKING_STATUS_LABEL,
  BOOKING_STATUS_WITHOUT_TAKER,
  bookingStep,
  ERROR_DETAILS,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  isoDateInWib,
  ORDER_STATUS,
  STOCK_CAUSE,
  STOCK_CONDITION,
  STORE_PROXIMITY,
  type BookingAction,
  type BookingCreateBody,
  type BookingDetail,
  type BookingEventType,
  type BookingReceiveBody,
  type BookingRefuseBody,
  type BookingReofferBody,
  type BookingSide,
  type BookingStatusId,
  type EventPayload,
} from '@gerai/contract';
import type { Db, Tx } from '../../db/client';
import { orderLines, orders, products, stockBookingDetails, stockBookings, storeStock } from '../../db/schema';
import { recordChange, type DomainEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { lockOrderRow, orderBookingHold } from '../orders';
import { moveStock, proximityOf, storeOrigin } from '../stock';
import { bookingScope, sidesOf } from './access';
import { lackingOf, LINE_NOT_IN_ORDER } from './lines';
import { BOOKING_ENTITY, BOOKING_REQUEST, bookingRef, loadBookingDetail } from './views';

const now = sql`now()`;

/** The event each step writes; a new booking writes `booking.requested`. */
const STEP_EVENT = {
  take: 'booking.taken',
  refuse: 'booking.refused',
  reoffer: 'booking.reoffered',
  receive: 'booking.received',
  cancel: 'booking.cancelled',
} as const satisfies Record<BookingAction, BookingEventType>;
/** The payload's `action` per event. */
const EVENT_ACTION = {
  'booking.requested': 'requested',
  'booking.taken': 'taken',
  'booking.refused': 'refused',
  'booking.reoffered': 'reoffered',
  'booking.received': 'received',
  'booking.cancelled': 'cancelled',
} as const satisfies Record<BookingEventType, string>;

type BookingRow = typeof stockBookings.$inferSelect;
type DetailRow = typeof stockBookingDetails.$inferSelect;

/** A booking and its detail, row-locked for a step. */
interface LockedBooking {
  b: BookingRow;
  d: DetailRow;
  shipmentNo: string;
}

/** The side BOOKING_FLOW gives an action (every row of one action has the same side). */
const sideOfAction = (action: BookingAction): BookingSide => BOOKING_FLOW.find((s) => s.action === action)!.side;

/** 409 naming the status the booking is in now ("Dibatalkan" has no label: the plain message). */
function statusChanged(locked: Pick<LockedBooking, 'b' | 'd'>): AppError {
  if (locked.b.cancelledAt) return new AppError('BOOKING_STATUS_CHANGED');
  const label = BOOKING_STATUS_LABEL[locked.d.status as BookingStatusId] ?? String(locked.d.status);
  return new AppError('BOOKING_STATUS_CHANGED', ERROR_DETAILS.bookingStatusChangedTo(label));
}

/** What every booking event carries, after the step. */
function payloadOf<T extends BookingEventType>(type: T, b: BookingRow, d: DetailRow, shipmentNo: string, actorName: string, extra: object = {}): EventPayload<T> {
  const noTaker = BOOKING_STATUS_WITHOUT_TAKER.includes(d.status);
  return {
    action: EVENT_ACTION[type],
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
    ...extra,
  } as unknown as EventPayload<T>;
}

/** Row-locks a booking and its detail (not its order); missing or out of the caller's sight → 404. */
async function lockBooking(tx: Tx, p: Principal, bookID: number): Promise<LockedBooking> {
  const [row] = await tx
    .select({ b: stockBookings, d: stockBookingDetails, shipmentNo: orders.shipmentNo })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .innerJoin(orders, eq(orders.id, stockBookings.orderId))
    .where(and(eq(stockBookings.id, bookID), bookingScope(p)))
    .limit(1)
    .for('update', { of: [stockBookings, stockBookingDetails] });
  if (!row) throw new AppError('BOOKING_NOT_FOUND');
  return row;
}

interface StepWrite {
  /** Columns of the detail the step sets besides its status. */
  detail?: PgUpdateSetSource<typeof stockBookingDetails>;
  /** Columns of the booking the step sets besides its status. */
  booking?: PgUpdateSetSource<typeof stockBookings>;
  /** The history's note (audit reason). */
  note?: string | null;
  /** Stores told besides the ordering store and the addressee after the step (the previous addressee of a re-offer). */
  alsoTell?: string[];
  /** Fields the step's event adds (refused: reason). */
  extra?: object;
}

interface StepOptions {
  /** The caller acts for the ordering store whatever stores they see (an order's cancellation). */
  asOrderingStore?: boolean;
}

/**
 * The one place BOOKING_FLOW is applied, inside the caller's transaction on a locked booking: the
 * caller's side (403 BOOKING_NOT_ADDRESSED / BOOKING_NOT_ORDERING for a booking they see from the
 * other side), the step from the booking's status (409 BOOKING_STATUS_CHANGED for a race loser or a
 * closed booking), the step's own checks and writes (`write`), the status moved with a
 * compare-and-set, the audit row and the typed event to both stores.
 */
async function applyStep(tx: Tx, p: Principal, locked: LockedBooking, action: BookingAction, write: (locked: LockedBooking) => Promise<StepWrite>, options: StepOptions = {}): Promise<void> {
  const { b, d } = locked;
  const side = sideOfAction(action);
  if (!options.asOrderingStore && !sidesOf(p, b.storeCode, d.storeCode).includes(side)) {
    throw new AppError(side === 'serving' ? 'BOOKING_NOT_ADDRESSED' : 'BOOKING_NOT_ORDERING');
  }
  const from = d.status as BookingStatusId;
  const step = b.cancelledAt ? undefined : bookingStep(action, from);
  if (!step) throw statusChanged(locked);
  const done = await write(locked);
  const to = step.to ?? from;
  const [detail] = await tx
    .update(stockBookingDetails)
    .set({ ...done.detail, status: to, updatedAt: now })
    .where(and(eq(stockBookingDetails.id, d.id), eq(stockBookingDetails.status, from)))
    .returning();
  const [booking] = detail
    ? await tx
        .update(stockBookings)
        .set({ ...done.booking, status: to, updatedAt: now })
        .where(and(eq(stockBookings.id, b.id), isNull(stockBookings.cancelledAt)))
        .returning()
    : [];
  // The rows are locked, so these hold; the guards keep a second writer of the status honest.
  if (!detail || !booking) throw statusChanged(locked);
  const type = STEP_EVENT[action];
  const payload = payloadOf(type, booking, detail, locked.shipmentNo, p.name, done.extra);
  await recordChange(
    tx,
    { actorUserId: p.userId, entity: BOOKING_ENTITY, entityId: String(b.id), action, fromValue: String(from), toValue: step.to === null ? 'cancelled' : String(to), reason: done.note ?? null },
    { storeCode: booking.storeCode, type, payload, alsoStoreCodes: [detail.storeCode, ...(done.alsoTell ?? [])] } as DomainEvent<typeof type>,
  );
}

/** One step on one booking in its own transaction; answers the booking's detail for the caller. */
async function runStep(db: Db, p: Principal, bookID: number, action: BookingAction, write: (locked: LockedBooking, tx: Tx) => Promise<StepWrite>): Promise<BookingDetail> {
  await db.transaction(async (tx) => {
    const locked = await lockBooking(tx, p, bookID);
    await applyStep(tx, p, locked, action, (l) => write(l, tx));
  });
  return loadBookingDetail(db, p, bookID);
}

// --- creating a booking ------------------------------------------------------------------------

/** BK + the WIB date (yymmdd) + the id, six digits at least. */
const bookingNoOf = (id: number, at = new Date()) => `BK${isoDateInWib(at).slice(2).replace(/-/g, '')}${String(id).padStart(6, '0')}`;

const storeField = (code: 'BOOKING_OWN_STORE' | 'STORE_UNKNOWN') => new AppError(code, undefined, [{ path: 'body.storeCode', message: ERROR_MESSAGES[code] }]);

/**
 * A store that may serve `qty` of a product: not the ordering store (422 BOOKING_OWN_STORE), known
 * (422 STORE_UNKNOWN), with that many sellable units now (409 BOOKING_STORE_STOCK_SHORT). Nothing is
 * reserved until the store takes the booking, so its stock is read, not locked.
 */
async function servingStoreFor(tx: Tx, orderingStore: string, storeCode: string, productId: string, qty: number) {
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
const addresseeNote = (s: { code: string; name: string }) => `${s.code} ${s.name}`;

/**
 * POST /api/bookings: book `qty` of a short line of an order being picked from another store, under
 * the order's row lock (so two bookings of one line cannot together ask for more than it lacks).
 * The order in the caller's stores (404), in 1102 (409 BOOKING_ORDER_NOT_PICKING); the line its own
 * (404); at most what the line lacks (422 BOOKING_QTY_EXCEEDS); a store that may serve it. Reserves
 * nothing. Event: booking.requested, to both stores.
 */
export async function createBooking(db: Db, p: Principal, body: BookingCreateBody): Promise<BookingDetail> {
  const bookID = await db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, p, body.shipmentNo);
    if (!order) throw new AppError('NOT_FOUND');
    if (order.statusId !== ORDER_STATUS.PACKING) throw new AppError('BOOKING_ORDER_NOT_PICKING');
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, body.lineId), eq(orderLines.orderId, order.id)))
      .limit(1);
    if (!line) throw new AppError('NOT_FOUND', LINE_NOT_IN_ORDER);
    const hold = await orderBookingHold(tx, order.id);
    const lacking = lackingOf(line, hold.bookedByLine.get(line.id) ?? 0);
    if (body.qty > lacking) {
      throw new AppError('BOOKING_QTY_EXCEEDS', ERROR_DETAILS.bookingQtyExceeds(line.name, lacking), [{ path: 'body.qty', message: FIELD_MESSAGES.qtyMax(lacking) }]);
    }
    const serving = await servingStoreFor(tx, order.storeCode, body.storeCode, line.productId, body.qty);
    const ordering = await storeOrigin(tx, order.storeCode);
    // The number shows the id, so the id is drawn first.
    const { rows } = (await tx.execute(sql`select nextval(pg_get_serial_sequence('stock_bookings', 'id'))::int as id`)) as unknown as { rows: Array<{ id: number }> };
    const id = Number(rows[0]!.id);
    const [booking] = await tx
      .insert(stockBookings)
      .values({
        id,
        bookingNo: bookingNoOf(id),
        orderId: order.id,
        storeCode: order.storeCode,
        lineId: line.id,
        productId: line.productId,
        qtyOos: body.qty,
        isKelurahan: ordering !== null && proximityOf(ordering, serving) === STORE_PROXIMITY.KELURAHAN,
        status: BOOKING_STATUS.WAITING,
        createdBy: p.userId,
      })
      .returning();
    const [detail] = await tx.insert(stockBookingDetails).values({ bookingId: id, storeCode: serving.code, status: BOOKING_STATUS.WAITING }).returning();
    await recordChange(
      tx,
      { actorUserId: p.userId, entity: BOOKING_ENTITY, entityId: String(id), action: BOOKING_REQUEST, toValue: String(BOOKING_STATUS.WAITING), reason: addresseeNote(serving) },
      { storeCode: order.storeCode, type: 'booking.requested', payload: payloadOf('booking.requested', booking!, detail!, order.shipmentNo, p.name), alsoStoreCodes: [serving.code] },
    );
    return id;
  });
  return loadBookingDetail(db, p, bookID);
}

// --- the steps --------------------------------------------------------------------------------

/**
 * The addressed store takes the booking: its sellable units of the product (the store_stock row
 * locked) must cover it (409 BOOKING_STOCK_SHORT), and move sellable → reserved on the ledger
 * (cause booking_take, ref booking:<id>). storeTaken, stockTaken and takenAt are set (1131 → 1132).
 */
export function takeBooking(db: Db, p: Principal, bookID: number): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'take', async ({ b, d }, tx) => {
    const [stock] = await tx
      .select({ qty: storeStock.qty })
      .from(storeStock)
      .where(and(eq(storeStock.storeCode, d.storeCode), eq(storeStock.productId, b.productId)))
      .limit(1)
      .for('update');
    const have = stock?.qty ?? 0;
    if (have < b.qtyOos) throw new AppError('BOOKING_STOCK_SHORT', ERROR_DETAILS.bookingStockShort(Math.max(0, have), b.qtyOos));
    const move = { storeCode: d.storeCode, productId: b.productId, cause: STOCK_CAUSE.BOOKING_TAKE, ref: bookingRef(b.id), actorUserId: p.userId };
    await moveStock(tx, [
      { ...move, delta: -b.qtyOos, condition: STOCK_CONDITION.SELLABLE },
      { ...move, delta: b.qtyOos, condition: STOCK_CONDITION.RESERVED },
    ]);
    return { detail: { storeTaken: d.storeCode, stockTaken: b.qtyOos, takenAt: now } };
  });
}

/** The addressed store refuses it (1131 → 1134): kept in refusedBy, never offered it again; the reason is optional. */
export function refuseBooking(db: Db, p: Principal, bookID: number, body: BookingRefuseBody): Promise<BookingDetail> {
  const reason = body.reason ?? null;
  return runStep(db, p, bookID, 'refuse', async ({ d }) => ({
    detail: { refusedBy: sql`array_append(${stockBookingDetails.refusedBy}, ${d.storeCode}::text)`, refuseReason: reason },
    note: reason,
    extra: { reason },
  }));
}

/**
 * The ordering store offers a refused booking to another store (1134 → 1131): not its own (422
 * BOOKING_OWN_STORE), not one that refused it (422 BOOKING_STORE_REFUSED), known, with the units
 * (409 BOOKING_STORE_STOCK_SHORT). The store that refused it hears of it too.
 */
export function reofferBooking(db: Db, p: Principal, bookID: number, body: BookingReofferBody): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'reoffer', async ({ b, d }, tx) => {
    if (body.storeCode === b.storeCode) throw storeField('BOOKING_OWN_STORE');
    if (d.refusedBy.includes(body.storeCode)) throw new AppError('BOOKING_STORE_REFUSED', undefined, [{ path: 'body.storeCode', message: ERROR_MESSAGES.BOOKING_STORE_REFUSED }]);
    const serving = await servingStoreFor(tx, b.storeCode, body.storeCode, b.productId, b.qtyOos);
    const ordering = await storeOrigin(tx, b.storeCode);
    return {
      detail: { storeCode: serving.code, refuseReason: null, storeTaken: null, stockTaken: null },
      booking: { isKelurahan: ordering !== null && proximityOf(ordering, serving) === STORE_PROXIMITY.KELURAHAN },
      note: addresseeNote(serving),
      alsoTell: [d.storeCode],
    };
  });
}

/** A barcode names the product: its EAN-13 or its productID, as scanned (spaces around ignored). */
async function barcodeMatches(tx: Tx, productId: string, barcode: string): Promise<boolean> {
  const code = barcode.trim();
  if (code === productId) return true;
  const [product] = await tx.select({ ean13: products.ean13 }).from(products).where(eq(products.productId, productId)).limit(1);
  return product?.ean13 === code;
}

/**
 * The ordering store receives the goods of a taken booking (`/get-product/:id`, 1132 → 1133): the
 * product's barcode (422 BOOKING_BARCODE_MISMATCH) and exactly the units taken (422
 * BOOKING_RECEIVE_QTY_MISMATCH). In the one transaction the reserved units leave the serving store
 * and enter the ordering store's sellable stock (cause booking_receive).
 */
export function receiveBooking(db: Db, p: Principal, bookID: number, body: BookingReceiveBody): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'receive', async ({ b, d }, tx) => {
    if (!(await barcodeMatches(tx, b.productId, body.barcode))) {
      throw new AppError('BOOKING_BARCODE_MISMATCH', undefined, [{ path: 'body.barcode', message: ERROR_MESSAGES.BOOKING_BARCODE_MISMATCH }]);
    }
    const units = d.stockTaken ?? b.qtyOos;
    if (body.qty !== units) throw new AppError('BOOKING_RECEIVE_QTY_MISMATCH', undefined, [{ path: 'body.qty', message: FIELD_MESSAGES.qtyMax(units) }]);
    const move = { productId: b.productId, cause: STOCK_CAUSE.BOOKING_RECEIVE, ref: bookingRef(b.id), actorUserId: p.userId };
    await moveStock(tx, [
      { ...move, storeCode: d.storeTaken ?? d.storeCode, delta: -units, condition: STOCK_CONDITION.RESERVED },
      { ...move, storeCode: b.storeCode, delta: units, condition: STOCK_CONDITION.SELLABLE },
    ]);
    return { detail: { receivedAt: now } };
  });
}

/** The write of a cancel: closed, and a taken booking's reserved units back on the serving store's shelf (cause booking_release). */
async function cancelWrite(tx: Tx, p: Principal, { b, d }: LockedBooking): Promise<StepWrite> {
  if (d.status === BOOKING_STATUS.TAKEN) {
    const units = d.stockTaken ?? b.qtyOos;
    const move = { storeCode: d.storeTaken ?? d.storeCode, productId: b.productId, cause: STOCK_CAUSE.BOOKING_RELEASE, ref: bookingRef(b.id), actorUserId: p.userId };
    await moveStock(tx, [
      { ...move, delta: -units, condition: STOCK_CONDITION.RESERVED },
      { ...move, delta: units, condition: STOCK_CONDITION.SELLABLE },
    ]);
  }
  return { booking: { cancelledAt: now, cancelledBy: p.userId } };
}

/** The ordering store cancels a booking that has not arrived (1131, 1134, 1132; 1133 → 409). */
export function cancelBooking(db: Db, p: Principal, bookID: number): Promise<BookingDetail> {
  return runStep(db, p, bookID, 'cancel', (locked, tx) => cancelWrite(tx, p, locked));
}

/**
 * Cancels every open booking of an order, inside the caller's transaction (the cancellations area,
 * under the order's row lock): the same cancel as the ordering store's, each with its booking.cancelled
 * event, a taken one's reserved units given back once. The caller's right to cancel the order is
 * the right to cancel its bookings. Call it before moving any other stock of the order, so booking
 * rows are always locked before store_stock rows.
 */
export async function cancelOrderBookings(tx: Tx, actor: Principal, order: { id: number; shipmentNo: string; storeCode: string }): Promise<void> {
  const open = await tx
    .select({ b: stockBookings, d: stockBookingDetails })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .where(and(eq(stockBookings.orderId, order.id), isNull(stockBookings.cancelledAt), inArray(stockBookingDetails.status, [...BOOKING_OPEN_STATUSES])))
    .orderBy(asc(stockBookings.id))
    .for('update');
  for (const row of open) {
    await applyStep(tx, actor, { ...row, shipmentNo: order.shipmentNo }, 'cancel', (locked) => cancelWrite(tx, actor, locked), { asOrderingStore: true });
  }
}
