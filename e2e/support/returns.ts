import type { APIRequestContext } from '@playwright/test';
import { fetchCatalog } from './channel';

/**
 * API helpers of the returns tests: a completed T001 order that may be returned (found as the
 * crew finds it), a small photo, and the store's stock of a product (the signed channel
 * catalogue is the one API that shows stock: store_stock.qty of the products in stock).
 */

/** A 16 × 16 PNG (a checkerboard): the phone downscales and re-encodes it, the server reads its type from the content. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAIklEQVR42mPQsNGAoxNICJc4wyDUQIwiZPHBqGE0HgaFBgBGz9wB7yamngAAAABJRU5ErkJggg==',
  'base64',
);

export interface ReturnableOrder {
  shipmentNo: string;
  orderNo: string;
  /** The route's :method segment. */
  method: 'pickup' | 'delivery';
  deliveryType: number;
  /** The first line that may still be returned. */
  line: { lineId: number; barcode: string; name: string; returnable: number };
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

interface Returnable {
  shipmentNo: string;
  orderNo: string;
  deliveryType: number;
  refusal: string | null;
  lines: Array<{ lineId: number; barcode: string; name: string; returnable: number }>;
}

/**
 * A completed T001 order (1104) of `deliveryType` (any when absent) that a return may be recorded
 * for now: GET /api/orders?status=1104, then GET /api/returns/returnable/:shipmentNo until one
 * has no refusal (within the window, no open return) and a line left to return.
 */
export async function findReturnableOrder(
  api: APIRequestContext,
  { deliveryType, skip = [], oldest = false }: { deliveryType?: number; skip?: readonly string[]; oldest?: boolean } = {},
): Promise<ReturnableOrder> {
  const list = await data<{ items: Array<{ shipmentNo: string; deliveryType: number }> }>(await api.get('/api/orders?status=1104&size=100'), 'orders 1104');
  // `oldest`: from the end of the list, away from the orders the other queue's specs return.
  for (const o of oldest ? list.items.toReversed() : list.items) {
    if ((deliveryType !== undefined && o.deliveryType !== deliveryType) || skip.includes(o.shipmentNo)) continue;
    const r = await data<Returnable>(await api.get(`/api/returns/returnable/${o.shipmentNo}`), `returnable ${o.shipmentNo}`);
    const line = r.lines.find((l) => l.returnable > 0 && /^\d{13}$/.test(l.barcode));
    if (r.refusal || !line) continue;
    return { shipmentNo: r.shipmentNo, orderNo: r.orderNo, deliveryType: r.deliveryType, method: r.deliveryType === 1 ? 'delivery' : 'pickup', line };
  }
  throw new Error(`T001 has no completed order${deliveryType === undefined ? '' : ` of delivery type ${deliveryType}`} that may be returned`);
}

/** T001's sellable stock of a product (0 when the catalogue does not list it: none in stock). */
export async function stockOf(baseURL: string, barcode: string): Promise<number> {
  const item = (await fetchCatalog(baseURL)).find((i) => i.barcode === barcode);
  return item?.stock ?? 0;
}

/** One return of T001 in `status` (the seed has one in every status), or null. */
export async function findReturn(api: APIRequestContext, status: string): Promise<{ shipmentNo: string; deliveryType: number } | null> {
  const list = await data<{ items: Array<{ shipmentNo: string; deliveryType: number }> }>(await api.get(`/api/returns?status=${status}&size=20`), `returns ${status}`);
  return list.items[0] ?? null;
}
