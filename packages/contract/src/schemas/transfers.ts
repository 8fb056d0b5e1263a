import { z } from 'zod';
import { QTY_MAX, TRANSFER_LIMITS } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { MAT_ROUTE_STATUSES, TRANSFER_ACTIONS, TRANSFER_DISCREPANCY_REASONS, TRANSFER_SIDES, TRANSFER_STEP_SIDES } from '../transfer-flow';
import { MAT_STATUSES } from '../workflow-statuses';
import { pageFields, storeCodeSchema } from './common';
import { int, isoDate, request, text } from './primitives';
import { productIdSchema } from './stock';

// Material transfers (MAT, decision 89): TRANSFER_FLOW in transfer-flow.ts is the machine. Field names
// follow the spec's entity: matNo, matStatus, matStoreStatus, matStoreNo, idTbsms, pin/QR; the counts
// totalNew, totalProcess, totalFinish, totalCancel for each side.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** MAT + WIB yymmdd + 6-digit id, as the server numbers them. */
export const matNoSchema = () => text({ max: 20 }).regex(/^MAT\d{12}$/, FIELD_MESSAGES.matNoInvalid);
/** The transfer's receipt id, which its QR carries. */
export const idTbsmsSchema = () => text({ max: 40 }).regex(/^[A-Za-z0-9-]{1,40}$/, FIELD_MESSAGES.idTbsmsInvalid);
const pinSchema = () =>
  text({ max: TRANSFER_LIMITS.pinDigits }).regex(new RegExp(`^\\d{${TRANSFER_LIMITS.pinDigits}}$`), FIELD_MESSAGES.transferPinInvalid(TRANSFER_LIMITS.pinDigits));

export const matStatusSchema = z.enum(MAT_STATUSES, { error: FIELD_MESSAGES.transferStatusUnknown });

/** A store of the chain a transfer may be sent to. */
export const transferStoreSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  kelurahan: z.string(),
  kecamatan: z.string(),
  city: z.string(),
});
export type TransferStore = z.infer<typeof transferStoreSchema>;

/** GET /api/transfers/stores?q=: stores of the chain other than mine, by code or name (at least storeSearchMin letters). */
export const transferStoresQuerySchema = request(
  z.object({
    ...pageFields(),
    q: text({ max: 60 }).min(TRANSFER_LIMITS.storeSearchMin, FIELD_MESSAGES.stockQueryTooShort(TRANSFER_LIMITS.storeSearchMin)),
  }),
);
export type TransferStoresQuery = z.infer<typeof transferStoresQuerySchema>;

/** POST /api/transfers: send products to another store (stock leaves my store now). */
export const transferCreateBodySchema = request(
  z
    .object({
      receiverStoreCode: storeCodeSchema,
      lines: z
        .array(z.object({ productId: productIdSchema(), qty: int({ min: 1, max: QTY_MAX, tooSmall: FIELD_MESSAGES.transferQtyMin }) }).strict(), {
          error: FIELD_MESSAGES.transferLinesMin,
        })
        .min(1, FIELD_MESSAGES.transferLinesMin)
        .max(TRANSFER_LIMITS.linesMax, FIELD_MESSAGES.transferLinesMax(TRANSFER_LIMITS.linesMax))
        .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, FIELD_MESSAGES.transferLinesDuplicate),
      note: z.preprocess(blankToUndefined, text({ max: TRANSFER_LIMITS.noteMax, lines: 'multi' }).optional()),
    })
    .strict(),
);
export type TransferCreateBody = z.infer<typeof transferCreateBodySchema>;

export const transferParamsSchema = request(z.object({ matNo: matNoSchema() }));
export const transferTbsmsParamsSchema = request(z.object({ idTbsms: idTbsmsSchema() }));

/** An empty body (cancel, reissue, unlock). */
export const transferEmptyBodySchema = request(z.object({}).strict());

/** POST /api/transfers/by-tbsms/:idTbsms/confirm (`/confirm-mat/new/:idTbsms`): the PIN typed, or the QR scanned. */
export const transferConfirmBodySchema = request(
  z
    .object({ pin: z.preprocess(blankToUndefined, pinSchema().optional()), qr: z.preprocess(blankToUndefined, text({ max: 200, lines: 'scanner' }).optional()) })
    .strict()
    .refine((b) => (b.pin === undefined) !== (b.qr === undefined), { message: FIELD_MESSAGES.transferPinOrQr, path: ['pin'] }),
);
export type TransferConfirmBody = z.infer<typeof transferConfirmBodySchema>;

/**
 * POST /api/transfers/:matNo/finish (`/confirm-mat/process/:idTbsms`): what arrived, every line of the
 * transfer once. A line received short names why (`other` with a note).
 */
export const transferFinishBodySchema = request(
  z
    .object({
      lines: z
        .array(
          z
            .object({
              productId: productIdSchema(),
              qtyReceived: int({ min: 0, max: QTY_MAX, tooSmall: FIELD_MESSAGES.transferQtyReceivedMin }),
              reason: z.preprocess(blankToUndefined, z.enum(TRANSFER_DISCREPANCY_REASONS, { error: FIELD_MESSAGES.transferReasonUnknown }).optional()),
              note: z.preprocess(blankToUndefined, text({ max: TRANSFER_LIMITS.noteMax, lines: 'multi' }).optional()),
            })
            .strict()
            .refine((l) => l.reason !== 'other' || l.note !== undefined, { message: FIELD_MESSAGES.transferNoteRequired, path: ['note'] }),
        )
        .min(1, FIELD_MESSAGES.transferLinesMin)
        .max(TRANSFER_LIMITS.linesMax, FIELD_MESSAGES.transferLinesMax(TRANSFER_LIMITS.linesMax))
        .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, FIELD_MESSAGES.transferLinesDuplicate),
    })
    .strict(),
);
export type TransferFinishBody = z.infer<typeof transferFinishBodySchema>;

const storeRef = z.object({ storeCode: z.string(), storeName: z.string() });

/** One transfer in a list, as my store sees it. */
export const transferItemSchema = z.object({
  matNo: z.string(),
  /** The sender's number for the transfer (the spec's matStoreNo): the same as matNo. */
  matStoreNo: z.string(),
  idTbsms: z.string(),
  matStatus: matStatusSchema,
  /** The status as the routes spell it (`/detail-mat-out/:matStoreStatus/:matStoreNo`): new, proces, done, cancel. */
  matStoreStatus: z.enum(MAT_ROUTE_STATUSES),
  sender: storeRef,
  receiver: storeRef,
  /** `out`: my store sent it; `in`: it is addressed to my store; null: neither (a supervisor looking at other stores). */
  side: z.enum(TRANSFER_SIDES).nullable(),
  lineCount: z.number().int(),
  qtySent: z.number().int(),
  /** Units received, once finished. */
  qtyReceived: z.number().int().nullable(),
  /** Units sent and not received (a discrepancy when above 0), once finished. */
  qtyShort: z.number().int(),
  /** 5 wrong PINs: nobody may confirm until a supervisor unlocks it. */
  locked: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type TransferItem = z.infer<typeof transferItemSchema>;

/** GET /api/transfers: my store's transfers of one side and status, by page, filtered by date (WIB days of sending) and number. */
export const transferListQuerySchema = request(
  z
    .object({
      ...pageFields(),
      side: z.enum(TRANSFER_SIDES, { error: FIELD_MESSAGES.transferSideUnknown }),
      status: z.preprocess(blankToUndefined, matStatusSchema.optional()),
      startDate: z.preprocess(blankToUndefined, isoDate().optional()),
      endDate: z.preprocess(blankToUndefined, isoDate().optional()),
      /** matNo (contains) or the other store's code or name. */
      q: z.preprocess(blankToUndefined, text({ max: 60 }).optional()),
    })
    .superRefine((q, ctx) => {
      if (q.startDate && q.endDate && q.endDate < q.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIELD_MESSAGES.dateEndBeforeStart });
    }),
);
export type TransferListQuery = z.infer<typeof transferListQuerySchema>;

/** The spec's counts of one side. */
export const transferCountsSchema = z.object({
  totalNew: z.number().int(),
  totalProcess: z.number().int(),
  totalFinish: z.number().int(),
  totalCancel: z.number().int(),
});
export type TransferCounts = z.infer<typeof transferCountsSchema>;

/** GET /api/transfers/count?sender=&receiver= (spec: "GET material count, query with receiver and sender flags"). */
export const transferCountQuerySchema = request(
  z.object({
    sender: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v !== 'false'),
    receiver: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v !== 'false'),
  }),
);
export type TransferCountQuery = z.infer<typeof transferCountQuerySchema>;
/** A side left out by its flag is null. */
export const transferCountSchema = z.object({ sender: transferCountsSchema.nullable(), receiver: transferCountsSchema.nullable() });
export type TransferCount = z.infer<typeof transferCountSchema>;

/** A line of a transfer: sent, and once finished what arrived and why any difference. */
export const transferLineSchema = z.object({
  productId: z.string(),
  barcode: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  unit: z.string(),
  qtySent: z.number().int(),
  qtyReceived: z.number().int().nullable(),
  reason: z.enum(TRANSFER_DISCREPANCY_REASONS).nullable(),
  note: z.string().nullable(),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

export const transferHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  actorName: z.string(),
  note: z.string().nullable(),
});

/** GET /api/transfers/:matNo and /by-tbsms/:idTbsms: a transfer with its lines, what the caller may do, and its history. */
export const transferDetailSchema = transferItemSchema.extend({
  lines: z.array(transferLineSchema),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  finishedByName: z.string().nullable(),
  /** Wrong PINs left before it locks. */
  pinTriesLeft: z.number().int(),
  actions: z.array(z.enum(TRANSFER_ACTIONS)),
  /**
   * The caller's sides of TRANSFER_FLOW: `sender`/`receiver` for whoever may see that store,
   * `supervisor` for an area supervisor (and above) of either. The screens offer the sender's PIN
   * and cancel to the sending store's people only (`sender` without `supervisor`).
   */
  viewerSides: z.array(z.enum(TRANSFER_STEP_SIDES)),
  history: z.array(transferHistoryEntrySchema),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

/**
 * The PIN and the QR value, answered once by sending and by issuing a new PIN (never stored in plain,
 * never in a replayed reply: a replay answers `secret: null`, and the sender issues a new one).
 */
export const transferSecretSchema = z.object({ pin: z.string(), qr: z.string() });
export type TransferSecret = z.infer<typeof transferSecretSchema>;
export const transferWithSecretSchema = z.object({ transfer: transferDetailSchema, secret: transferSecretSchema.nullable() });
export type TransferWithSecret = z.infer<typeof transferWithSecretSchema>;

/**
 * GET /api/transfers/discrepancies (finished with units short) and /locked (5 wrong PINs): the transfers
 * of the stores the caller sees (kepala toko: own store; area supervisor: the area), optionally one store.
 */
export const transferWatchQuerySchema = request(
  z.object({
    ...pageFields(),
    storeCode: z.preprocess(blankToUndefined, storeCodeSchema.optional()),
  }),
);
export type TransferWatchQuery = z.infer<typeof transferWatchQuerySchema>;
