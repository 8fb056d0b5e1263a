import { expect, type Page, type Route } from '@playwright/test';

// Helpers about one phone, for any spec: what its monitoring would report, and a reload that shows
// what the phone kept (its saved copy) before the server answers.

/** Errors the phone's monitoring would pick up: console errors and failed API calls. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
  });
  return errors;
}

/** Which reads a reload holds: a URL glob, or the API paths (`/api/orders/SHP…`) it holds. */
export type ReadsOf = string | readonly string[];
const matcher = (reads: ReadsOf) => (typeof reads === 'string' ? reads : (url: URL) => reads.includes(url.pathname));

/**
 * A reload at once that must keep what another phone changed: the page is reloaded with its reads of
 * `reads` held back, so `shows` checks what the phone's saved copy brings back (at least
 * one read must be waiting meanwhile, else nothing proved the copy was shown); then the reads go
 * through and `shows` checks the server's answer too. `reopen` opens what a reload closes (a modal).
 */
export async function reloadKeeps(page: Page, reads: ReadsOf, shows: () => Promise<void>, reopen?: () => Promise<void>): Promise<void> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  let answered = 0;
  const hold = async (route: Route) => {
    held += 1;
    await gate;
    await route.continue().catch(() => undefined);
    answered += 1;
  };
  const match = matcher(reads);
  await keptNow(page);
  await page.route(match, hold);
  try {
    await page.reload();
    await reopen?.();
    await shows();
    await expect.poll(() => held, { message: `a read of ${String(reads)} waits while the saved copy is shown` }).toBeGreaterThan(0);
    open();
    await expect.poll(() => answered).toBe(held);
    await shows();
  } finally {
    open();
    await page.unroute(match, hold);
  }
}

/**
 * Waits until the phone has saved what its screen shows (apps/web/src/shared/offline/query-persistence.ts):
 * a save is asked for as a page being hidden asks for one, and its `savedAt` awaited. The phone saves on
 * its own half a second after a change too; a reload in that half second would test the timer, not the copy.
 */
async function keptNow(page: Page): Promise<void> {
  const since = await page.evaluate(() => {
    const asked = Date.now();
    window.dispatchEvent(new Event('pagehide'));
    return asked;
  });
  const savedAt = () =>
    page.evaluate(async () => {
      // Opening a database that is not there would make it, without the app's store in it.
      if (!(await indexedDB.databases()).some((d) => d.name === 'gerai-cache')) return 0;
      return new Promise<number>((resolve) => {
        const open = indexedDB.open('gerai-cache');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const read = db.transaction('queries').objectStore('queries').get('queries');
            read.onsuccess = () => resolve((read.result as { savedAt?: number } | undefined)?.savedAt ?? 0);
            read.onerror = () => resolve(0);
          } catch {
            resolve(0);
          } finally {
            db.close();
          }
        };
      });
    });
  await expect.poll(savedAt, { message: 'the phone saves what it shows' }).toBeGreaterThanOrEqual(since);
}
