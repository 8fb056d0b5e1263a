import { z } from 'zod';
import { BOOKING_ACTIONS, BOOKING_DIRECTIONS, STORE_PROXIMITIES } from '../booking-flow';
import { BOOKING_LIMITS, INT4_MAX, QTY_MAX } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { BOOKING_STATUS_IDS, type BookingStatusId } from '../workflow-statuses';
import { pageFields, storeCodeSchema } from './common';
import { shipmentNoSchema } from './orders';
import { int, queryInt, request, text } from './primitives';
import { productIdSchema, storeStockSchema } from './stock';

// Stock bookings (decision 88): BOOKING_FLOW in booking-flow.ts is the machine. Field names follow the
// spec's entity: bookingNo, bookID, bookDetID, productId, qtyOos, storeCode, latitude, longitude,
// isKelurahan; bookingStockDetail: bookDetID, status, storeTaken, stockTaken.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const idField = (error: string) => int({ min: 1, max: INT4_MAX, error, tooSmall: error, tooBig: error });
const queryId = (error: string) => queryInt({ min: 1, max: INT4_MAX, error, tooSmall: error, tooBig: error });
const bookingStatusField = () =>
  queryInt({ min: 0, max: INT4_MAX, error: FIELD_MESSAGES.bookingStatusUnknown })
    .refine((s) => (BOOKING_STATUS_IDS as number[]).includes(s), FIELD_MESSAGES.bookingStatusUnknown)
    .transform((s) => s as BookingStatusId);

export const bookingStatusSchema = z.union(BOOKING_STATUS_IDS.map((s) => z.literal(s)) as [z.ZodLiteral<BookingStatusId>, ...z.ZodLiteral<BookingStatusId>[]]);

/** A store a booking may be addressed to: where it is and how much of the product it has for sale. */
export const bookingStoreSchema = storeStockSchema.extend({
  /** The spec's flag: the store is in the ordering store's kelurahan. */
  isKelurahan: z.boolean(),
});
export type BookingStore = z.infer<typeof bookingStoreSchema>;

/**
 * GET /api/bookings/stores (`/booking-list-kelurahan`, `/booking-list-kecamatan`): the stores that can
 * serve `qty` of a product, my kelurahan first, then my kecamatan, then by distance. `scope` keeps one
 * ring (`kelurahan`, `kecamatan`) or all of them up to BOOKING_LIMITS.nearbyStores (`nearby`);
 * `bookID` leaves out the stores that refused that booking (a re-offer).
 */
export const bookingStoresQuerySchema = request(
  z.object({
    ...pageFields(),
    productId: productIdSchema(),
    qty: z.preprocess(blankToUndefined, queryInt({ min: 1, max: QTY_MAX, tooSmall: FIELD_MESSAGES.bookingQtyMin }).default(1)),
    scope: z.preprocess(blankToUndefined, z.enum(STORE_PROXIMITIES, { error: FIELD_MESSAGES.bookingScopeUnknown }).default('nearby')),
    bookID: z.preprocess(blankToUndefined, queryId(FIELD_MESSAGES.bookingIdInvalid).optional()),
    q: z.preprocess(blankToUndefined, text({ max: 60 }).optional()),
  }),
);
export type BookingStoresQuery = z.infer<typeof bookingStoresQuerySchema>;

/** What an order line lacks, as the booking screen shows it. */
export const bookingLineSchema = z.object({
  shipmentNo: z.string(),
  orderNo: z.string(),
  lineId: z.number().int(),
  productId: z.string(),
  name: z.string(),
  barcode: z.string(),
  imageUrl: z.string().nullable(),
  qty: z.number().int(),
  qtyPicked: z.number().int(),
  attrQtyOos: z.number().int(),
  /** Units of open bookings (1131, 1132, 1134) for this line. */
  qtyBooked: z.number().int(),
  /** qty − picked − oos − booked: the most a new booking may ask for. */
  lacking: z.number().int(),
});
export type BookingLine = z.infer<typeof bookingLineSchema>;

/** GET /api/bookings/proposal?shipmentNo&lineId: the line and the first stores Gerai proposes for what it lacks. */
export const bookingProposalQuerySchema = request(
  z.object({ shipmentNo: shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired), lineId: queryId(FIELD_MESSAGES.lineInvalid) }),
);
export const bookingProposalSchema = z.object({
  line: bookingLineSchema,
  /** Up to BOOKING_LIMITS.proposalStores stores with stock ≥ lacking: kelurahan, kecamatan, then distance. */
  stores: z.array(bookingStoreSchema),
});
export type BookingProposal = z.infer<typeof bookingProposalSchema>;

/** POST /api/bookings: book `qty` of a short line from `storeCode` (nothing is reserved until that store takes it). */
export const bookingCreateBodySchema = request(
  z
    .object({
      shipmentNo: shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired),
      lineId: idField(FIELD_MESSAGES.lineInvalid),
      qty: int({ min: 1, max: QTY_MAX, tooSmall: FIELD_MESSAGES.bookingQtyMin }),
      storeCode: storeCodeSchema,
    })
    .strict(),
);
export type BookingCreateBody = z.infer<typeof bookingCreateBodySchema>;

export const bookingParamsSchema = request(z.object({ bookID: queryId(FIELD_MESSAGES.bookingIdInvalid) }));

export const bookingRefuseBodySchema = request(
  z.object({ reason: z.preprocess(blankToUndefined, text({ max: BOOKING_LIMITS.refuseReasonMax, lines: 'multi' }).optional()) }).strict(),
);
export type BookingRefuseBody = z.infer<typeof bookingRefuseBodySchema>;

export const bookingReofferBodySchema = request(z.object({ storeCode: storeCodeSchema }).strict());
export type BookingReofferBody = z.infer<typeof bookingReofferBodySchema>;

/** POST /api/bookings/:bookID/receive (`/get-product/:id`): the product's barcode as scanned and the units counted. */
export const bookingReceiveBodySchema = request(
  z
    .object({
      barcode: text({ max: 512, lines: 'scanner', tooLong: FIELD_MESSAGES.barcodeTooLong }).min(1, FIELD_MESSAGES.barcodeRequired),
      qty: int({ min: 1, max: QTY_MAX, tooSmall: FIELD_MESSAGES.bookingQtyMin }),
    })
    .strict(),
);
export type BookingReceiveBody = z.infer<typeof bookingReceiveBodySchema>;

/** An empty body (take, cancel). */
export const bookingEmptyBodySchema = request(z.object({}).strict());

const storeRef = z.object({ storeCode: z.string(), storeName: z.string() });

/** One booking in a list: the booking and its detail, flattened with the spec's names. */
export const bookingItemSchema = z.object({
  bookID: z.number().int(),
  bookDetID: z.number().int(),
  bookingNo: z.string(),
  shipmentNo: z.string(),
  orderNo: z.string(),
  productId: z.string(),
  productName: z.string(),
  barcode: z.string(),
  imageUrl: z.string().nullable(),
  qtyOos: z.number().int(),
  /** The store that is short and booked. */
  storeCode: z.string(),
  storeName: z.string(),
  /** The store the booking is addressed to now, and where it is. */
  offeredTo: storeRef,
  latitude: z.number(),
  longitude: z.number(),
  /** Between the two stores, in metres. */
  distanceM: z.number().int(),
  isKelurahan: z.boolean(),
  status: bookingStatusSchema,
  /** null while the status has no taker (1131, 1134): shown as "-". */
  storeTaken: z.string().nullable(),
  stockTaken: z.number().int().nullable(),
  /** Cancelled by the ordering store or with its order: no longer counts. */
  cancelled: z.boolean(),
  /** `out`: my store booked it; `in`: it is addressed to my store. */
  direction: z.enum(BOOKING_DIRECTIONS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingItem = z.infer<typeof bookingItemSchema>;

/** GET /api/bookings: bookings of my store by page and params (spec: "booking stock list by page and params"). */
export const bookingListQuerySchema = request(
  z.object({
    ...pageFields(),
    direction: z.preprocess(blankToUndefined, z.enum(BOOKING_DIRECTIONS, { error: FIELD_MESSAGES.bookingDirectionUnknown }).optional()),
    status: z.preprocess(blankToUndefined, bookingStatusField().optional()),
    productId: z.preprocess(blankToUndefined, productIdSchema().optional()),
    /** The other store (the one addressed for `out`, the one that booked for `in`). */
    storeCode: z.preprocess(blankToUndefined, storeCodeSchema.optional()),
    /** bookingNo, shipmentNo or the product's name. */
    q: z.preprocess(blankToUndefined, text({ max: 60 }).optional()),
    includeCancelled: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()).transform((v) => v === 'true'),
  }),
);
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** Counts per detail status of a group of bookings. */
const bookingCounts = {
  total: z.number().int(),
  waiting: z.number().int(),
  taken: z.number().int(),
  done: z.number().int(),
  refused: z.number().int(),
  /** Units booked over the group. */
  qtyOos: z.number().int(),
};

/** GET /api/bookings/by-product (`/booking-list-product`, the spec's bookingStockProduct). */
export const bookingProductGroupSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  barcode: z.string(),
  imageUrl: z.string().nullable(),
  ...bookingCounts,
});
export type BookingProductGroup = z.infer<typeof bookingProductGroupSchema>;

/** GET /api/bookings/by-store (`/booking-list-store`, the spec's bookingStockStore): the other store of each booking. */
export const bookingStoreGroupSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  kelurahan: z.string(),
  kecamatan: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distanceM: z.number().int(),
  isKelurahan: z.boolean(),
  ...bookingCounts,
});
export type BookingStoreGroup = z.infer<typeof bookingStoreGroupSchema>;

/** Query of the grouped lists: direction, status, text (product name/barcode or store code/name). */
export const bookingGroupQuerySchema = request(
  z.object({
    ...pageFields(),
    direction: z.preprocess(blankToUndefined, z.enum(BOOKING_DIRECTIONS, { error: FIELD_MESSAGES.bookingDirectionUnknown }).optional()),
    status: z.preprocess(blankToUndefined, bookingStatusField().optional()),
    q: z.preprocess(blankToUndefined, text({ max: 60 }).optional()),
  }),
);
export type BookingGroupQuery = z.infer<typeof bookingGroupQuerySchema>;

/** GET /api/bookings/count: what waits on my store (home badge) and my open bookings. */
export const bookingCountSchema = z.object({
  /** Addressed to my store, waiting to be taken or refused (1131). */
  incomingWaiting: z.number().int(),
  /** Taken by my store, waiting to be fetched (1132). */
  incomingTaken: z.number().int(),
  /** Mine, per status of the open ones. */
  outgoingWaiting: z.number().int(),
  outgoingTaken: z.number().int(),
  outgoingRefused: z.number().int(),
});
export type BookingCount = z.infer<typeof bookingCountSchema>;

const storePlace = storeRef.extend({
  address: z.string(),
  kelurahan: z.string(),
  kecamatan: z.string(),
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});

/** GET /api/bookings/:bookID (`/get-product/:id`, the spec's bookingStockDetail); every booking change answers with it. */
export const bookingDetailSchema = bookingItemSchema.extend({
  lineId: z.number().int().nullable(),
  /** The order's status now (the booking blocks packing while it has no taker). */
  orderStatusId: z.number().int(),
  orderingStore: storePlace,
  servingStore: storePlace,
  /** Stores that refused the booking, oldest first, and the last one's reason. */
  refusedBy: z.array(storeRef),
  refuseReason: z.string().nullable(),
  takenAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** What the caller's store may do now (BOOKING_FLOW). */
  actions: z.array(z.enum(BOOKING_ACTIONS)),
  history: z.array(
    z.object({
      action: z.string(),
      at: z.string(),
      actorName: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  /**
   * The caller's store refused it and it is no longer addressed there: the booking as that store saw it
   * when it refused (addressed to it, 1134, its reason, its history up to then), nothing to do.
   */
  refusedByMe: z.boolean(),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;
