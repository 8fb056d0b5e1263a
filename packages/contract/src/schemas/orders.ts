import { z } from 'zod';
import { ORDER_ACTIONS } from '../order-actions';
import { APP_IDS, type AppId } from '../channels';
import { ORDER_STATUS_IDS, type OrderStatusId } from '../statuses';
import { CANCEL_REQUEST_STATUSES, CHANNEL_NOTICE_KINDS, CHANNEL_NOTICE_STATUSES, RETURN_STATUSES } from '../workflow-statuses';
import { INT4_MAX, PAPER_BAG_MAX, POD_TEXT, QTY_MAX } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { SHIPMENT_NO_PATTERN } from '../shipment';
import { pageFields } from './common';
import { int as boundedInt, isoDate, isoDateTime, queryInt, request, text } from './primitives';

const int = () => z.number().int();

export const orderCountQuerySchema = request(
  z.object({
    /** ISO timestamp; when given, `latest` counts orders that arrived after it. */
    latestOrder: isoDateTime().optional(),
  }),
);

export const orderCountSchema = z.object({
  counts: z.object({
    '1101': int(),
    '1102': int(),
    '1103': int(),
    '1104': int(),
    '1105': int(),
    '1106': int(),
    '1107': int(),
  }),
  latest: int(),
  latestOrderAt: z.string().nullable(),
});
export type OrderCount = z.infer<typeof orderCountSchema>;

export const orderProductSchema = z.object({
  lineId: int(),
  productID: z.string(),
  barcode: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  price: int(),
  qty: int(),
  qtyPicked: int(),
  /** Out-of-stock quantity, never below 0 (spec: attrQtyOos). */
  attrQtyOos: int().min(0),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

export const qrCodeSchema = z.object({ Head: z.array(z.unknown()), Body: z.array(z.unknown()) });

export const orderCustomerSchema = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** Picking progress over all lines: resolved = picked + oos; complete when every line is resolved. */
export const orderProgressSchema = z.object({
  qty: int(),
  picked: int(),
  oos: int(),
  resolved: int(),
  complete: z.boolean(),
});
export type OrderProgress = z.infer<typeof orderProgressSchema>;


/** What names an order and where it stands, first in both the list's row and the detail. */
const orderHeadFields = {
  shipmentNo: z.string(),
  orderNo: z.string(),
  statusId: int(),
  deliveryType: int(),
  appId: int(),
  appName: z.string(),
};

export const orderSummarySchema = z.object({
  ...orderHeadFields,
  storeCode: z.string(),
  customerName: z.string(),
  /** Σ ordered qty of the lines. */
  itemCount: int(),
  /** Order total in rupiah. */
  price: int(),
  createdAt: z.string(),
  pickerName: z.string().nullable(),
  /** 1106/1107: who cancelled the order and why (null otherwise). */
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Only for 1102 (packing); null otherwise. */
  progress: orderProgressSchema.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderFacetSchema = z.object({
  /** One entry per channel under the current filters (appId ignored), deduplicated. */
  application: z.array(z.object({ appId: int(), appName: z.string(), count: int() })),
});
export type OrderFacet = z.infer<typeof orderFacetSchema>;

export const orderListSchema = z.object({
  items: z.array(orderSummarySchema),
  page: int(),
  size: int(),
  total: int(),
  facet: orderFacetSchema,
});
export type OrderList = z.infer<typeof orderListSchema>;

// Exactly the known ids, so the published pattern is as strict as the check (\d{4} let 0000 through).
const STATUS_ID = `(?:${ORDER_STATUS_IDS.join('|')})`;
const STATUS_LIST = new RegExp(`^${STATUS_ID}(?:,${STATUS_ID})*$`);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * `status` is one id or a comma list (`1105,1107` for history). Dates are WIB
 * (Asia/Jakarta) calendar days, both inclusive, on the order's arrival time.
 * `query` matches shipmentNo, orderNo or the customer's name.
 */
export const orderListQuerySchema = request(
  z
    .object({
      status: text({ max: 100, error: FIELD_MESSAGES.statusRequired })
        .regex(STATUS_LIST, FIELD_MESSAGES.statusFormat)
        .transform((s) => [...new Set(s.split(',').map(Number))] as OrderStatusId[]),
      ...pageFields(),
      startDate: z.preprocess(blankToUndefined, isoDate().optional()),
      endDate: z.preprocess(blankToUndefined, isoDate().optional()),
      query: z.preprocess(blankToUndefined, text({ max: 100 }).optional()),
      appId: z.preprocess(
        blankToUndefined,
        queryInt({ min: 0, max: INT4_MAX, error: FIELD_MESSAGES.channelUnknown, tooSmall: FIELD_MESSAGES.channelUnknown, tooBig: FIELD_MESSAGES.channelUnknown })
          .refine((id) => APP_IDS.includes(id as AppId), FIELD_MESSAGES.channelUnknown)
          .optional(),
      ),
    })
    .superRefine((q, ctx) => {
      if (q.startDate && q.endDate && q.endDate < q.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIELD_MESSAGES.dateEndBeforeStart });
      }
    }),
);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** What the caller may do with an order now (the buttons of the detail screen). */
export const orderActionSchema = z.enum(ORDER_ACTIONS);

export const orderHistoryEntrySchema = z.object({
  /** received, claim, pack, confirm, archive, cancel. */
  action: z.string(),
  fromStatus: int().nullable(),
  toStatus: int(),
  actorName: z.string().nullable(),
  at: z.string(),
  reason: z.string().nullable(),
  /** An escalation: how many phones its push notification reached ("dikirim ke 3 ponsel", pushReachText); null for other rows. */
  pushedTo: int().nullable().optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderStoreSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
});
export type OrderStore = z.infer<typeof orderStoreSchema>;

/** The detail screen's order; every order mutation answers with it. The pickup code is never included. */
export const orderDetailSchema = z.object({
  ...orderHeadFields,
  paymentId: int(),
  storeCode: z.string(),
  products: z.array(orderProductSchema),
  paperBags: z.array(z.object({ productID: z.string(), name: z.string(), qty: int(), price: int() })),
  price: int(),
  billNo: z.string().nullable(),
  qrCode: qrCodeSchema.nullable(),
  qrAndroid: z.string().nullable(),
  isSendStore: z.enum(['T', 'F']),
  customer: orderCustomerSchema,
  note: z.string().nullable(),
  pickerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  store: orderStoreSchema,
  /** Status history, oldest first. */
  history: z.array(orderHistoryEntrySchema),
  actions: z.array(orderActionSchema),
  progress: orderProgressSchema,
  claimedAt: z.string().nullable(),
  packedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  /** Who cancelled the order and why (1106/1107), else null. */
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The order's latest cancellation request, if any. */
  cancelRequest: z
    .object({
      status: z.enum(CANCEL_REQUEST_STATUSES),
      reason: z.string(),
      requestedBy: z.string().nullable(),
      requestedAt: z.string(),
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  /** The order's latest return (retur), if any. */
  returnInfo: z.object({ status: z.enum(RETURN_STATUSES), createdAt: z.string() }).nullable(),
  /**
   * The order's stock bookings that are not cancelled, oldest first (decision 88). storeTaken and
   * stockTaken are null (shown "-") while a booking has no taker (1131, 1134).
   */
  bookings: z.array(
    z.object({
      bookID: int(),
      bookDetID: int(),
      bookingNo: z.string(),
      lineId: int().nullable(),
      productId: z.string(),
      qtyOos: int(),
      status: int(),
      offeredTo: z.object({ storeCode: z.string(), storeName: z.string() }),
      storeTaken: z.string().nullable(),
      stockTaken: int().nullable(),
    }),
  ),
  /** Some booking has no taker (1131 or 1134): the order cannot be packed (spec §4). */
  bookingBlocked: z.boolean(),
  /** What the order's sales channel was told, oldest first (an outbox retried until sent). */
  channelNotices: z.array(
    z.object({
      kind: z.enum(CHANNEL_NOTICE_KINDS),
      status: z.enum(CHANNEL_NOTICE_STATUSES),
      attempts: int(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      /** The last failure, for the history ("kanal tidak menjawab"). */
      lastError: z.string().nullable(),
    }),
  ),
  /** The customer's chat messages nobody on the crew has read yet (the Chat button's badge). */
  chatUnread: int(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A shipmentNo as the API accepts it (SHIPMENT_NO_PATTERN), in a path, query or form. */
export const shipmentNoSchema = (error?: string) => text({ max: 40, error }).regex(SHIPMENT_NO_PATTERN, FIELD_MESSAGES.shipmentNoInvalid);

const shipmentParamsShape = { shipmentNo: shipmentNoSchema() };
export const shipmentParamsSchema = request(z.object(shipmentParamsShape));

export const orderLineParamsSchema = request(
  z.object({
    ...shipmentParamsShape,
    lineId: queryInt({ min: 1, max: INT4_MAX, error: FIELD_MESSAGES.lineInvalid, tooSmall: FIELD_MESSAGES.lineInvalid, tooBig: FIELD_MESSAGES.lineInvalid }),
  }),
);

/** Edit-quantity modal: the confirmed picked quantity of one line. */
export const lineQuantityBodySchema = request(z.object({ qty: boundedInt({ min: 0, max: QTY_MAX, tooSmall: FIELD_MESSAGES.qtyNegative }) }).strict());

/** Out-of-stock modal: attrQtyOos of one line, never below 0. */
export const lineOutOfStockBodySchema = request(z.object({ qtyOos: boundedInt({ min: 0, max: QTY_MAX, tooSmall: FIELD_MESSAGES.oosNegative }) }).strict());

export const paperBagsBodySchema = request(z.object({ qty: boundedInt({ min: 0, max: PAPER_BAG_MAX, tooBig: FIELD_MESSAGES.paperBagsMax }) }).strict());

/** Konfirmasi of a pickup order: the customer's code (or the scanned QR text) and who received the goods. */
export const handoverBodySchema = request(
  z
    .object({
      pickupCode: text({ max: 200 }).min(1, FIELD_MESSAGES.pickupCodeRequired),
      receiverName: text({ max: POD_TEXT.nameMax }).min(POD_TEXT.receiverNameMin, FIELD_MESSAGES.receiverNameRequired),
    })
    .strict(),
);
export type HandoverBody = z.infer<typeof handoverBodySchema>;
