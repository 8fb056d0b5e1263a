import { expect, test } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { smallTargets } from './support/field';

// The stock, booking and MAT screens as a crew member meets them in the field, on a 360 × 640 phone:
// every touch target is at least 44 px, the count's scanner and action stay in view.

test('stock and booking screens fit 360×640: the lookup, the lists, a booking and the stores that can serve, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');
  const found = (await (await page.request.get('/api/stock/products?q=Indomie&size=1')).json()) as { data: { items: Array<{ productID: string }> } };
  const productId = found.data.items[0]!.productID;

  // Cek stok of one product: my store, then the nearest stores with their stock.
  await page.goto(`/cek-stock?productId=${productId}`);
  await expect(page.getByText('Toko Bangka Indah').first()).toBeVisible();
  expect(await smallTargets(page), 'cek stok').toEqual([]);
  await snap(page, 'field-08-cek-stock');

  // The booking lists, and a booking of T001's seeded in the demo data.
  await page.goto('/booking-list-product');
  await expect(page.getByTestId('booking-direction-in')).toBeVisible();
  expect(await smallTargets(page), 'booking list by product').toEqual([]);
  await page.goto('/booking-list-store');
  await expect(page.getByTestId('booking-direction-out')).toBeVisible();
  expect(await smallTargets(page), 'booking list by store').toEqual([]);
  const mine = (await (await page.request.get('/api/bookings?direction=out&status=1131')).json()) as { data: { items: Array<{ bookID: number }> } };
  await page.goto(`/get-product/${mine.data.items[0]!.bookID}`);
  await expect(page.getByTestId('booking-store-taken')).toHaveText('-');
  expect(await smallTargets(page), 'booking detail').toEqual([]);
  await snap(page, 'field-09-booking-detail');

  // The stores of my kecamatan that can serve the product.
  await page.goto(`/booking-list-kecamatan?productId=${productId}&qty=1`);
  await expect(page.locator('[data-testid^="ring-"]').first()).toBeVisible();
  expect(await smallTargets(page), 'stores that can serve').toEqual([]);
  await snap(page, 'field-10-booking-stores');
});

test('MAT screens fit 360×640: the entry, a list, a detail of each side, the count and the confirmation, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');
  await page.goto('/mat');
  await expect(page.getByTestId('mat-send')).toBeVisible();
  expect(await smallTargets(page), 'MAT entry').toEqual([]);
  await snap(page, 'field-11-mat-entry');

  // The seeded transfers of T001 in each status: a list, the sender's detail, the receiver's count.
  await page.goto('/mat-out-new');
  const outCard = page.locator('[data-testid^="mat-card-"]').first();
  await expect(outCard).toBeVisible();
  expect(await smallTargets(page), 'MAT out list').toEqual([]);
  await outCard.click();
  await expect(page.getByTestId('mat-secret-missing')).toBeVisible();
  expect(await smallTargets(page), 'MAT out detail').toEqual([]);
  await snap(page, 'field-12-mat-detail-out');

  const incoming = (await (await page.request.get('/api/transfers?side=in&status=process')).json()) as { data: { items: Array<{ idTbsms: string }> } };
  await page.goto(`/confirm-mat/proces/${incoming.data.items[0]!.idTbsms}`);
  await expect(page.getByTestId('mat-count-view')).toBeVisible();
  // Scanner and Selesai stay in view while the lines scroll under them.
  await expect(page.getByTestId('mat-count-scanner')).toBeInViewport();
  await expect(page.getByTestId('mat-count-submit')).toBeInViewport();
  expect(await smallTargets(page), 'MAT count').toEqual([]);
  await snap(page, 'field-13-mat-count');

  const waiting = (await (await page.request.get('/api/transfers?side=in&status=new')).json()) as { data: { items: Array<{ idTbsms: string }> } };
  await page.goto(`/confirm-mat/new/${waiting.data.items[0]!.idTbsms}`);
  await expect(page.getByTestId('mat-pin-input')).toBeVisible();
  expect(await smallTargets(page), 'MAT confirmation').toEqual([]);
  await snap(page, 'field-14-mat-confirm');
});
