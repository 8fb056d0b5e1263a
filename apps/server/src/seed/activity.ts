import type { Faker } from '@faker-js/faker';
import type {
  cancelRequests,
  chatMessages,
  chatRooms,
  materialTransferItems,
  materialTransfers,
  podApprovalRequests,
  returnLines,
  returns,
  stockBookingDetails,
  stockBookings,
  ticketComments,
  tickets,
} from '../db/schema';
import type { StockMove } from '../modules/stock';
import { activityContext, type DemoUserIds } from './activity-context';
import { customerChats, helpTickets } from './activity-conversations';
import { orderReturns, pendingCancellation, podApprovals } from './activity-requests';
import { demoBookings, demoTransfers } from './activity-stock';
import type { ProductRow } from './catalog';
import type { SeedOrder } from './orders';

export type { DemoUserIds } from './activity-context';

export interface Activity {
  bookings: Array<typeof stockBookings.$inferInsert>;
  bookingDetails: Array<typeof stockBookingDetails.$inferInsert>;
  transfers: Array<typeof materialTransfers.$inferInsert>;
  transferItems: Array<typeof materialTransferItems.$inferInsert>;
  podApprovals: Array<typeof podApprovalRequests.$inferInsert>;
  cancelRequests: Array<typeof cancelRequests.$inferInsert>;
  returns: Array<typeof returns.$inferInsert>;
  returnLines: Array<typeof returnLines.$inferInsert>;
  chatRooms: Array<typeof chatRooms.$inferInsert>;
  chatMessages: Array<typeof chatMessages.$inferInsert>;
  tickets: Array<typeof tickets.$inferInsert>;
  ticketComments: Array<typeof ticketComments.$inferInsert>;
  /** Stock set after the counted stock and before the ledger opens: the booked product of a booking's order and what a taken booking holds. */
  emptyStock: Array<{ storeCode: string; productId: string; qty?: number; qtyReserved?: number }>;
  /** Opening sellable stock raised to at least this before the ledger opens: what a sender sent. */
  stockAtLeast: Array<{ storeCode: string; productId: string; qty: number }>;
  /** The ledger rows the seeded transfers' steps wrote (send, then cancel or receive), applied after the opening rows. */
  transferMoves: StockMove[];
}

/**
 * Bookings, transfers, approvals, returns, chat and tickets around T001/T002, so every screen has data.
 * `matPinHash` is the hash of DEMO_MAT_PIN, made once by the caller (scrypt is slow) and shared by every transfer.
 * The steps run in this order because they draw from one faker sequence (and bookings change their orders).
 */
export function buildActivity(faker: Faker, orders: SeedOrder[], products: ProductRow[], users: DemoUserIds, now: Date, matPinHash: string): Activity {
  const ctx = activityContext(faker, orders, products, users, now);
  const booked = demoBookings(ctx);
  const moved = demoTransfers(ctx, new Set(booked.emptyStock.map((e) => e.productId)), matPinHash);
  const approvals = podApprovals(ctx);
  const cancellation = pendingCancellation(ctx);
  const returned = orderReturns(ctx);
  const chats = customerChats(ctx);
  const help = helpTickets(ctx);
  return { ...booked, ...moved, podApprovals: approvals, cancelRequests: [cancellation], ...returned, ...chats, ...help };
}
