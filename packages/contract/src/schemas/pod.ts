import { z } from 'zod';
import { POD_APPROVAL_STATUSES } from '../statuses';
import { errorDetailSchema } from './common';
import { orderDetailSchema } from './orders';
import { COMPASS_POINTS } from '../geo';
import { POD_PLASTIC_MAX, POD_REASON_OTHER, POD_RECEIVER_RELATIONS, POD_RELATION_OTHER, POD_REQUEST_TYPES, POD_TEXT } from '../limits';
import { SHIPMENT_NO_PATTERN } from '../shipment';

// Scan-and-go proof of delivery (POD) and its approval requests.

// --- field helpers: the same schema reads JSON values and form-encoded strings --------

const NUMERIC = /^-?\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const missing = (input: unknown) => input === undefined || input === null || input === '';

/** A number given as a JSON number or a decimal string (form field). Blank is "missing", never 0. */
function numberField(label: string) {
  return z.union([z.number(), z.string().trim().regex(NUMERIC).transform(Number)], {
    error: (iss) => (missing(iss.input) ? `${label} wajib diisi` : `${label} harus berupa angka`),
  });
}

function intField(label: string) {
  return z.union([z.number().int(), z.string().trim().regex(INTEGER).transform(Number)], {
    error: (iss) => (missing(iss.input) ? `${label} wajib diisi` : `${label} harus berupa bilangan bulat`),
  });
}

function boolField(label: string) {
  return z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: (iss) => (missing(iss.input) ? `${label} wajib diisi` : `${label} harus true atau false`),
  });
}

const latField = () => numberField('Latitude').pipe(z.number().min(-90, 'Latitude harus antara -90 dan 90').max(90, 'Latitude harus antara -90 dan 90'));
const longField = () => numberField('Longitude').pipe(z.number().min(-180, 'Longitude harus antara -180 dan 180').max(180, 'Longitude harus antara -180 dan 180'));
const accuracyField = () => numberField('Akurasi').pipe(z.number().min(0, 'Akurasi tidak boleh negatif').max(100_000, 'Akurasi tidak valid'));
const shipmentNoField = () => z.string({ error: 'Nomor shipment wajib diisi' }).trim().regex(SHIPMENT_NO_PATTERN, 'Nomor shipment tidak valid');
/** Optional free text; blank counts as not given. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Maksimal ${max} karakter`)
    .optional()
    .transform((v) => (v ? v : undefined));

// --- scan and go ----------------------------------------------------------------

/**
 * The spec's scan-and-go POD payload (JSON; form-encoded is read too). The
 * server decides from lat/long against the customer's coordinates; `isValidate`
 * is the client's own view and is only recorded.
 */
export const podScanGoBodySchema = z
  .object({
    shipmentNo: shipmentNoField(),
    orderNo: z.string({ error: 'Nomor order wajib diisi' }).trim().min(1, 'Nomor order wajib diisi').max(64),
    lat: latField(),
    long: longField(),
    accuracy: accuracyField(),
    receiverName: z.string({ error: 'Nama penerima wajib diisi' }).trim().min(POD_TEXT.receiverNameMin, 'Nama penerima wajib diisi').max(POD_TEXT.nameMax, `Maksimal ${POD_TEXT.nameMax} karakter`),
    receiverRelation: z.enum(POD_RECEIVER_RELATIONS, { error: 'Hubungan penerima tidak dikenal' }),
    receiverOther: optionalText(POD_TEXT.nameMax),
    isValidate: boolField('isValidate'),
    plasticQty: intField('Jumlah kantong plastik').pipe(
      z.number().int().min(0, 'Jumlah kantong plastik tidak boleh kurang dari 0').max(POD_PLASTIC_MAX, `Jumlah kantong plastik maksimal ${POD_PLASTIC_MAX}`),
    ),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.receiverRelation === POD_RELATION_OTHER && (!b.receiverOther || b.receiverOther.length < POD_TEXT.relationOtherMin)) {
      ctx.addIssue({ code: 'custom', path: ['receiverOther'], message: 'Tuliskan hubungan penerima untuk pilihan Lainnya' });
    }
  });
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

export const podReasonSchema = z.object({
  /** 0 is "Lainnya". */
  id: z.number().int(),
  label: z.string(),
  /** True for "Lainnya": a free text must be sent with it. */
  requiresText: z.boolean(),
});
export type PodReason = z.infer<typeof podReasonSchema>;
export const podReasonListSchema = z.object({ items: z.array(podReasonSchema) });
export type PodReasonList = z.infer<typeof podReasonListSchema>;

/** A chosen reason: the list's label, or "Lainnya" with the free text. */
export const podChosenReasonSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  text: z.string().nullable(),
  /** What to show: the free text for "Lainnya", else the label (plus the note when given). */
  display: z.string(),
});
export type PodChosenReason = z.infer<typeof podChosenReasonSchema>;

// --- approval requests ------------------------------------------------------------

/** POST /api/pod/requests, form-encoded (spec §7); JSON with the same fields is read too. */
export const podRequestBodySchema = z
  .object({
    shipmentNo: shipmentNoField(),
    deliveryType: intField('deliveryType').pipe(z.literal(1, { error: 'Pengajuan POD hanya untuk pesanan yang diantar (deliveryType 1)' })),
    type: z.enum(POD_REQUEST_TYPES, { error: 'Jenis pengajuan tidak dikenal' }).default('order'),
    reasonId: intField('Alasan').pipe(z.number().int().min(0, 'Alasan tidak dikenal')),
    reasonText: optionalText(POD_TEXT.reasonTextMax),
    lat: latField(),
    long: longField(),
    accuracy: accuracyField(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.reasonId === POD_REASON_OTHER.id && (!b.reasonText || b.reasonText.length < POD_TEXT.reasonTextMin)) {
      ctx.addIssue({ code: 'custom', path: ['reasonText'], message: 'Tuliskan alasan untuk pilihan Lainnya' });
    }
  });
export type PodRequestBody = z.infer<typeof podRequestBodySchema>;

const personSchema = z.object({ nik: z.string(), name: z.string() });

/** One row of the supervisor's queue and of the crew's own view. */
export const podRequestSummarySchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  deliveryType: z.number().int(),
  type: z.string(),
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
  .union([z.literal(''), z.iso.date('Tanggal harus berformat YYYY-MM-DD')])
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The supervisor's queue. Dates are WIB calendar days (inclusive) on requestDate.
 * With both dates the list is oldest first (spec §5); otherwise newest first.
 */
export const podRequestListQuerySchema = z
  .object({
    startDate: blankDate,
    endDate: blankDate,
    shipmentNo: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((v) => (v ? v.toUpperCase() : undefined)),
    status: z
      .union([z.literal(''), z.enum(POD_APPROVAL_STATUSES, { error: 'Status harus pending, approved atau rejected' })])
      .optional()
      .transform((v) => (v ? v : undefined)),
    storeCode: z
      .string()
      .trim()
      .max(10)
      .optional()
      .transform((v) => (v ? v : undefined)),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.startDate > q.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Tanggal akhir tidak boleh sebelum tanggal awal' });
    }
  });
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

export const podRequestCountSchema = z.object({ pending: z.number().int() });
export type PodRequestCount = z.infer<typeof podRequestCountSchema>;

export const podMyRequestsQuerySchema = z.object({
  shipmentNo: z
    .union([z.literal(''), z.string().trim().regex(SHIPMENT_NO_PATTERN, 'Nomor shipment tidak valid')])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PodMyRequestsQuery = z.infer<typeof podMyRequestsQuerySchema>;
export const podMyRequestsSchema = z.object({ items: z.array(podRequestSummarySchema) });
export type PodMyRequests = z.infer<typeof podMyRequestsSchema>;

/** GET /api/pod/requests/:shipmentNo/:deliveryType/:type? (spec's approval detail path). */
export const podRequestDetailParamsSchema = z.object({
  shipmentNo: shipmentNoField(),
  deliveryType: intField('deliveryType').pipe(z.number().int().min(0).max(1, 'deliveryType tidak dikenal')),
  type: z.enum(POD_REQUEST_TYPES, { error: 'Jenis pengajuan tidak dikenal' }).optional(),
});

export const podRequestDetailSchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  deliveryType: z.number().int(),
  type: z.string(),
  status: z.enum(POD_APPROVAL_STATUSES),
  requestDate: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  orderStatusId: z.number().int(),
  requester: personSchema.nullable(),
  reason: podChosenReasonSchema,
  /** Where the crew member was when requesting. */
  position: z.object({ lat: z.number(), long: z.number(), accuracy: z.number().nullable() }),
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
  /** True while the request is pending and the order still waits in 1103. */
  canDecide: z.boolean(),
});
export type PodRequestDetail = z.infer<typeof podRequestDetailSchema>;

export const podDecisionParamsSchema = z.object({ shipmentNo: shipmentNoField() });

/** Approve carries no fields; an empty form is fine. */
export const podApproveBodySchema = z.object({}).strict().nullish();

/** POST …/reject, form-encoded: a listed reason, or 0 ("Lainnya") with a free text. */
export const podRejectBodySchema = z
  .object({
    rejectReasonId: intField('Alasan penolakan').pipe(z.number().int().min(0, 'Alasan penolakan tidak dikenal')),
    rejectReasonText: optionalText(POD_TEXT.reasonTextMax),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.rejectReasonId === POD_REASON_OTHER.id && (!b.rejectReasonText || b.rejectReasonText.length < POD_TEXT.reasonTextMin)) {
      ctx.addIssue({ code: 'custom', path: ['rejectReasonText'], message: 'Tuliskan alasan penolakan untuk pilihan Lainnya' });
    }
  });
export type PodRejectBody = z.infer<typeof podRejectBodySchema>;

/** Reply of approve and reject: the decided request and the order (1104 after approval, still 1103 after rejection). */
export const podDecisionResultSchema = z.object({ request: podRequestDetailSchema, order: orderDetailSchema });
export type PodDecisionResult = z.infer<typeof podDecisionResultSchema>;
