import { expect, test } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { expectAboveNavigation, expectEndClearOfActionBar, smallTargets } from './support/field';

// The chat and the help center as a crew member meets them in the field, on a 360 × 640 phone: the
// text and the main action stay in view, every touch target is at least 44 px.

test('the chat modal fits 360×640: the messages scroll, the text and send stay in view, targets are 44 px', async ({ page }) => {
  await loginAndWaitForHome(page, '10000001');
  // A seeded conversation of T001 (an order on its way).
  const listed = (await (await page.request.get('/api/orders?status=1103&size=50')).json()) as { data: { items: Array<{ shipmentNo: string; deliveryType: number }> } };
  let talked: { shipmentNo: string; deliveryType: number } | undefined;
  for (const o of listed.data.items) {
    const room = (await (await page.request.get(`/api/chat/rooms/${o.shipmentNo}`)).json()) as { data: { items: unknown[] } };
    if (room.data.items.length > 0) {
      talked = o;
      break;
    }
  }
  expect(talked, 'a seeded chat of T001').toBeDefined();
  await page.goto(`/order/detail/1103/${talked!.shipmentNo}/${talked!.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  await page.getByTestId('open-chat').click();
  const chat = page.getByRole('dialog', { name: 'Chat Pelanggan' });
  await expect(chat.getByTestId('chat-messages')).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Tulis pesan' })).toBeInViewport();
  await expect(chat.getByRole('button', { name: 'Kirim', exact: true })).toBeInViewport();
  await expect(chat.getByRole('button', { name: 'Kirim foto' })).toBeInViewport();
  expect(await smallTargets(page), 'chat modal').toEqual([]);
  await snap(page, 'field-15-chat');
});

test('help center screens fit 360×640: the home, the form with its action in view, a list and a ticket, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');
  await page.goto('/help-center');
  await expect(page.getByTestId('faq-list')).toBeVisible();
  await expect(page.getByTestId('store-tickets').locator('[data-testid^="ticket-card-"]').first()).toBeVisible();
  expect(await smallTargets(page), 'help center').toEqual([]);
  await snap(page, 'field-16-help-center');

  await page.goto('/help-center/create');
  await expect(page.getByTestId('ticket-form')).toBeVisible();
  const submit = page.getByTestId('ticket-submit');
  await expectAboveNavigation(page, submit, 'ticket form');
  expect(await smallTargets(page), 'ticket form').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('ticket-files'), submit, 'ticket form');
  expect(await smallTargets(page), 'ticket form: end').toEqual([]);
  await snap(page, 'field-17-ticket-form');

  await page.goto('/reported-list/store/T001');
  const card = page.locator('[data-testid^="ticket-card-"]').first();
  await expect(card).toBeVisible();
  expect(await smallTargets(page), 'ticket list').toEqual([]);
  await card.click();
  await expect(page.getByTestId('ticket-conversation')).toBeVisible();
  expect(await smallTargets(page), 'ticket detail').toEqual([]);
  await page.getByTestId('ticket-conversation').scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'ticket detail: conversation').toEqual([]);
  await snap(page, 'field-18-ticket-detail');
});
