// The stock booking machine as a table (docs/decisions.md 88): the server's bookings module is the only
// code that applies it; the web reads the actions each booking offers from the server. Zod-free.
import type { BookingEventType } from './event-types';
import { actionsFor, stepOf, type FlowStep } from './workflow';
import { BOOKING_STATUS, type BookingStatusId } from './workflow-statuses';

export const BOOKING_ACTIONS = ['take', 'refuse', 'reoffer', 'receive', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/**
 * Which store may take a step: the store that is short and booked the goods (`ordering`), or the store
 * the booking is addressed to (`serving`).
 */
export type BookingSide = 'ordering' | 'serving';

const B = BOOKING_STATUS;
const serving = { sides: ['serving'] } as const;
const ordering = { sides: ['ordering'] } as const;

/**
 * A booking is offered to one store at a time. That store takes it (its sellable stock is reserved:
 * 1132, storeTaken and stockTaken set) or refuses it (1134); a refused booking is offered again to
 * another store by the ordering store (back to 1131, never to a store that refused it). The goods of a
 * taken booking are fetched and scanned by the ordering store (`/get-product/:id`): the reserved units
 * leave the serving store and enter the ordering store in one transaction (1133). The ordering store
 * may cancel a booking that has not arrived (`to` null: the booking is closed and its detail keeps its
 * last status); a taken one gives its reserved units back. A new booking writes `booking.requested`.
 */
export const BOOKING_FLOW = [
  { action: 'take', from: B.WAITING, to: B.TAKEN, who: serving, event: 'booking.taken', stamps: ['takenAt'] },
  { action: 'refuse', from: B.WAITING, to: B.REFUSED, who: serving, event: 'booking.refused', stamps: [] },
  { action: 'reoffer', from: B.REFUSED, to: B.WAITING, who: ordering, event: 'booking.reoffered', stamps: [] },
  { action: 'receive', from: B.TAKEN, to: B.DONE, who: ordering, event: 'booking.received', stamps: ['receivedAt'] },
  { action: 'cancel', from: B.WAITING, to: null, who: ordering, event: 'booking.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
  { action: 'cancel', from: B.REFUSED, to: null, who: ordering, event: 'booking.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
  { action: 'cancel', from: B.TAKEN, to: null, who: ordering, event: 'booking.cancelled', stamps: ['cancelledAt', 'cancelledBy'] },
] as const satisfies ReadonlyArray<FlowStep<BookingAction, BookingStatusId, BookingSide, BookingEventType>>;

/** The step `action` takes from `status`, or undefined when there is none. */
export const bookingStep = (action: BookingAction, status: BookingStatusId) => stepOf(BOOKING_FLOW, action, status);

/** What a store on `sides` may do with an open booking in `status` (the buttons of its detail). */
export const bookingActions = (status: BookingStatusId, sides: readonly BookingSide[]): BookingAction[] => actionsFor(BOOKING_FLOW, status, { sides });

/** Booked units not yet at the ordering store: they count against what a line still lacks. */
export const BOOKING_OPEN_STATUSES: readonly BookingStatusId[] = [BOOKING_STATUS.WAITING, BOOKING_STATUS.TAKEN, BOOKING_STATUS.REFUSED];

/** How a store proposed for a booking relates to the ordering store: the same kelurahan, the same kecamatan, or nearby. */
export const STORE_PROXIMITY = { KELURAHAN: 'kelurahan', KECAMATAN: 'kecamatan', NEARBY: 'nearby' } as const;
export type StoreProximity = (typeof STORE_PROXIMITY)[keyof typeof STORE_PROXIMITY];
export const STORE_PROXIMITIES = Object.values(STORE_PROXIMITY) as StoreProximity[];

/** Which bookings a list shows: the ones my store made (`out`) or the ones addressed to it (`in`). */
export const BOOKING_DIRECTIONS = ['in', 'out'] as const;
export type BookingDirection = (typeof BOOKING_DIRECTIONS)[number];

/** Indonesian label per booking detail status (design.md §3). */
export const BOOKING_STATUS_LABEL: Record<BookingStatusId, string> = {
  1131: 'Menunggu',
  1132: 'Diambil',
  1133: 'Selesai',
  1134: 'Ditolak',
};

/** Units of a line's bookings not yet at the ordering store (1131, 1132, 1134): they count against what it lacks. */
export function lineBookedUnits(bookings: ReadonlyArray<{ lineId: number | null; status: number; qtyOos: number }>, lineId: number): number {
  return bookings
    .filter((b) => b.lineId === lineId && (BOOKING_OPEN_STATUSES as readonly number[]).includes(b.status))
    .reduce((sum, b) => sum + b.qtyOos, 0);
}

/** ordered − picked − out of stock − booked and not arrived, never below 0: the most a new booking may ask for. */
export function lineLacking(
  line: { lineId: number; qty: number; qtyPicked: number; attrQtyOos: number },
  bookings: ReadonlyArray<{ lineId: number | null; status: number; qtyOos: number }>,
): number {
  return Math.max(0, line.qty - line.qtyPicked - line.attrQtyOos - lineBookedUnits(bookings, line.lineId));
}
