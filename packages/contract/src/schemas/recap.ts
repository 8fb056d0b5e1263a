import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { RECAP_MAX_DAYS, RECAP_TABLES } from '../recap';
import { storeFilterSchema } from './common';
import { isoDate, request } from './primitives';

// The recap (GET /api/recap, GET /api/recap/csv/:table), over the caller's scope like monitoring
// (decision 98); `storeCode` narrows it to one store of that scope.

/** Both ends are WIB calendar days, included; at most RECAP_MAX_DAYS days. */
export const recapQuerySchema = request(
  z
    .object({
      from: isoDate(),
      to: isoDate(),
      storeCode: storeFilterSchema,
    })
    .superRefine((q, ctx) => {
      if (q.to < q.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: FIELD_MESSAGES.dateEndBeforeStart });
        return;
      }
      const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
      if (days > RECAP_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: FIELD_MESSAGES.recapRangeTooLong(RECAP_MAX_DAYS) });
    }),
);
export type RecapQuery = z.infer<typeof recapQuerySchema>;

/** GET /api/recap/csv/:table: one table of the recap as CSV. */
export const recapCsvParamsSchema = request(z.object({ table: z.enum(RECAP_TABLES) }));
export type RecapCsvParams = z.infer<typeof recapCsvParamsSchema>;

const reasonCountSchema = z.object({ reason: z.string(), count: z.number().int() });
export type RecapReasonCount = z.infer<typeof reasonCountSchema>;

export const recapCrewSchema = z.object({
  userId: z.number().int(),
  nik: z.string(),
  name: z.string(),
  storeCode: z.string().nullable(),
  /** Orders of the range this person claimed. */
  claimed: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  /** Median minutes from claim to packed; null when none was packed. */
  medianPackMinutes: z.number().nullable(),
});
export type RecapCrew = z.infer<typeof recapCrewSchema>;

export const recapOutOfStockSchema = z.object({
  productId: z.string(),
  name: z.string(),
  orderedQty: z.number().int(),
  oosQty: z.number().int(),
  /** Lines of the product, and those with an out-of-stock quantity. */
  lines: z.number().int(),
  oosLines: z.number().int(),
  /** oosQty / orderedQty, 0–1. */
  rate: z.number(),
});
export type RecapOutOfStock = z.infer<typeof recapOutOfStockSchema>;

/**
 * The recap of the orders that arrived in the range (WIB days) in the scope: their current status,
 * channel and picker; completion time from arrival to completed; out-of-stock by product from their
 * lines; cancellations by the request's reason; returns and POD exceptions (approval requests) made
 * in the range, by reason.
 */
export const recapSchema = z.object({
  from: z.string(),
  to: z.string(),
  storeCode: z.string().nullable(),
  storeCount: z.number().int(),
  totals: z.object({ orders: z.number().int(), completed: z.number().int(), cancelled: z.number().int(), open: z.number().int(), returns: z.number().int(), podExceptions: z.number().int() }),
  byDay: z.array(z.object({ date: z.string(), orders: z.number().int(), completed: z.number().int(), cancelled: z.number().int() })),
  byChannel: z.array(z.object({ appId: z.number().int(), orders: z.number().int(), completed: z.number().int(), cancelled: z.number().int() })),
  byStatus: z.array(z.object({ statusId: z.number().int(), orders: z.number().int() })),
  /** Null for the crew (SEE_PEOPLE_MIN_ROLE), and for the whole chain (crewNeedsStore). */
  byCrew: z.array(recapCrewSchema).nullable(),
  /** True when the caller may see people but the scope is the whole chain: a store is picked to see its crew. */
  crewNeedsStore: z.boolean(),
  completion: z.object({ completed: z.number().int(), medianMinutes: z.number().nullable(), p90Minutes: z.number().nullable() }),
  /** At most RECAP_OOS_MAX, the most out-of-stock units first. */
  outOfStock: z.array(recapOutOfStockSchema),
  cancellations: z.array(reasonCountSchema),
  returns: z.array(reasonCountSchema),
  podExceptions: z.array(reasonCountSchema),
});
export type Recap = z.infer<typeof recapSchema>;
