import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { snap } from './fixtures';
import { leaveLoginBudget, signInOnce } from './support/pod';

// Issue 25, the shell: a screen opened from home starts at its top and back returns where the person
// was; every home tile opens exactly the list it names.

const SUPERVISOR = '30000001';
const STATE = 'test-results/shell-supervisor.json';
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } as const;

let supervisor: APIRequestContext;

test.use({ ...PHONE, storageState: STATE });

test.beforeAll(async ({ baseURL }) => {
  supervisor = await signInOnce(baseURL!, SUPERVISOR, STATE);
});

test.afterAll(async () => {
  await supervisor?.dispose();
  await leaveLoginBudget();
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('Monitoring, Rekap and Pusat Bantuan open at their top from a scrolled home; back returns to the place on home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('count-1101')).toBeVisible();

  for (const [tile, path, top] of [
    ['Monitoring', /\/monitoring$/, 'monitoring-status-1101'],
    ['Rekap', /\/rekap-ac/, 'recap-filters'],
    ['Pusat Bantuan', /\/help-center$/, 'help-center-create'],
  ] as const) {
    // Home scrolled down to its feature tiles, as a person reaching for the tile does.
    const link = page.getByRole('link', { name: tile, exact: true });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(link).toBeInViewport({ ratio: 1 });
    const onHome = await scrollY(page);
    expect(onHome, 'home is scrolled').toBeGreaterThan(250);

    await link.click();
    await expect(page).toHaveURL(path);
    await expect(page.getByTestId(top)).toBeVisible();
    await expect.poll(() => scrollY(page), { message: `${tile} opens at its top` }).toBe(0);
    await expect(page.getByTestId(top)).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await snap(page, `shell-${path.source.replace(/\W+/g, '')}-top`);

    await page.goBack();
    await expect(page.getByTestId('count-1101')).toBeVisible();
    await expect.poll(() => scrollY(page), { message: `back from ${tile}: home where it was` }).toBe(onHome);
  }
});

test('every home tile opens the list or screen it names; History Batal opens History with History Batal chosen', async ({ page }) => {
  const lists = [
    { status: 1101, title: 'Pesanan', tab: 1101 },
    { status: 1102, title: 'Pesanan Picking', tab: 1102 },
    { status: 1103, title: 'Pesanan Proses', tab: 1103 },
    { status: 1104, title: 'Pesanan Selesai', tab: 1104 },
    { status: 1106, title: 'Pesanan Batal', tab: 1106 },
    { status: 1105, title: 'History Pesanan', tab: 1105, side: 'History Pesanan' },
    { status: 1107, title: 'History Batal', tab: 1105, side: 'History Batal' },
  ] as const;
  for (const list of lists) {
    await page.goto('/');
    await page.getByTestId(`count-${list.status}`).click();
    await expect(page.getByRole('heading', { level: 1 }), `tile ${list.status}`).toHaveText(list.title);
    await expect(page.getByTestId(`tab-${list.tab}`), `tile ${list.status}: its tab`).toHaveAttribute('aria-current', 'page');
    if ('side' in list) {
      await expect(page.getByRole('button', { name: list.side, exact: true }), `tile ${list.status}: its side of History`).toHaveAttribute('aria-pressed', 'true');
    }
    if (list.status === 1107) await snap(page, 'shell-history-batal');
  }

  const features = [
    ['Pesanan', 'Pesanan'],
    ['Cek Stok', 'Cek Stok'],
    ['Booking Stok', 'Booking Stok per Produk'],
    ['Transfer Barang', 'Transfer Barang'],
    ['Retur', 'Daftar Retur'],
    ['Pengajuan POD', 'Pengajuan POD'],
    ['Monitoring', 'Monitoring'],
    ['Rekap', 'Rekap Pesanan'],
    ['Pusat Bantuan', 'Pusat Bantuan'],
    ['Panduan Fitur', 'Panduan Fitur'],
    ['Pengajuan Batal', 'Pesanan Batal'],
  ] as const;
  for (const [tile, title] of features) {
    await page.goto('/');
    // A tile's name may start with its badge's count ("3 Retur").
    await page.locator('section[aria-labelledby="features-heading"]').getByRole('link', { name: new RegExp(`${tile}$`) }).click();
    await expect(page.getByRole('heading', { level: 1 }), `tile ${tile}`).toHaveText(title);
  }
});
