// Who sees a booking, and from which side: the scope every read and step of the area applies.
import { or, sql, type SQL } from 'drizzle-orm';
import { type BookingDirection, type BookingSide } from '@gerai/contract';
import { stockBookingDetails, stockBookings } from '../../db/schema';
import { canSeeStore, type Principal } from '../../platform/principal';
import { storeScope } from '../../platform/scope';

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
 * A store that refused a booking and is no longer addressed keeps reading it (its refusal is its own
 * step): the read answers what that store took part in, never what happened after it (see toDetail).
 * Steps still answer 404 for it: it may do nothing.
 */
export function refusedByScope(p: Principal): SQL {
  if (p.storeCodes === 'all') return sql`cardinality(${stockBookingDetails.refusedBy}) > 0`;
  if (p.storeCodes.length === 0) return sql`false`;
  return sql`${stockBookingDetails.refusedBy} && array[${sql.join(
    p.storeCodes.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
}

/** `out` when my store booked it, `in` when it is addressed to my store (else the side the caller may see). */
export function directionOf(p: Principal, orderingStore: string, servingStore: string): BookingDirection {
  if (p.activeStoreCode === orderingStore) return 'out';
  if (p.activeStoreCode === servingStore) return 'in';
  return canSeeStore(p, orderingStore) ? 'out' : 'in';
}
