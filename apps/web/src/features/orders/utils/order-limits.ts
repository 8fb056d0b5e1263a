/**
 * Limits the order screens need at run time. They mirror the contract's
 * (packages/contract/src/schemas/orders.ts), which lives in a module full of zod
 * schemas: importing a value from it would pull zod into these screens' code.
 * order-limits.test.ts keeps both in step.
 */
/** Paper bags per order (contract: PAPER_BAG_MAX). */
export const PAPER_BAG_MAX = 20;
/** The customer's pickup QR text starts with this (contract: PICKUP_QR_PREFIX). */
export const PICKUP_QR_PREFIX = 'GERAI:PICKUP:';
