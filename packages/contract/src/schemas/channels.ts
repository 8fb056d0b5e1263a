import { z } from 'zod';
import { APP_IDS } from '../channels';
import { INT4_MAX, ORDER_TOTAL_MAX, PAPER_BAG_MAX, PRICE_MAX } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { isPaymentId } from '../payments';
import { decimal, int, queryInt, request, text } from './primitives';

export const intakeLineSchema = request(
  z
    .object({
      barcode: text({ max: 14 }).regex(/^\d{8,14}$/, FIELD_MESSAGES.barcodeInvalid),
      qty: int({ min: 1, max: 999 }),
      /** Rupiah per unit; the catalogue's price when left out. */
      price: int({ min: 0, max: PRICE_MAX }).optional(),
    })
    .strict(),
);

/** The body a channel posts to /api/channels/:appId/orders (HMAC-signed). */
export const intakeOrderSchema = request(
  z
    .object({
      orderNo: text({ max: 40 }).min(3),
      storeCode: text({ max: 10 }).min(1),
      deliveryType: z.union([z.literal(0), z.literal(1)]),
      paymentId: int({ min: 0, max: INT4_MAX, error: FIELD_MESSAGES.paymentUnknown }).refine(isPaymentId, FIELD_MESSAGES.paymentUnknown),
      customer: z
        .object({
          name: text({ max: 120 }).min(1),
          phone: text({ max: 16 }).regex(/^\+?\d{8,15}$/, FIELD_MESSAGES.phoneInvalid),
          address: text({ max: 300, lines: 'multi' }).optional(),
          latitude: decimal({ min: -90, max: 90, tooSmall: FIELD_MESSAGES.latitudeRange, tooBig: FIELD_MESSAGES.latitudeRange }).optional(),
          longitude: decimal({ min: -180, max: 180, tooSmall: FIELD_MESSAGES.longitudeRange, tooBig: FIELD_MESSAGES.longitudeRange }).optional(),
        })
        .strict(),
      lines: z.array(intakeLineSchema).min(1).max(100),
      paperBags: int({ min: 0, max: PAPER_BAG_MAX, tooBig: FIELD_MESSAGES.paperBagsMax }).default(0),
      note: text({ max: 300, lines: 'multi' }).optional(),
    })
    .strict()
    .superRefine((o, ctx) => {
      if (o.deliveryType === 1 && (o.customer.latitude === undefined || o.customer.longitude === undefined || !o.customer.address)) {
        ctx.addIssue({ code: 'custom', path: ['customer'], message: FIELD_MESSAGES.deliveryNeedsAddress });
      }
    })
    .superRefine(
      (o, ctx) => {
        // The total is an int4 column: the prices the channel sends must fit it (the server
        // checks again with the catalogue's prices for lines sent without one).
        const given = o.lines.reduce((sum, l) => sum + (l.price ?? 0) * l.qty, 0);
        if (given > ORDER_TOTAL_MAX) ctx.addIssue({ code: 'custom', path: ['lines'], message: FIELD_MESSAGES.orderTotalTooLarge });
      },
      // Only over valid lines: a refused price is named once, on its own field.
      { when: (payload) => payload.issues.length === 0 },
    ),
);
export type IntakeOrder = z.infer<typeof intakeOrderSchema>;

const appIdParam = () => queryInt({ min: 0, max: INT4_MAX });
export const intakeParamsSchema = request(z.object({ appId: appIdParam() }));
export const intakeResultSchema = z.object({
  shipmentNo: z.string(),
  orderNo: z.string(),
  appId: z.number().int(),
  created: z.boolean(),
  /** The channel shows this to the customer, who gives it (or its QR) to the crew at pickup. */
  pickupCode: z.string(),
  /** QR text for the customer's app: GERAI:PICKUP:<shipmentNo>:<pickupCode>. */
  pickupQr: z.string(),
});
export const knownAppIds = APP_IDS;

export const channelCatalogParamsSchema = request(z.object({ appId: appIdParam(), storeCode: text({ max: 10 }).min(1) }));
export const channelCatalogItemSchema = z.object({
  barcode: z.string(),
  name: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
});
export const channelCatalogSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  items: z.array(channelCatalogItemSchema),
});
