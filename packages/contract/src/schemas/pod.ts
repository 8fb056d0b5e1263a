// Scan-and-go proof of delivery (POD) and its reasons; its approval requests: pod-requests.ts.
import { z } from 'zod';
import { chosenReasonSchema, errorDetailSchema, reasonListSchema, reasonSchema, type Reason, type ReasonList } from './common';
import { orderDetailSchema } from './orders';
import { COMPASS_POINTS } from '../geo';
import { POD_PLASTIC_MAX } from '../limits';
import { FIELD_LABELS, FIELD_MESSAGES } from '../messages';
import { request, text } from './primitives';
import { boolField, intField, podProofFields, refineReceiverOther, shipmentNoField } from './pod-fields';

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

/** Where a proof of delivery was taken and who received the goods: an order's POD and a return's collection share it. */
export const podTakenFields = {
  lat: z.number(),
  long: z.number(),
  accuracy: z.number().nullable(),
  /** Metres from the customer's coordinates, one decimal. */
  distanceM: z.number().nullable(),
  receiverName: z.string(),
  receiverRelation: z.string(),
  receiverOther: z.string().nullable(),
};

export const podRecordSchema = z.object({
  ...podTakenFields,
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

