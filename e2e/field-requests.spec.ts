import { expect, test } from '@playwright/test';
import { loginAndWaitForHome, snap } from './fixtures';
import { expectAboveNavigation, expectEndClearOfActionBar, newOrder, smallTargets } from './support/field';
import { signInOnce } from './support/pod';
import { TINY_PNG, findReturn, findReturnableOrder } from './support/returns';

// The return and cancellation screens as a crew member meets them in the field, on a 360 × 640 phone:
// the main action stays in view, nothing ends under it, every touch target is at least 44 px.

test('return screens fit a 360×640 screen: the request and the detail keep their action in view, nothing under it, targets are 44 px', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAndWaitForHome(page, '10000001');

  // The return request of a completed order (nothing is sent: only a photo is uploaded).
  const order = await findReturnableOrder(page.request);
  await page.goto(`/retur/request/${order.shipmentNo}/${order.method}`);
  await expect(page.getByTestId('return-request-form')).toBeVisible();
  await expect(page.getByTestId('return-reason-picker')).toBeVisible();
  const submit = page.getByTestId('return-submit');
  await expectAboveNavigation(page, submit, 'return request');
  expect(await smallTargets(page), 'return request').toEqual([]);
  await page.getByTestId(`return-qty-${order.line.lineId}-increase`).click();
  await page.getByTestId('return-photo-input').setInputFiles({ name: 'retur.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByTestId('return-photo-1')).toHaveAttribute('data-status', 'done');
  await page.getByTestId('return-photos').scrollIntoViewIfNeeded();
  expect(await smallTargets(page), 'return request: reasons and photos').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('return-photos'), submit, 'return request');
  expect(await smallTargets(page), 'return request: end').toEqual([]);
  await snap(page, 'field-04-return-request');

  // The detail of an approved return: its next action (receive at the counter, or collect at the address) in the bar.
  const approved = await findReturn(page.request, 'approved');
  expect(approved, 'the seed has an approved return in T001').not.toBeNull();
  await page.goto(`/retur/detail/${approved!.shipmentNo}/${approved!.deliveryType === 1 ? 'delivery' : 'pickup'}`);
  await expect(page.getByTestId('return-status-chip')).toHaveText('Disetujui');
  const action = approved!.deliveryType === 1 ? page.getByTestId('return-collect') : page.getByTestId('return-receive');
  await expectAboveNavigation(page, action, 'return detail');
  expect(await smallTargets(page), 'return detail').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('return-history'), action, 'return detail');
  expect(await smallTargets(page), 'return detail: end').toEqual([]);
  await snap(page, 'field-05-return-detail');
});

test('the cancellation screen fits 360×640: reasons, the main action and the decision, targets are 44 px', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const direct = await newOrder(baseURL!, request);
  const asked = await newOrder(baseURL!, request);
  // A crew member asks for the second one to be cancelled, on their phone.
  const staff = await signInOnce(baseURL!, '10000001', 'test-results/field-staff.json');
  const reasons = (await (await staff.get('/api/cancellations/reasons')).json()).data.items as Array<{ id: number; requiresText: boolean }>;
  const reason = reasons.find((r) => !r.requiresText)!;
  expect((await staff.post('/api/cancellations', { data: { shipmentNo: asked, reasonId: reason.id } })).status()).toBe(201);

  // The kepala toko: the order offers the cancellation itself.
  await loginAndWaitForHome(page, '20000001');
  expect(await smallTargets(page), 'home with the cancellation badge').toEqual([]);
  await page.goto(`/order/detail/1101/${direct}/pickup`);
  await expect(page.getByTestId('order-status')).toHaveText('Baru');
  await expect(page.getByTestId('request-cancel')).toHaveText('Batalkan Pesanan');
  expect(await smallTargets(page), 'order detail with its cancel action').toEqual([]);

  await page.getByTestId('request-cancel').click();
  await expect(page).toHaveURL(new RegExp(`/request-cancel\\?shipmentNo=${direct}$`));
  const form = page.getByTestId('cancel-form');
  await expect(form.getByRole('radio').first()).toBeVisible();
  expect(await smallTargets(page), 'request-cancel form').toEqual([]);
  // The main action stays in view in its bar; scrolled to the end, the form ends above the bar.
  const submit = page.getByTestId('cancel-submit');
  await expect(submit).toHaveText('Batalkan Pesanan');
  await expectAboveNavigation(page, submit, 'request cancel');
  await form.getByRole('radio', { name: 'Lainnya' }).check();
  await expect(page.getByTestId('cancel-reason-text')).toBeVisible();
  expect(await smallTargets(page), 'request-cancel form with "Lainnya"').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('cancel-hint'), submit, 'request cancel');
  await snap(page, 'field-06-request-cancel');

  // The confirm-cancel modal: its buttons too.
  await form.getByRole('radio').first().check();
  await submit.click();
  const modal = page.getByRole('dialog', { name: 'Batalkan pesanan?' });
  await expect(modal).toBeVisible();
  expect(await smallTargets(page), 'confirm-cancel modal').toEqual([]);
  await modal.getByRole('button', { name: 'Kembali' }).click();
  await expect(modal).toBeHidden();

  // The request another phone sent: the decision, Tolak with its note.
  await page.goto(`/request-cancel?shipmentNo=${asked}`);
  await expect(page.getByTestId('cancel-waiting-for')).toHaveText('Menunggu keputusan Kepala Toko');
  const approve = page.getByTestId('cancel-approve');
  await expectAboveNavigation(page, approve, 'cancel decision');
  expect(await smallTargets(page), 'request-cancel decision').toEqual([]);
  await expectEndClearOfActionBar(page, page.getByTestId('cancel-request-state'), approve, 'cancel decision');
  await page.getByTestId('cancel-reject').click();
  await expect(page.getByTestId('cancel-reject-form')).toBeVisible();
  expect(await smallTargets(page), 'request-cancel rejection').toEqual([]);
  await snap(page, 'field-07-request-cancel-decide');

  // Batal: the requests waiting above the list.
  await page.goto('/list-cancel');
  await expect(page.getByTestId(`cancel-request-${asked}`)).toBeVisible();
  expect(await smallTargets(page), 'Batal list with the requests waiting').toEqual([]);
  await staff.dispose();
});
