import type { Config } from '../../config';
import { distanceMeters, type LatLng } from '@gerai/contract';

/** The three limits of proof of delivery, from config (POD_* env vars). */
export interface PodLimits {
  /** Scan and go completes only within this distance of the customer (metres). */
  radiusM: number;
  /** A fix reported less precise than this (metres) is not decided on. */
  maxAccuracyM: number;
  /** An approval request is accepted only within this distance of the customer (metres). */
  requestMaxM: number;
}

export function podLimits(config: Pick<Config, 'POD_RADIUS_METERS' | 'POD_MAX_ACCURACY_METERS' | 'POD_REQUEST_MAX_METERS'>): PodLimits {
  return { radiusM: config.POD_RADIUS_METERS, maxAccuracyM: config.POD_MAX_ACCURACY_METERS, requestMaxM: config.POD_REQUEST_MAX_METERS };
}

export type PodVerdict = 'inside' | 'outside' | 'inaccurate';

/**
 * The scan-and-go rule (docs/decisions.md): an order is completed only when
 * the reported point itself lies within the radius (distance ≤ radius, the
 * boundary counts as inside) AND the fix is precise enough (accuracy ≤ max).
 * Accuracy never widens the radius ("maybe you were closer"); it only refuses
 * fixes too poor to decide on. Anything not a finite number never completes.
 */
export function decidePod(distanceM: number, accuracyM: number, limits: Pick<PodLimits, 'radiusM' | 'maxAccuracyM'>): PodVerdict {
  if (!(Number.isFinite(accuracyM) && accuracyM >= 0 && accuracyM <= limits.maxAccuracyM)) return 'inaccurate';
  return Number.isFinite(distanceM) && distanceM <= limits.radiusM ? 'inside' : 'outside';
}

/** The rule applied to positions: haversine distance from the customer to the reported point. */
export function decidePodAt(customer: LatLng, point: LatLng, accuracyM: number, limits: Pick<PodLimits, 'radiusM' | 'maxAccuracyM'>) {
  const distanceM = distanceMeters(customer, point);
  return { verdict: decidePod(distanceM, accuracyM, limits), distanceM };
}
