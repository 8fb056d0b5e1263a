import { z } from 'zod';
import { POD_APPROVAL_STATUSES, RETURN_STATUSES } from '../workflow-statuses';
import { chosenReasonSchema, errorDetailSchema, pageFields, reasonListSchema, reasonSchema, storeFilterSchema, type Reason, type ReasonList } from './common';
import { orderDetailSchema, shipmentNoSchema } from './orders';
import { COMPASS_POINTS } from '../geo';
import { INT4_MAX, POD_PLASTIC_MAX, POD_REASON_OTHER, POD_RECEIVER_RELATIONS, POD_RELATION_OTHER, POD_REQUEST_TYPES, POD_TEXT } from '../limits';
import { FIELD_LABELS, FIELD_MESSAGES } from '../messages';
import { decimal, int, isoDate, isoDateTime, request, text, type RangeOptions } from './primitives';

// Scan-and-go proof of delivery (POD) and its approval requests.

// --- field helpers: the same schema reads JSON values and form-encoded strings --------

const NUMERIC = /^-?\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const missing = (input: unknown) => input === undefined || input === null || input === '';

/**
 * A form field's text as the number it spells (`pattern`), blank as missing (never 0);
 * anything else is left for the number schema to refuse. JSON numbers pass through.
 */
const fromForm = (pattern: RegExp) => (input: unknown) => {
  if (typeof input !== 'string') return input;
  const value = input.trim();
  if (value === '') return undefined;
  return pattern.test(value) ? Number(value) : input;
};

/** "<label> wajib diisi" when missing, else `message`. */
const formError = (label: string, message: string) => (iss: { input?: unknown }) => (missing(iss.input) ? FIELD_MESSAGES.fieldRequired(label) : message);

/** A decimal given as a JSON number or a decimal string (form field), within `range`. */
function numberField(label: string, range: Omit<RangeOptions, 'error'>) {
  return z.preprocess(fromForm(NUMERIC), decimal({ ...range, error: formError(label, FIELD_MESSAGES.fieldNumber(label)) }));
}

/** A whole number given as a JSON number or a string of digits (form field), within `range`. */
function intField(label: string, range: Omit<RangeOptions, 'error'>) {
  return z.preprocess(fromForm(INTEGER), int({ ...range, error: formError(label, FIELD_MESSAGES.fieldInteger(label)) }));
}

function boolField(label: string) {
  return z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: (iss) => (missing(iss.input) ? FIELD_MESSAGES.fieldRequired(label) : FIELD_MESSAGES.fieldBoolean(label)),
  });
}

const latField = () => numberField(FIELD_LABELS.latitude, { min: -90, max: 90, tooSmall: FIELD_MESSAGES.latitudeRange, tooBig: FIELD_MESSAGES.latitudeRange });
const longField = () => numberField(FIELD_LABELS.longitude, { min: -180, max: 180, tooSmall: FIELD_MESSAGES.longitudeRange, tooBig: FIELD_MESSAGES.longitudeRange });
const accuracyField = () => numberField(FIELD_LABELS.accuracy, { min: 0, max: 100_000, tooSmall: FIELD_MESSAGES.accuracyNegative, tooBig: FIELD_MESSAGES.accuracyInvalid });
const shipmentNoField = () => shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired);
/**
 * When the phone took the position (ISO 8601 with its offset). A POD made offline waits in the
 * outbox and arrives later; the server decides on the position only while this is recent
 * (POD_CAPTURE_MAX_AGE_MINUTES) and records it next to the arrival time.
 */
const capturedAtField = () => isoDateTime();
/** A reason id: a listed one (checked against the table) or 0 for "Lainnya". */
const reasonIdField = (label: string, unknown: string) => intField(label, { min: 0, max: INT4_MAX, tooSmall: unknown, tooBig: unknown });
/** Optional free text; blank counts as not given. */
const optionalText = (max: number, lines: 'single' | 'multi' = 'single') =>
  text({ max, lines })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A proof made at the customer's address (scan and go, the return POD): where the phone was,
 * how sure and when, and who handed over or received the goods.
 */
export const podProofFields = () => ({
  lat: latField(),
  long: longField(),
  accuracy: accuracyField(),
  capturedAt: capturedAtField(),
  receiverName: text({ max: POD_TEXT.nameMax, error: FIELD_MESSAGES.receiverNameRequired }).min(POD_TEXT.receiverNameMin, FIELD_MESSAGES.receiverNameRequired),
  receiverRelation: z.enum(POD_RECEIVER_RELATIONS, { error: FIELD_MESSAGES.receiverRelationUnknown }),
  receiverOther: optionalText(POD_TEXT.nameMax),
});

/** "Lainnya" as the receiver's relation needs it written out. */
export function refineReceiverOther(b: { receiverRelation: string; receiverOther?: string | undefined }, ctx: z.RefinementCtx): void {
  if (b.receiverRelation === POD_RELATION_OTHER && (!b.receiverOther || b.receiverOther.length < POD_TEXT.relationOtherMin)) {
    ctx.addIssue({ code: 'custom', path: ['receiverOther'], message: FIELD_MESSAGES.receiverOtherRequired });
  }
}

// --- scan and go ----------------------------------------------------------------

/**
 * The spec's scan-and-go POD payload (JSON; form-encoded is read too), plus the
 * fix's accuracy and capture time. The server decides from lat/long against the
 * customer's coordinates; `isValidate` is the client's own view and is only recorded.
 */
export const podScanGoBodySchema = request(
  z
    .object({
      shipmentNo: shipmentNoField(),
      orderNo: text({ max: 64, error: FIELD_MESSAGES.orderNoRequired }).min(1, FIELD_MESSAGES.orderNoRequired),
      ...podProofFields(),
      isValidate: boolField(FIELD_LABELS.isValidate),
      plasticQty: intField(FIELD_LABELS.plasticQty, { min: 0, max: POD_PLASTIC_MAX, tooSmall: FIELD_MESSAGES.plasticNegative, tooBig: FIELD_MESSAGES.plasticMax }),
    })
    .strict()
    .superRefine(refineReceiverOther),
);
export type PodScanGoBody = z.infer<typeof podScanGoBodySchema>;

export const podRecordSchema = z.object({
  lat: z.number(),
  long: z.number(),
  accuracy: z.number().nullable(),
  /** Metres from the customer's coordinates, one decimal. */
  distanceM: z.number().nullable(),
  receiverName: z.string(),
  receiverRelation: z.string(),
  receiverOther: z.string().nullable(),
  /** The server's verdict: true when the position was inside the radius (false for an approved request). */
  isValidate: z.boolean(),
  plasticQty: z.number().int(),
  userName: z.string().nullable(),
  /** When the phone took the position (null for records from before capture times were kept). */
  capturedAt: z.string().nullable(),
  /** When the server received and decided on it (for an approved request: the request's arrival). */
  receivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PodRecord = z.infer<typeof podRecordSchema>;

/** 200 of scan and go: the order is completed (1104). */
export const podScanGoResultSchema = z.object({
  status: z.literal(true),
  distanceM: z.number(),
  radiusM: z.number(),
  pod: podRecordSchema,
  order: orderDetailSchema,
});
export type PodScanGoResult = z.infer<typeof podScanGoResultSchema>;

/** Where the reported position lies, seen from the customer's coordinates. */
export const podDirectionSchema = z.object({
  /** 0 = north, clockwise. */
  bearingDeg: z.number(),
  direction: z.enum(COMPASS_POINTS),
  /** e.g. "320 m ke arah barat laut". */
  text: z.string(),
});
export type PodDirection = z.infer<typeof podDirectionSchema>;

/**
 * 422 of scan and go outside the radius: the spec's "koordinat lokasi POD tidak
 * sesuai" with `data.status: false` and what the client needs to offer an approval request.
 */
export const podOutsideReplySchema = z.object({
  message: z.string(),
  code: z.literal('POD_OUTSIDE_AREA'),
  details: z.array(errorDetailSchema),
  data: z.object({
    status: z.literal(false),
    distanceM: z.number(),
    radiusM: z.number(),
    accuracy: z.number(),
    direction: podDirectionSchema,
    approval: z.object({
      /** True when a request may be sent now (near enough and none pending). */
      canRequest: z.boolean(),
      /** Requests are accepted up to this distance from the customer. */
      requestMaxM: z.number(),
      /** A request for this order is already waiting for a decision. */
      pending: z.boolean(),
      /** Why a request would be refused: the error code it would get, or null. */
      blockedBy: z.enum(['POD_REQUEST_DUPLICATE', 'POD_REQUEST_LOCATION_INVALID']).nullable(),
    }),
  }),
});
export type PodOutsideReply = z.infer<typeof podOutsideReplySchema>;

// --- reasons --------------------------------------------------------------------

export const podReasonSchema = reasonSchema;
export type PodReason = Reason;
export const podReasonListSchema = reasonListSchema;
export type PodReasonList = ReasonList;

/** A chosen reason: the list's label, or "Lainnya" with the free text. */
export const podChosenReasonSchema = chosenReasonSchema;
export type PodChosenReason = z.infer<typeof podChosenReasonSchema>;

// --- approval requests ------------------------------------------------------------

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
    .superRefine((b, ctx) => {
      if (b.reasonId === POD_REASON_OTHER.id && (!b.reasonText || b.reasonText.length < POD_TEXT.reasonTextMin)) {
        ctx.addIssue({ code: 'custom', path: ['reasonText'], message: FIELD_MESSAGES.reasonTextRequired });
      }
    }),
);
export type PodRequestBody = z.infer<typeof podRequestBodySchema>;

const personSchema = z.object({ nik: z.string(), name: z.string() });

/** One row of the supervisor's queue and of the crew's own view. */
export const podRequestSummarySchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  deliveryType: z.number().int(),
  /** What the request is for: the order's delivery, or a return's goods collected (the return POD). */
  type: z.enum(POD_REQUEST_TYPES),
  status: z.enum(POD_APPROVAL_STATUSES),
  requestDate: z.string(),
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
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  deliveryType: z.number().int(),
  type: z.enum(POD_REQUEST_TYPES),
  status: z.enum(POD_APPROVAL_STATUSES),
  requestDate: z.string(),
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
    .superRefine((b, ctx) => {
      if (b.rejectReasonId === POD_REASON_OTHER.id && (!b.rejectReasonText || b.rejectReasonText.length < POD_TEXT.reasonTextMin)) {
        ctx.addIssue({ code: 'custom', path: ['rejectReasonText'], message: FIELD_MESSAGES.rejectReasonTextRequired });
      }
    }),
);
export type PodRejectBody = z.infer<typeof podRejectBodySchema>;

/**
 * Reply of approve and reject: the decided request and the order (for 'order': 1104 after approval, still
 * 1103 after rejection; for 'retur' the order is unchanged and `request.returnStatus` says where the return is).
 */
export const podDecisionResultSchema = z.object({ request: podRequestDetailSchema, order: orderDetailSchema });
export type PodDecisionResult = z.infer<typeof podDecisionResultSchema>;
