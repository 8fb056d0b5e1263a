// POD approval requests: asked by the crew, decided by the kepala toko.
import { z } from 'zod';
import { POD_APPROVAL_STATUSES, RETURN_STATUSES } from '../workflow-statuses';
import { pageFields, refineOtherReason, storeFilterSchema } from './common';
import { orderDetailSchema, shipmentNoSchema } from './orders';
import { POD_REQUEST_TYPES, POD_TEXT } from '../limits';
import { FIELD_LABELS, FIELD_MESSAGES } from '../messages';
import { isoDate, request, text } from './primitives';
import { accuracyField, capturedAtField, intField, latField, longField, missing, optionalText, reasonIdField, shipmentNoField, fromForm, INTEGER } from './pod-fields';
import { podChosenReasonSchema, podDirectionSchema } from './pod';

/** POST /api/pod/requests, form-encoded (spec §7); JSON with the same fields is read too. */
export const podRequestBodySchema = request(
  z
    .object({
      shipmentNo: shipmentNoField(),
      deliveryType: z.preprocess(
        fromForm(INTEGER),
        z.literal(1, {
          error: (iss) =>
            missing(iss.input)
              ? FIELD_MESSAGES.fieldRequired(FIELD_LABELS.deliveryType)
              : typeof iss.input === 'number'
                ? FIELD_MESSAGES.podDeliveryOnly
                : FIELD_MESSAGES.fieldInteger(FIELD_LABELS.deliveryType),
        }),
      ),
      type: z.enum(POD_REQUEST_TYPES, { error: FIELD_MESSAGES.podTypeUnknown }).default('order'),
      reasonId: reasonIdField(FIELD_LABELS.reason, FIELD_MESSAGES.reasonUnknown),
      reasonText: optionalText(POD_TEXT.reasonTextMax, 'multi'),
      lat: latField(),
      long: longField(),
      accuracy: accuracyField(),
      capturedAt: capturedAtField(),
    })
    .strict()
    .superRefine(refineOtherReason(POD_TEXT.reasonTextMin)),
);
export type PodRequestBody = z.infer<typeof podRequestBodySchema>;

const personSchema = z.object({ nik: z.string(), name: z.string() });

/** What a POD request's row and its detail both begin with. */
const podRequestHeadFields = {
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  deliveryType: z.number().int(),
  /** What the request is for: the order's delivery, or a return's goods collected (the return POD). */
  type: z.enum(POD_REQUEST_TYPES),
  status: z.enum(POD_APPROVAL_STATUSES),
  requestDate: z.string(),
};

/** One row of the supervisor's queue and of the crew's own view. */
export const podRequestSummarySchema = z.object({
  ...podRequestHeadFields,
  requesterName: z.string().nullable(),
  reason: podChosenReasonSchema,
  distanceM: z.number().nullable(),
  storeCode: z.string(),
  storeName: z.string(),
  customerName: z.string(),
  /** The order's status now (1103 while waiting; 1104 after approval). */
  orderStatusId: z.number().int(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** Set when rejected: what the crew's order screen shows as "ditolak: …". */
  rejectReason: podChosenReasonSchema.nullable(),
});
export type PodRequestSummary = z.infer<typeof podRequestSummarySchema>;

const blankDate = z
  .union([z.literal(''), isoDate()])
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The supervisor's queue. Dates are WIB calendar days (inclusive) on requestDate.
 * With both dates the list is oldest first (spec §5); otherwise newest first.
 */
export const podRequestListQuerySchema = request(
  z
    .object({
      startDate: blankDate,
      endDate: blankDate,
      shipmentNo: text({ max: 40 })
        .optional()
        .transform((v) => (v ? v.toUpperCase() : undefined)),
      status: z
        .union([z.literal(''), z.enum(POD_APPROVAL_STATUSES, { error: FIELD_MESSAGES.podStatusUnknown })])
        .optional()
        .transform((v) => (v ? v : undefined)),
      storeCode: storeFilterSchema,
      ...pageFields(),
    })
    .superRefine((q, ctx) => {
      if (q.startDate && q.endDate && q.startDate > q.endDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIELD_MESSAGES.dateEndBeforeStart });
      }
    }),
);
export type PodRequestListQuery = z.infer<typeof podRequestListQuerySchema>;

export const podRequestListSchema = z.object({
  items: z.array(podRequestSummarySchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** 'asc' when both dates were given (spec §5), else 'desc'. */
  sort: z.enum(['asc', 'desc']),
});
export type PodRequestList = z.infer<typeof podRequestListSchema>;

/** Pending requests in the caller's stores, or in one of them (home counts its active store, as the rest of home does). */
export const podRequestCountQuerySchema = request(z.object({ storeCode: storeFilterSchema }));
export type PodRequestCountQuery = z.infer<typeof podRequestCountQuerySchema>;
/** `storeCode`: the store counted, or null for all the caller's stores. */
export const podRequestCountSchema = z.object({ pending: z.number().int(), storeCode: z.string().nullable() });
export type PodRequestCount = z.infer<typeof podRequestCountSchema>;

export const podMyRequestsQuerySchema = request(
  z.object({
    shipmentNo: z
      .union([z.literal(''), shipmentNoSchema()])
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** Only requests of this type (the scan-and-go screen asks for 'order', the return POD for 'retur'). */
    type: z
      .union([z.literal(''), z.enum(POD_REQUEST_TYPES, { error: FIELD_MESSAGES.podTypeUnknown })])
      .optional()
      .transform((v) => (v ? v : undefined)),
  }),
);
export type PodMyRequestsQuery = z.infer<typeof podMyRequestsQuerySchema>;
export const podMyRequestsSchema = z.object({ items: z.array(podRequestSummarySchema) });
export type PodMyRequests = z.infer<typeof podMyRequestsSchema>;

/** GET /api/pod/requests/:shipmentNo/:deliveryType/:type? (spec's approval detail path). */
export const podRequestDetailParamsSchema = request(
  z.object({
    shipmentNo: shipmentNoField(),
    deliveryType: intField(FIELD_LABELS.deliveryType, { min: 0, max: 1, tooBig: FIELD_MESSAGES.deliveryTypeUnknown }),
    type: z.enum(POD_REQUEST_TYPES, { error: FIELD_MESSAGES.podTypeUnknown }).optional(),
  }),
);

export const podRequestDetailSchema = z.object({
  ...podRequestHeadFields,
  storeCode: z.string(),
  storeName: z.string(),
  orderStatusId: z.number().int(),
  /** A return POD request ('retur'): the return's status now (approved while waiting, collected after approval); null for 'order'. */
  returnStatus: z.enum(RETURN_STATUSES).nullable(),
  requester: personSchema.nullable(),
  reason: podChosenReasonSchema,
  /**
   * Where the crew member was when requesting, and when the phone took that position
   * (null for requests from before capture times were kept). `requestDate` is when it arrived.
   */
  position: z.object({ lat: z.number(), long: z.number(), accuracy: z.number().nullable(), capturedAt: z.string().nullable() }),
  customer: z.object({
    name: z.string(),
    phone: z.string(),
    address: z.string().nullable(),
    lat: z.number().nullable(),
    long: z.number().nullable(),
  }),
  /** Metres between the two positions (null without customer coordinates). */
  distanceM: z.number().nullable(),
  /** Direction of the crew's position seen from the customer. */
  direction: podDirectionSchema.nullable(),
  decision: z
    .object({
      status: z.enum(POD_APPROVAL_STATUSES),
      decidedAt: z.string().nullable(),
      /** Null when the system closed the request (the order was completed by scan and go). */
      decidedBy: personSchema.nullable(),
      rejectReason: podChosenReasonSchema.nullable(),
    })
    .nullable(),
  /** True while the request is pending and what it is for still waits: the order in 1103, or the return approved and not yet collected. */
  canDecide: z.boolean(),
});
export type PodRequestDetail = z.infer<typeof podRequestDetailSchema>;

export const podDecisionParamsSchema = request(z.object({ shipmentNo: shipmentNoField() }));

/**
 * The request type the decider saw (optional; an empty form is fine): a decision acts on the order's
 * latest request, and one of another type answers 404, so a stale screen never decides the other request.
 */
const decidedTypeField = () => z.enum(POD_REQUEST_TYPES, { error: FIELD_MESSAGES.podTypeUnknown }).optional();

/** Approve carries no fields but the optional type; an empty form is fine. */
export const podApproveBodySchema = request(z.object({ type: decidedTypeField() }).strict().nullish());
export type PodApproveBody = z.infer<typeof podApproveBodySchema>;

/** POST …/reject, form-encoded: a listed reason, or 0 ("Lainnya") with a free text. */
export const podRejectBodySchema = request(
  z
    .object({
      rejectReasonId: reasonIdField(FIELD_LABELS.rejectReason, FIELD_MESSAGES.rejectReasonUnknown),
      rejectReasonText: optionalText(POD_TEXT.reasonTextMax, 'multi'),
      type: decidedTypeField(),
    })
    .strict()
    .superRefine(refineOtherReason(POD_TEXT.reasonTextMin, { id: 'rejectReasonId', text: 'rejectReasonText', message: FIELD_MESSAGES.rejectReasonTextRequired })),
);
export type PodRejectBody = z.infer<typeof podRejectBodySchema>;

/**
 * Reply of approve and reject: the decided request and the order (for 'order': 1104 after approval, still
 * 1103 after rejection; for 'retur' the order is unchanged and `request.returnStatus` says where the return is).
 */
export const podDecisionResultSchema = z.object({ request: podRequestDetailSchema, order: orderDetailSchema });
export type PodDecisionResult = z.infer<typeof podDecisionResultSchema>;
