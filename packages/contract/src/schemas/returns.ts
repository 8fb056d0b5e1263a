import { z } from 'zod';
import { INT4_MAX, QTY_MAX, RETURN_LINES_MAX, RETURN_PHOTOS, RETURN_TEXT } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { RETURN_ACTIONS } from '../return-flow';
import { RETURN_STATUSES, RETURN_STOCK_CONDITIONS } from '../workflow-statuses';
import { chosenReasonSchema, pageFields, pageOf, refineOtherReason, storeFilterSchema } from './common';
import { shipmentNoSchema } from './orders';
import { podTakenFields } from './pod';
import { podProofFields, refineReceiverOther } from './pod-fields';
import { int, request, text } from './primitives';
import { uploadIdSchema, uploadSchema } from './uploads';

// Returns (retur) of completed orders: RETURN_FLOW in return-flow.ts is the machine.

const optionalText = (max: number) =>
  text({ max, lines: 'multi' })
    .optional()
    .transform((v) => (v ? v : undefined));
const lineIdField = () => int({ min: 1, max: INT4_MAX, error: FIELD_MESSAGES.lineInvalid, tooSmall: FIELD_MESSAGES.lineInvalid, tooBig: FIELD_MESSAGES.lineInvalid });

const uniqueLines = (lines: { lineId: number }[], ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    if (seen.has(l.lineId)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineId'], message: FIELD_MESSAGES.returnLineDuplicate });
    seen.add(l.lineId);
  });
};

/** GET /api/returns/returnable/:shipmentNo: what of the order may come back, and whether a return may be recorded now. */
export const returnableSchema = z.object({
  shipmentNo: z.string(),
  orderNo: z.string(),
  statusId: z.number().int(),
  deliveryType: z.number().int(),
  appName: z.string(),
  customerName: z.string(),
  completedAt: z.string().nullable(),
  windowDays: z.number().int(),
  /** completedAt + windowDays; null when the order was not completed. */
  windowEndsAt: z.string().nullable(),
  /** Why a return cannot be recorded now (the error code the request would get), or null. */
  refusal: z.enum(['RETURN_ORDER_NOT_COMPLETED', 'RETURN_WINDOW_CLOSED', 'RETURN_ALREADY_OPEN']).nullable(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      productID: z.string(),
      name: z.string(),
      barcode: z.string(),
      imageUrl: z.string().nullable(),
      /** Delivered to the customer (picked). */
      delivered: z.number().int(),
      /** Already returned by earlier returns that were not rejected. */
      returned: z.number().int(),
      /** delivered − returned: the most a new return may take back. */
      returnable: z.number().int(),
    }),
  ),
});
export type Returnable = z.infer<typeof returnableSchema>;

/** POST /api/returns: lines and quantities (never more than returnable), a reason, photos uploaded first (POST /api/uploads). */
export const returnCreateBodySchema = request(
  z
    .object({
      shipmentNo: shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired),
      reasonId: int({ min: 0, max: INT4_MAX, error: FIELD_MESSAGES.reasonUnknown, tooSmall: FIELD_MESSAGES.reasonUnknown, tooBig: FIELD_MESSAGES.reasonUnknown }),
      reasonText: optionalText(RETURN_TEXT.reasonTextMax),
      lines: z
        .array(z.object({ lineId: lineIdField(), qty: int({ min: 1, max: QTY_MAX, tooSmall: FIELD_MESSAGES.returnQtyMin }) }).strict(), {
          error: FIELD_MESSAGES.returnLinesRequired,
        })
        .min(1, FIELD_MESSAGES.returnLinesRequired)
        .max(RETURN_LINES_MAX),
      photoIds: z
        .array(uploadIdSchema(), { error: FIELD_MESSAGES.returnPhotosMin })
        .min(RETURN_PHOTOS.min, FIELD_MESSAGES.returnPhotosMin)
        .max(RETURN_PHOTOS.max, FIELD_MESSAGES.returnPhotosMax),
    })
    .strict()
    .superRefine((b, ctx) => {
      refineOtherReason(RETURN_TEXT.reasonTextMin)(b, ctx);
      uniqueLines(b.lines, ctx);
      if (new Set(b.photoIds).size !== b.photoIds.length) ctx.addIssue({ code: 'custom', path: ['photoIds'], message: FIELD_MESSAGES.photoIdInvalid });
    }),
);
export type ReturnCreateBody = z.infer<typeof returnCreateBodySchema>;

export const returnApproveBodySchema = request(z.object({ note: optionalText(RETURN_TEXT.noteMax) }).strict());
export type ReturnApproveBody = z.infer<typeof returnApproveBodySchema>;

export const returnRejectBodySchema = request(
  z
    .object({
      note: text({ max: RETURN_TEXT.noteMax, lines: 'multi', error: FIELD_MESSAGES.cancelNoteRequired }).min(RETURN_TEXT.reasonTextMin, FIELD_MESSAGES.cancelNoteRequired),
    })
    .strict(),
);
export type ReturnRejectBody = z.infer<typeof returnRejectBodySchema>;

/** POST /api/returns/:shipmentNo/pod: the goods of a delivered order collected at the customer's address (location checked like scan and go). */
export const returnPodBodySchema = request(z.object(podProofFields()).strict().superRefine(refineReceiverOther));
export type ReturnPodBody = z.infer<typeof returnPodBodySchema>;

/** POST /api/returns/:shipmentNo/receive: what arrived at the store, per line, and where it goes. */
export const returnReceiveBodySchema = request(
  z
    .object({
      lines: z
        .array(
          z
            .object({
              lineId: lineIdField(),
              qtyReceived: int({ min: 0, max: QTY_MAX, tooSmall: FIELD_MESSAGES.qtyNegative }),
              condition: z.enum(RETURN_STOCK_CONDITIONS, { error: FIELD_MESSAGES.conditionUnknown }),
            })
            .strict(),
          { error: FIELD_MESSAGES.returnLinesRequired },
        )
        .min(1, FIELD_MESSAGES.returnLinesRequired)
        .max(RETURN_LINES_MAX),
      note: optionalText(RETURN_TEXT.noteMax),
    })
    .strict()
    .superRefine((b, ctx) => uniqueLines(b.lines, ctx)),
);
export type ReturnReceiveBody = z.infer<typeof returnReceiveBodySchema>;

export const returnLineSchema = z.object({
  lineId: z.number().int(),
  productID: z.string(),
  name: z.string(),
  barcode: z.string(),
  imageUrl: z.string().nullable(),
  qty: z.number().int(),
  qtyReceived: z.number().int().nullable(),
  condition: z.enum(RETURN_STOCK_CONDITIONS).nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnHistoryEntrySchema = z.object({
  /** request, approve, reject, collect, receive, refund. */
  action: z.string(),
  fromStatus: z.enum(RETURN_STATUSES).nullable(),
  status: z.enum(RETURN_STATUSES),
  actorName: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
});

/** The return POD: where the goods were collected and from whom. */
export const returnPodRecordSchema = z.object({
  ...podTakenFields,
  capturedAt: z.string().nullable(),
  at: z.string(),
  userName: z.string().nullable(),
});

export const returnDetailSchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  storeCode: z.string(),
  deliveryType: z.number().int(),
  appName: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerAddress: z.string().nullable(),
  customerLatitude: z.number().nullable(),
  customerLongitude: z.number().nullable(),
  status: z.enum(RETURN_STATUSES),
  reason: chosenReasonSchema,
  lines: z.array(returnLineSchema),
  photos: z.array(uploadSchema),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The decider's note (required on a rejection). */
  decisionNote: z.string().nullable(),
  pod: returnPodRecordSchema.nullable(),
  /** Oldest first. */
  history: z.array(returnHistoryEntrySchema),
  /** What the caller may do now (RETURN_FLOW for the caller's role). */
  actions: z.array(z.enum(RETURN_ACTIONS)),
});
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

export const returnSummarySchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  deliveryType: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  appName: z.string(),
  customerName: z.string(),
  /** Σ qty of the lines. */
  itemCount: z.number().int(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

/** GET /api/returns?status=: the store's returns in one status (the route /retur/list/:status), newest first. */
export const returnListQuerySchema = request(
  z.object({
    status: z.enum(RETURN_STATUSES, { error: FIELD_MESSAGES.returnStatusUnknown }),
    ...pageFields(),
    query: text({ max: 100 }).optional(),
  }),
);
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;
export const returnListSchema = pageOf(returnSummarySchema);
export type ReturnList = z.infer<typeof returnListSchema>;

/** GET /api/returns/count: the active store's returns per status; `open` are those not yet complete. */
export const returnCountSchema = z.object({
  counts: z.object(Object.fromEntries(RETURN_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof RETURN_STATUSES)[number], z.ZodNumber>),
  open: z.number().int(),
  /** The store counted (the server always sends it). */
  storeCode: z.string().optional(),
});
export type ReturnCount = z.infer<typeof returnCountSchema>;
/** GET /api/returns/count: the active store's, or one of the caller's stores named by `storeCode` (another store's answers 404). */
export const returnCountQuerySchema = request(z.object({ storeCode: storeFilterSchema }));
export type ReturnCountQuery = z.infer<typeof returnCountQuerySchema>;

