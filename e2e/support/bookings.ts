import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { orderableProducts, type CatalogItem } from './channel';

// Helpers of the bookings spec: the stock a store has of a product, a product two nearby stores can
// serve, an order line and the picking screen's typed code.

interface StoreStock {
  storeCode: string;
  qty: number;
  qtyReserved: number;
}
export interface Lookup {
  store: StoreStock;
  nearby: StoreStock[];
}

export async function lookup(api: APIRequestContext, barcode: string): Promise<Lookup> {
  const res = await api.get(`/api/stock/barcode/${barcode}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: Lookup }).data;
}

export const qtyAt = (l: Lookup, storeCode: string) => (l.store.storeCode === storeCode ? l.store : l.nearby.find((s) => s.storeCode === storeCode));

/** A product T002 and T003 both have at least `min` of for sale (so either can serve a booking of it). */
export async function productServedNearby(api: APIRequestContext, baseURL: string, min: number, skip: readonly string[] = []): Promise<CatalogItem> {
  for (const p of await orderableProducts(baseURL, 1)) {
    if (skip.includes(p.barcode)) continue;
    const l = await lookup(api, p.barcode);
    if ((qtyAt(l, 'T002')?.qty ?? 0) >= min && (qtyAt(l, 'T003')?.qty ?? 0) >= min) return p;
  }
  throw new Error('no product that T002 and T003 both have');
}

export const lineOf = (page: Page, barcode: string) => page.locator(`[data-testid^="line-"][data-barcode="${barcode}"]`);

/** The picking screen's typed code (the scanner panel's manual entry), one unit per submit. */
export async function typeScan(page: Page, code: string) {
  const input = page.getByTestId('manual-code');
  await input.fill(code);
  await input.press('Enter');
}

/**
 * Holds the first read of `url` on `page`: it is answered with what the server said when it was asked,
 * but only a second after `release()` (a slow network, the answer arriving after a later change).
 */
export async function holdFirstRead(page: Page, url: string): Promise<{ release: () => void }> {
  let released = false;
  let held = 0;
  await page.route(url, async (route) => {
    if (held++ > 0) return route.continue();
    const before = await route.fetch();
    while (!released) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_000));
    await route.fulfill({ response: before }).catch(() => undefined);
  });
  return { release: () => (released = true) };
}

/** The crew of T001, T002 and T003, and the phone they book and serve on. */
export const T001_CREW = '10000001';
export const T002_CREW = '10000002';
export const T003_CREW = '10000003';
export const BOOKING_PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } as const;
