import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { newPickupOrder, orderableProducts } from './channel';

// Helpers of the field specs (the crew's screens on a 360 × 640 phone): a new order, the touch
// targets smaller than a fingertip, a locator's box, and where the action bar and the notices lie.

const MIN_TARGET = 44;

/** A new pickup order for T001 with three products, two of each. */
export async function newOrder(baseURL: string, request: APIRequestContext) {
  const items = await orderableProducts(baseURL, 3);
  return newPickupOrder(request, 'FIELD', 'Pelanggan Uji Lapangan', items.slice(0, 3).map((i) => ({ barcode: i.barcode, qty: 2 })));
}

/** Visible interactive elements smaller than a fingertip, described for the failure message. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"]';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // A radio or checkbox inside its label is touched through the label: the label is the target.
      const label = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : null;
      const r = (label ?? el).getBoundingClientRect();
      // Hidden, screen-reader-only (clipped) and off-screen elements are not touched.
      if (r.width <= 1 || r.height <= 1 || r.bottom <= 0 || r.top >= innerHeight) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"]')) continue;
      if (r.width < min || r.height < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('placeholder') ?? '').trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  }, MIN_TARGET);
}

export async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

export const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;

/** The bottom edge of what the screen shows above the fixed action bar and the bottom navigation. */
export async function expectAboveNavigation(page: Page, action: Locator, what: string) {
  await expect(action, `${what}: main action in view`).toBeInViewport({ ratio: 1 });
  const bar = await box(action);
  const nav = await box(page.getByRole('navigation', { name: 'Navigasi utama' }));
  expect(bar.y + bar.height, `${what}: the action bar is above the navigation`).toBeLessThanOrEqual(nav.y);
}

/** Scrolled to the end, the last block of the screen ends above the action bar (room is kept for it). */
export async function expectEndClearOfActionBar(page: Page, last: Locator, action: Locator, what: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  const end = await box(last);
  expect(end.y + end.height, `${what}: the end of the screen is not under the action bar`).toBeLessThanOrEqual((await box(action)).y);
}
