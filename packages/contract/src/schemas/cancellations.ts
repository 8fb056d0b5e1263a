import { z } from 'zod';
import { CANCEL_TEXT, INT4_MAX } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { CANCEL_REQUEST_STATUSES } from '../workflow-statuses';
import { chosenReasonSchema, pageFields, pageOf, refineOtherReason, storeCodeSchema } from './common';
import { orderDetailSchema, shipmentNoSchema } from './orders';
import { int, request, text } from './primitives';

// Cancellations: a crew member asks, a decider (CANCEL_RULE) approves or rejects; a decider may cancel at once.

const optionalText = (max: number) =>
  text({ max, lines: 'multi' })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * POST /api/cancellations: cancel an order in 1101, 1102 or 1103. The server decides what it is by
 * the caller's role (CANCEL_RULE): a request waiting for a decider, or the cancellation itself.
 */
export const cancelBodySchema = request(
  z
    .object({
      shipmentNo: shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired),
      reasonId: int({ min: 0, max: INT4_MAX, error: FIELD_MESSAGES.reasonUnknown, tooSmall: FIELD_MESSAGES.reasonUnknown, tooBig: FIELD_MESSAGES.reasonUnknown }),
      reasonText: optionalText(CANCEL_TEXT.reasonTextMax),
    })
    .strict()
    .superRefine(refineOtherReason(CANCEL_TEXT.reasonTextMin)),
);
export type CancelBody = z.infer<typeof cancelBodySchema>;

/** Approving takes an optional note. */
export const cancelApproveBodySchema = request(z.object({ note: optionalText(CANCEL_TEXT.noteMax) }).strict());
export type CancelApproveBody = z.infer<typeof cancelApproveBodySchema>;

/** Rejecting says why: the crew member reads it on the order. */
export const cancelRejectBodySchema = request(
  z
    .object({
      note: text({ max: CANCEL_TEXT.noteMax, lines: 'multi', error: FIELD_MESSAGES.cancelNoteRequired }).min(CANCEL_TEXT.reasonTextMin, FIELD_MESSAGES.cancelNoteRequired),
    })
    .strict(),
);
export type CancelRejectBody = z.infer<typeof cancelRejectBodySchema>;

export const cancelRequestSchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  storeCode: z.string(),
  /** The order's status now (1106 once approved). */
  orderStatusId: z.number().int(),
  /** The status the order was in when it was asked for. */
  requestedInStatus: z.number().int(),
  deliveryType: z.number().int(),
  appName: z.string(),
  customerName: z.string(),
  itemCount: z.number().int(),
  price: z.number().int(),
  status: z.enum(CANCEL_REQUEST_STATUSES),
  reason: chosenReasonSchema,
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The decider's note (required on a rejection). */
  note: z.string().nullable(),
  /** True when the caller may decide it now (pending, and the caller's role meets CANCEL_RULE for the order's status). */
  canDecide: z.boolean(),
  /** The lowest role that may decide it (ROLE), for "menunggu Kepala Toko" / "menunggu Area Supervisor". */
  deciderRole: z.number().int(),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

/** Every change answers with the request and the order as it is now. */
export const cancelResultSchema = z.object({ request: cancelRequestSchema, order: orderDetailSchema });
export type CancelResult = z.infer<typeof cancelResultSchema>;

/** GET /api/cancellations: the approval queue (pending, oldest first) or the decided ones (newest first). */
export const cancelListQuerySchema = request(
  z.object({
    status: z.enum(CANCEL_REQUEST_STATUSES, { error: FIELD_MESSAGES.cancelStatusUnknown }).default('pending'),
    ...pageFields(),
  }),
);
export type CancelListQuery = z.infer<typeof cancelListQuerySchema>;
export const cancelListSchema = pageOf(cancelRequestSchema);
export type CancelList = z.infer<typeof cancelListSchema>;

/** Pending requests of the active store (home and the Batal tab's badge); `storeCode`: the store counted. */
export const cancelCountSchema = z.object({ pending: z.number().int(), storeCode: z.string() });
export type CancelCount = z.infer<typeof cancelCountSchema>;
/** `?storeCode=`: count that store (one of the caller's; home names its active store); left out, the active store. */
export const cancelCountQuerySchema = request(z.object({ storeCode: storeCodeSchema.optional() }));
export type CancelCountQuery = z.infer<typeof cancelCountQuerySchema>;
