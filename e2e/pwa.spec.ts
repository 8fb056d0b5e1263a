import { expect, test } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';

test('the app shell is installable and loads offline', async ({ page, context }) => {
  await loginAndWaitForHome(page, '10000001');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]') as HTMLLinkElement | null;
    return link ? (await fetch(link.href)).json() : null;
  });
  expect(manifest).toMatchObject({ short_name: 'Gerai', display: 'standalone' });
  // Wait until the service worker controls the page and has precached the shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  // The shell renders from the cache: the page has its title and the app's own UI, not the browser's offline page.
  await expect(page).toHaveTitle(/Gerai/);
  await expect(page.locator('#root')).not.toBeEmpty();
  await snap(page, 'offline');
  await context.setOffline(false);
});
