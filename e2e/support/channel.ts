import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/**
 * A sales channel talking to Gerai's signed intake API, as the test's stand-in
 * for Alfagift (appId 379). Secrets are the demo ones: gerai-channel-<appId>.
 */
export const TEST_CHANNEL = 379;
export const TEST_STORE = 'T001';

/**
 * X-Gerai-Signature: `t=<unix seconds>,sha256=<hex HMAC-SHA256 of "<t>.<signed>">` (docs/api.md);
 * the server refuses a timestamp outside its window (CHANNEL_SIGNATURE_TOLERANCE_SECONDS).
 */
export function channelSignature(signed: string, appId = TEST_CHANNEL, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},sha256=${createHmac('sha256', `gerai-channel-${appId}`).update(`${t}.${signed}`).digest('hex')}`;
}

export interface CatalogItem {
  barcode: string;
  name: string;
  price: number;
  stock: number;
}

/** GET /api/channels/:appId/stores/:storeCode/products, signed over "GET <path>". */
export async function fetchCatalog(baseUrl: string, storeCode = TEST_STORE, appId = TEST_CHANNEL): Promise<CatalogItem[]> {
  const path = `/api/channels/${appId}/stores/${storeCode}/products`;
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'x-gerai-signature': channelSignature(`GET ${path}`, appId) } });
  if (!res.ok) throw new Error(`catalogue: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { items: CatalogItem[] } };
  return body.data.items;
}

export interface IntakeLine {
  barcode: string;
  qty: number;
}

export interface IntakeOrderBody {
  orderNo: string;
  storeCode: string;
  deliveryType: 0 | 1;
  paymentId: number;
  customer: { name: string; phone: string; address?: string; latitude?: number; longitude?: number };
  lines: IntakeLine[];
  paperBags?: number;
  note?: string;
}

export interface IntakeReply {
  shipmentNo: string;
  orderNo: string;
  appId: number;
  created: boolean;
  pickupCode?: string;
  pickupQr?: string;
}

/** The raw JSON body and its signature header for POST /api/channels/:appId/orders. */
export function signedOrder(body: IntakeOrderBody, appId = TEST_CHANNEL): { raw: string; headers: Record<string, string> } {
  const raw = JSON.stringify(body);
  return { raw, headers: { 'content-type': 'application/json', 'x-gerai-signature': channelSignature(raw, appId) } };
}

/** Products of T001's catalogue a test order can use: a 13-digit barcode, enough stock, not a paper bag. */
export async function orderableProducts(baseUrl: string, minStock: number): Promise<CatalogItem[]> {
  return (await fetchCatalog(baseUrl)).filter((i) => /^\d{13}$/.test(i.barcode) && i.stock >= minStock && !/^Kantong/i.test(i.name));
}

/** A new pickup order of T001 through the signed intake; answers its shipmentNo. */
export async function newPickupOrder(
  api: APIRequestContext,
  what: string,
  customerName: string,
  lines: IntakeLine[],
): Promise<string> {
  const { raw, headers } = signedOrder({
    orderNo: `E2E-${what}-${Date.now()}-${Math.round(Math.random() * 1e6)}`,
    storeCode: TEST_STORE,
    deliveryType: 0,
    paymentId: 1,
    customer: { name: customerName, phone: '081234500001' },
    lines,
  });
  const res = await api.post(`/api/channels/${TEST_CHANNEL}/orders`, { data: raw, headers });
  if (!res.ok()) throw new Error(`intake: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: IntakeReply }).data.shipmentNo;
}

