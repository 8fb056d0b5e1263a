import { expect, test } from '@playwright/test';
import { login, loginAndWaitForHome, snap } from './fixtures';

test('a crew member signs in, sees the store counts, opens the account and signs out', async ({ page }) => {
  await loginAndWaitForHome(page, '10000001');
  await expect(page.getByTestId('active-store')).toContainText('Kemang Raya');

  // The home tiles show the same counts as the API.
  const counts = await page.evaluate(async () => {
    const res = await fetch('/api/orders/count', { credentials: 'same-origin' });
    return (await res.json()).data.counts as Record<string, number>;
  });
  for (const status of ['1101', '1102', '1103', '1104', '1105', '1106']) {
    await expect(page.getByTestId(`count-${status}-value`)).toHaveText(String(counts[status]));
  }
  expect(counts['1101']).toBeGreaterThan(0);
  await snap(page, 'home');

  await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Akun' }).click();
  await expect(page).toHaveURL(/\/akun$/);
  await expect(page.getByTestId('profile-nik')).toContainText('10000001');
  await expect(page.getByTestId('profile-store')).toContainText('Kemang Raya');
  await snap(page, 'account');

  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login/);
  // Signed out for real: a protected page sends us back to the login screen.
  await page.goto('/akun');
  await expect(page).toHaveURL(/\/login\?next=/);
});

test('a wrong password shows the Indonesian error and stays on the login screen', async ({ page }) => {
  await login(page, '10000001', 'bukan-sandi');
  await expect(page.getByTestId('login-error')).toHaveText('NIK atau kata sandi salah.');
  await expect(page).toHaveURL(/\/login/);
  await snap(page, 'login-error');
});

test('an expired access token is refreshed without the user noticing', async ({ page, context }) => {
  await loginAndWaitForHome(page, '10000001');
  const refreshes: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/auth/refresh')) refreshes.push(res.status());
  });
  // The access cookie expires; only the refresh cookie is left.
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name === 'rt')).toBe(true);
  await context.clearCookies({ name: 'at' });

  await page.goto('/akun');
  await expect(page).toHaveURL(/\/akun$/);
  await expect(page.getByTestId('profile-nik')).toContainText('10000001');
  expect(refreshes).toContain(200);
  expect((await context.cookies()).some((c) => c.name === 'at')).toBe(true);
});

test('a super user picks a store before the store screens', async ({ page }) => {
  await loginAndWaitForHome(page, '90000001');
  await page.getByTestId('choose-store').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox').or(dialog.getByRole('textbox')).first().fill('T002');
  await dialog.getByTestId('store-option-T002').click();
  await expect(page.getByTestId('active-store')).toContainText('T002');
  await expect(page.getByTestId('count-1101-value')).toBeVisible();
});

test('every route of the spec answers with its page, not a crash', async ({ page }) => {
  await loginAndWaitForHome(page, '10000001');
  for (const path of ['/list-packing', '/monitoring', '/mat-in-new', '/retur/list/requested', '/help-center', '/feature-guide']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Hmm, ada yang tidak beres')).toHaveCount(0);
  }
  await page.goto('/tidak-ada-halaman');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
