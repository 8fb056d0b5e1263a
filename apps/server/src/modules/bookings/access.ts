// Who sees a booking, and from which side: the scope every read and step of the area applies.
import { or, sql, type SQL } from 'drizzle-orm';
import { type BookingDirection, type BookingSide } from '@gerai/contract';
import { stockBookingDetails, stockBookings } from '../../db/schema';
import { canSeeStore, type Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';
import { inScope } from '../../db/prepared';

/** The sides of a booking the caller is on, from the stores they may see (BOOKING_FLOW's `side`). */
export function sidesOf(p: Principal, orderingStore: string, servingStore: string): BookingSide[] {
  const sides: BookingSide[] = [];
  if (canSeeStore(p, orderingStore)) sides.push('ordering');
  if (canSeeStore(p, servingStore)) sides.push('serving');
  return sides;
}

/**
 * A booking is seen by whoever may see the store that booked it or the store it is addressed to now;
 * anyone else gets 404, as for a missing one.
 */
export const bookingScope = (p: Principal): SQL => or(storeScope(stockBookings.storeCode, p), storeScope(stockBookingDetails.storeCode, p))!;

/**
 * A booking the caller's stores (the `stores` placeholder of a prepared read, db/prepared.ts) may read:
 * the store that booked it, the store it is addressed to now, or a store that refused it and is no
 * longer addressed, which keeps reading it (its refusal is its own step): the read answers what that
 * store took part in, never what happened after it (see toDetail). Steps still answer 404 for it: it
 * may do nothing.
 */
export const bookingOrRefusedInScope = (): SQL =>
  or(inScope(stockBookings.storeCode), inScope(stockBookingDetails.storeCode), sql`${stockBookingDetails.refusedBy} && ${sql.placeholder('stores')}::text[]`)!;

/** `out` when my store booked it, `in` when it is addressed to my store (else the side the caller may see). */
export function directionOf(p: Principal, orderingStore: string, servingStore: string): BookingDirection {
  if (p.activeStoreCode === orderingStore) return 'out';
  if (p.activeStoreCode === servingStore) return 'in';
  return canSeeStore(p, orderingStore) ? 'out' : 'in';
}
