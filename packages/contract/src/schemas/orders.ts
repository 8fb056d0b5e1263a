import { z } from 'zod';

export const orderCountQuerySchema = z.object({
  /** ISO timestamp; when given, `latest` counts orders that arrived after it. */
  latestOrder: z.iso.datetime({ offset: true }).optional(),
});

export const orderCountSchema = z.object({
  counts: z.object({
    '1101': z.number().int(),
    '1102': z.number().int(),
    '1103': z.number().int(),
    '1104': z.number().int(),
    '1105': z.number().int(),
    '1106': z.number().int(),
    '1107': z.number().int(),
  }),
  latest: z.number().int(),
  latestOrderAt: z.string().nullable(),
});
export type OrderCount = z.infer<typeof orderCountSchema>;

export const orderProductSchema = z.object({
  lineId: z.number().int(),
  productID: z.string(),
  barcode: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number().int(),
  qty: z.number().int(),
  qtyPicked: z.number().int(),
  /** Out-of-stock quantity, never below 0 (spec: attrQtyOos). */
  attrQtyOos: z.number().int().min(0),
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

export const orderSummarySchema = z.object({
  shipmentNo: z.string(),
  orderNo: z.string(),
  statusId: z.number().int(),
  deliveryType: z.number().int(),
  appId: z.number().int(),
  appName: z.string(),
  storeCode: z.string(),
  customerName: z.string(),
  itemCount: z.number().int(),
  price: z.number().int(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = z.object({
  shipmentNo: z.string(),
  orderNo: z.string(),
  statusId: z.number().int(),
  deliveryType: z.number().int(),
  appId: z.number().int(),
  appName: z.string(),
  paymentId: z.number().int(),
  storeCode: z.string(),
  products: z.array(orderProductSchema),
  paperBags: z.array(z.object({ productID: z.string(), name: z.string(), qty: z.number().int(), price: z.number().int() })),
  price: z.number().int(),
  billNo: z.string().nullable(),
  qrCode: qrCodeSchema.nullable(),
  qrAndroid: z.string().nullable(),
  isSendStore: z.enum(['T', 'F']),
  customer: orderCustomerSchema,
  note: z.string().nullable(),
  pickerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const shipmentParamsSchema = z.object({
  shipmentNo: z.string().trim().regex(/^[A-Z0-9-]{6,40}$/, 'Nomor shipment tidak valid'),
});
