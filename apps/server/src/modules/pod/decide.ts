import type { Config } from '../../config';
import { distanceMeters, type LatLng } from '@gerai/contract';

/** The limits of proof of delivery, from config (POD_* env vars). */
export interface PodLimits {
  /** Scan and go completes only within this distance of the customer (metres). */
  radiusM: number;
  /** A fix reported less precise than this (metres) is not decided on. */
  maxAccuracyM: number;
  /** An approval request is accepted only within this distance of the customer (metres). */
  requestMaxM: number;
  /** A position that reaches the server more than this many minutes after it was taken is not decided on. */
  captureMaxAgeMin: number;
}

/**
 * The config POD reads. POD_CAPTURE_MAX_AGE_MINUTES is optional here so the area works (with the
 * contract's default) whether or not config.ts declares it yet.
 */
export type PodConfig = Pick<Config, 'POD_RADIUS_METERS' | 'POD_MAX_ACCURACY_METERS' | 'POD_REQUEST_MAX_METERS' | 'POD_CAPTURE_MAX_AGE_MINUTES'>;

export function podLimits(config: PodConfig): PodLimits {
  return {
    radiusM: config.POD_RADIUS_METERS,
    maxAccuracyM: config.POD_MAX_ACCURACY_METERS,
    requestMaxM: config.POD_REQUEST_MAX_METERS,
    captureMaxAgeMin: config.POD_CAPTURE_MAX_AGE_MINUTES,
  };
}

/**
 * How far ahead of the server's clock a capture time may be: phones set their clocks from the
 * network, so a few minutes covers honest drift; beyond that the time cannot be trusted either way.
 */
export const CAPTURE_CLOCK_SKEW_MS = 5 * 60_000;

export type CaptureVerdict = 'recent' | 'too-old' | 'in-future';

/**
 * The capture-time rule: a position is decided on only when it was taken at most
 * `captureMaxAgeMin` before it reached the server (the limit itself counts as recent) and not
 * more than CAPTURE_CLOCK_SKEW_MS after. An unreadable time is never recent.
 */
export function decideCapture(capturedAt: Date, receivedAt: Date, limits: Pick<PodLimits, 'captureMaxAgeMin'>): CaptureVerdict {
  const ageMs = receivedAt.getTime() - capturedAt.getTime();
  if (!Number.isFinite(ageMs)) return 'too-old';
  if (ageMs < -CAPTURE_CLOCK_SKEW_MS) return 'in-future';
  return ageMs <= limits.captureMaxAgeMin * 60_000 ? 'recent' : 'too-old';
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
