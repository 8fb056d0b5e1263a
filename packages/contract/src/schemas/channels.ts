import { z } from 'zod';
import { APP_IDS } from '../channels';
import { isPaymentId } from '../payments';

export const intakeLineSchema = z
  .object({
    barcode: z.string().regex(/^\d{8,14}$/, 'Barcode tidak valid'),
    qty: z.number().int().min(1).max(999),
    price: z.number().int().min(0).optional(),
  })
  .strict();

/** The body a channel posts to /api/channels/:appId/orders (HMAC-signed). */
export const intakeOrderSchema = z
  .object({
    orderNo: z.string().min(3).max(40),
    storeCode: z.string().min(1).max(10),
    deliveryType: z.union([z.literal(0), z.literal(1)]),
    paymentId: z.number().int().refine(isPaymentId, 'Metode pembayaran tidak dikenal'),
    customer: z
      .object({
        name: z.string().min(1).max(120),
        phone: z.string().regex(/^\+?\d{8,15}$/, 'Nomor telepon tidak valid'),
        address: z.string().max(300).optional(),
        latitude: z.number().min(-90).max(90).optional(),
        longitude: z.number().min(-180).max(180).optional(),
      })
      .strict(),
    lines: z.array(intakeLineSchema).min(1).max(100),
    paperBags: z.number().int().min(0).max(20).default(0),
    note: z.string().max(300).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.deliveryType === 1 && (o.customer.latitude === undefined || o.customer.longitude === undefined || !o.customer.address)) {
      ctx.addIssue({ code: 'custom', path: ['customer'], message: 'Pesanan antar wajib memiliki alamat dan koordinat' });
    }
  });
export type IntakeOrder = z.infer<typeof intakeOrderSchema>;

export const intakeParamsSchema = z.object({ appId: z.coerce.number().int() });
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

export const channelCatalogParamsSchema = z.object({ appId: z.coerce.number().int(), storeCode: z.string().min(1).max(10) });
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
