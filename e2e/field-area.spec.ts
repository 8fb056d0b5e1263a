import { expect, test } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { box, smallTargets } from './support/field';

// Monitoring and the recap as an area supervisor meets them in the field, on a 360 × 640 phone: the
// tiles and tables fit the screen, every touch target is at least 44 px.

test('monitoring fits 360×640 for an area supervisor: the figures, the store filter, the late list and the stores, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '30000001');
  await page.goto('/monitoring');
  await expect(page.getByTestId('monitoring-status-1101-count')).toBeVisible();
  await expect(page.getByTestId('monitoring-stores')).toBeVisible();
  // The status tiles fit side by side.
  const tile = await box(page.getByTestId('monitoring-status-1103'));
  expect(tile.x + tile.width, 'the third status tile fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await smallTargets(page), 'monitoring').toEqual([]);
  await snap(page, 'field-20-monitoring');
  // Over the area a tile opens its stores under the tiles, each a row to tap.
  await page.getByTestId('monitoring-status-1101').click();
  await expect(page.getByTestId('monitoring-tile-stores-status-1101')).toBeVisible();
  expect(await smallTargets(page), 'monitoring: a tile\'s stores').toEqual([]);
  await page.getByTestId('monitoring-status-1101').click();

  await page.getByTestId('monitoring-store-filter-toggle').click();
  await expect(page.getByTestId('store-option-T001')).toBeVisible();
  expect(await smallTargets(page), 'monitoring: store filter').toEqual([]);
  await page.getByTestId('monitoring-store-filter-toggle').click();

  // The seed's area has more late orders than the first few shown; the list is read when it comes near the screen.
  await page.getByTestId('monitoring-late').scrollIntoViewIfNeeded();
  const toggle = page.getByTestId('monitoring-late-toggle');
  await toggle.click();
  await toggle.scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'monitoring: every late order').toEqual([]);
  await page.getByTestId('monitoring-stores').scrollIntoViewIfNeeded();
  // "Per toko" is read when it comes near the screen.
  await expect(page.getByTestId('monitoring-store-T001')).toBeVisible();
  expect(await smallTargets(page), 'monitoring: per store').toEqual([]);
  await snap(page, 'field-21-monitoring-stores');
});

test('the recap fits 360×640 for an area supervisor: the range, the store filter, the figures and every table with its download, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '30000001');
  await page.goto('/rekap-ac');
  await page.getByTestId('recap-quick-last30').click();
  await expect(page.getByTestId('recap-summary')).toBeVisible();
  await expect(page.getByTestId('recap-store')).toBeVisible();
  // The tiles fit side by side.
  const tile = await box(page.getByTestId('recap-total-cancelled'));
  expect(tile.x + tile.width, 'the third tile fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await smallTargets(page), 'recap').toEqual([]);
  await snap(page, 'field-22-recap');

  // Every table with its CSV link, as it scrolls by; none wider than the screen but by its own scroll.
  for (const table of ['channels', 'statuses', 'crew', 'completion', 'out-of-stock', 'cancellations', 'returns', 'pod-exceptions']) {
    const section = page.getByTestId(`recap-table-${table}`);
    await section.scrollIntoViewIfNeeded();
    const b = await box(section);
    expect(b.x + b.width, `${table} fits the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await smallTargets(page), `recap: ${table}`).toEqual([]);
  }
  // Scrolled to the end, the last table ends above the bottom navigation.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  const last = await box(page.getByTestId('recap-table-pod-exceptions'));
  const nav = await box(page.getByRole('navigation', { name: 'Navigasi utama' }));
  expect(last.y + last.height, 'the last table is not under the navigation').toBeLessThanOrEqual(nav.y);
  await snap(page, 'field-23-recap-end');

  // A refused range is said under the dates: the fields and their message keep 44 px targets.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByLabel('Dari tanggal').fill('2020-01-01');
  await expect(page.getByTestId('recap-filters').getByRole('alert')).toBeVisible();
  expect(await smallTargets(page), 'recap: refused range').toEqual([]);
});
