import { FIELD_MESSAGES } from '@gerai/contract';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { decideCapture, type CaptureVerdict, type PodLimits } from './decide';

/** When a POD position was taken (by the phone) and when it reached the server. */
export interface CaptureTimes {
  capturedAt: Date;
  receivedAt: Date;
}

export type CaptureRefusal = Exclude<CaptureVerdict, 'recent'>;

/** The capture rule applied to a call: null when the position may be decided on. */
export function captureRefusal(times: CaptureTimes, limits: Pick<PodLimits, 'captureMaxAgeMin'>): CaptureRefusal | null {
  const verdict = decideCapture(times.capturedAt, times.receivedAt, limits);
  return verdict === 'recent' ? null : verdict;
}

const minutesBetween = (from: Date, to: Date) => Math.round(Math.abs(to.getTime() - from.getTime()) / 60_000);

/**
 * Writes the refused position to the audit log (the goods may already be with the customer,
 * so a supervisor may need to see that a late POD arrived) and returns the error to answer.
 * Runs after the caller's transaction rolled back: nothing else changed.
 */
export async function refuseCapture(db: Db, p: Principal, shipmentNo: string, refusal: CaptureRefusal, times: CaptureTimes, limits: Pick<PodLimits, 'captureMaxAgeMin'>): Promise<AppError> {
  // Whole minutes; a position just over the limit (120.2 of 120) must not read as "120 of 120".
  const minutes = refusal === 'too-old' ? Math.max(minutesBetween(times.capturedAt, times.receivedAt), limits.captureMaxAgeMin + 1) : minutesBetween(times.capturedAt, times.receivedAt);
  await writeAudit(db, {
    actorUserId: p.userId,
    entity: 'order',
    entityId: shipmentNo,
    action: refusal === 'too-old' ? 'pod_capture_too_old' : 'pod_capture_in_future',
    reason: `captured ${times.capturedAt.toISOString()}, received ${times.receivedAt.toISOString()}, max age ${limits.captureMaxAgeMin} min`,
  });
  return refusal === 'too-old'
    ? new AppError('POD_CAPTURE_TOO_OLD', undefined, [{ path: 'body.capturedAt', message: FIELD_MESSAGES.captureTooOld(minutes, limits.captureMaxAgeMin) }])
    : new AppError('POD_CAPTURE_IN_FUTURE', undefined, [{ path: 'body.capturedAt', message: FIELD_MESSAGES.captureInFuture(minutes) }]);
}
