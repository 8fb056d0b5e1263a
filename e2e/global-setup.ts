import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { writeBarcodeVideo } from './support/barcode-video';
import { fetchCatalog } from './support/channel';
import { E2E_CAMERA_VIDEO, E2E_ORDER_PLAN, type E2eOrderPlan } from './support/e2e-order';

/**
 * The browser (and its fake camera) starts before a test knows its order, so the
 * products of the order test are chosen here: three in stock at T001 from the
 * channel catalogue. The camera video shows the two to be picked by camera (the
 * first is ordered twice: the loop shows it again); the third is marked out of
 * stock in the app.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
  const items = (await fetchCatalog(baseURL)).filter((i) => /^\d{13}$/.test(i.barcode) && i.stock >= 3);
  const distinct = [...new Map(items.map((i) => [i.barcode, i])).values()];
  if (distinct.length < 3) throw new Error(`T001 has only ${distinct.length} products in stock for the order test`);
  const [a, b, c] = distinct.slice(0, 3) as [(typeof distinct)[number], (typeof distinct)[number], (typeof distinct)[number]];

  mkdirSync(path.dirname(E2E_ORDER_PLAN), { recursive: true });
  writeBarcodeVideo(E2E_CAMERA_VIDEO, [a.barcode, b.barcode]);
  const plan: E2eOrderPlan = { camera: [{ ...a, qty: 2 }, { ...b, qty: 1 }], outOfStock: { ...c, qty: 1 }, video: E2E_CAMERA_VIDEO };
  writeFileSync(E2E_ORDER_PLAN, JSON.stringify(plan, null, 2));
}
