import { devices, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { snap } from '../fixtures';
import type { LatLng } from './pod';

// Helpers of the proof-of-delivery specs: a phone's home, the kepala toko's phone, the crew's
// position, and the scan-and-go form's receiver and POD request.

/** Near T001 (Toko Kemang Raya): customers of the orders the specs make. */
export const T001_AREA: LatLng = { lat: -6.2607, long: 106.8137 };

/** Home of a signed-in phone. */
export async function openHome(page: Page, name: string) {
  await page.goto('/');
  await expect(page.getByTestId('member-name')).toHaveText(name);
}

/** The kepala toko's phone (a second browser), set up like the project's 360 × 640 Pixel 5. */
export async function newPhone(browser: Browser, baseURL: string, storageState: string): Promise<BrowserContext> {
  const { viewport: _v, ...pixel } = devices['Pixel 5'];
  return browser.newContext({
    ...pixel,
    viewport: { width: 360, height: 640 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    baseURL,
    storageState,
  });
}

export async function standAt(context: BrowserContext, p: LatLng, accuracy = 12) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: p.lat, longitude: p.long, accuracy });
}

/** The receiver part of the scan-and-go form. */
export async function fillReceiver(page: Page, name: string, relation = 'Pemesan', plastic = 1) {
  const form = page.getByTestId('scan-go-form');
  await form.getByLabel('Nama penerima').fill(name);
  await form.getByLabel('Hubungan dengan pemesan').selectOption(relation);
  for (let i = 0; i < plastic; i++) await form.getByRole('button', { name: 'Tambah' }).click();
}

/**
 * Outside the radius: "Kirim POD" takes the position and sends, the spec's meaning comes back,
 * then "Ajukan POD" with a reason — from the modal, or (after closing it) from the action bar.
 */
export async function sendPodRequest(page: Page, reason: string, text?: string, via: 'modal' | 'action-bar' = 'modal') {
  await page.getByTestId('scan-go-submit').click();
  const modal = page.getByRole('dialog', { name: 'Lokasi tidak sesuai' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Lokasi Anda tidak berada di area pemesan.');
  await expect(modal).toContainText(/Lokasi Anda \d+ m ke arah selatan dari titik pelanggan, di luar radius 150 m\./);
  await snap(page, 'pod-04-outside-modal');
  if (via === 'modal') {
    await modal.getByRole('button', { name: 'Ajukan POD' }).click();
  } else {
    await modal.getByRole('button', { name: 'Tutup' }).click();
    // What was taken stays beside the action, and the way on is in the bar.
    await expect(page.getByTestId('location-status')).toHaveText(/^Di luar area · \d+ m dari pelanggan · Akurasi ±12 m$/);
    await expect(page.getByTestId('open-pod-request')).toBeInViewport({ ratio: 1 });
    await snap(page, 'pod-04b-outside-action-bar');
    await page.getByTestId('open-pod-request').click();
  }
  const form = page.getByTestId('pod-request-form');
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: reason }).check();
  if (text) await form.getByLabel('Tulis alasan').fill(text);
  await snap(page, 'pod-05-request-form');
  await form.getByRole('button', { name: 'Kirim Pengajuan' }).click();
  await expect(page.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('pod-request-state')).toContainText('Menunggu persetujuan');
}
