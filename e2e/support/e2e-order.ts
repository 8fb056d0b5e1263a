import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogItem } from './channel';

/** What global-setup chose for the order test; the spec reads it back. */
export interface E2eOrderPlan {
  /** Picked by the camera, in the order the fake camera shows them; the first is ordered twice. */
  camera: Array<CatalogItem & { qty: number }>;
  /** Marked fully out of stock in the modal. */
  outOfStock: CatalogItem & { qty: number };
  /** Absolute path of the Y4M the fake camera plays. */
  video: string;
}

export const E2E_ORDER_PLAN = path.resolve('test-results/e2e-order.json');
export const E2E_CAMERA_VIDEO = path.resolve('test-results/e2e-camera.y4m');

export function readOrderPlan(): E2eOrderPlan {
  return JSON.parse(readFileSync(E2E_ORDER_PLAN, 'utf8')) as E2eOrderPlan;
}
