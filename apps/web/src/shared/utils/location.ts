import { getLocation, LocationError, type LocationErrorCode } from '../bridge/native-bridge';
import { t } from '../i18n/id';
import { locationText } from '../i18n/location';

/** A position good enough to decide on. */
export interface LocationFix {
  lat: number;
  long: number;
  /** Metres (the radius of 68 % confidence the device reports). */
  accuracy: number;
  /**
   * When it was taken (ms since epoch, the phone's clock); sent as the POD's `capturedAt`, so a
   * POD that waits in the outbox is decided on as of this moment.
   */
  at: number;
}

/** The fix's capture time as the POD bodies carry it. */
export const capturedAtOf = (fix: Pick<LocationFix, 'at'>) => new Date(fix.at).toISOString();

export type LocationFailure = LocationErrorCode | 'TOO_POOR' | 'NO_ACCURACY';

export type LocationOutcome = { ok: true; fix: LocationFix } | { ok: false; reason: LocationFailure; message: string; accuracy: number | null };

/** The Indonesian message of a failed position: denied, unavailable, timed out, unsupported, insecure page. */
export function locationFailure(error: unknown): { reason: LocationErrorCode; message: string } {
  if (error instanceof LocationError) return { reason: error.code, message: error.message };
  return { reason: 'UNAVAILABLE', message: locationText.errors.unavailable };
}

/**
 * The phone's position for proof of delivery (scan and go, the return POD): the native host's GPS when there
 * is one, else navigator.geolocation with high accuracy. A fix whose accuracy
 * is worse than the server accepts (`maxAccuracyM`, as app-config serves it; or
 * unknown: the server needs it) is refused
 * here with a message, so the crew retries instead of sending a fix the server
 * would refuse. A retry asks for a fresh fix (no cached position).
 */
export async function acquireLocation({
  maxAccuracyM,
  fresh = false,
  timeoutMs = 20_000,
  now = Date.now,
}: { maxAccuracyM: number; fresh?: boolean; timeoutMs?: number; now?: () => number }): Promise<LocationOutcome> {
  let position;
  try {
    position = await getLocation(timeoutMs, { maximumAge: fresh ? 0 : 15_000 });
  } catch (error) {
    return { ok: false, ...locationFailure(error), accuracy: null };
  }
  const { accuracy } = position;
  if (accuracy === null || !Number.isFinite(accuracy) || accuracy < 0) {
    return { ok: false, reason: 'NO_ACCURACY', message: locationText.errors.unknownAccuracy, accuracy: null };
  }
  if (accuracy > maxAccuracyM) {
    return { ok: false, reason: 'TOO_POOR', message: t(locationText.errors.tooPoor, { m: Math.round(accuracy), max: maxAccuracyM }), accuracy };
  }
  return { ok: true, fix: { lat: position.lat, long: position.long, accuracy, at: now() } };
}
