import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'gerai123';

export async function login(page: Page, nik: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('NIK').fill(nik);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

export async function loginAndWaitForHome(page: Page, nik: string) {
  await login(page, nik);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('member-name')).toBeVisible();
}

/** Screenshots for people to look at, kept out of git under test-results/. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}
