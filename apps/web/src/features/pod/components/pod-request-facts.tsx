import { formatDistance, type PodRequestDetail } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Card, Field } from '@/shared/ui/card';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { PodStatusChip } from './pod-status-chip';
import { DirectionLabel, PositionSketch } from '@/shared/ui/position-sketch';
import { locationText } from '@/shared/i18n/location';
import { usePodLimits } from '../hooks/use-pod-limits';

const text = podText.detail;

export const coords = (lat: number, long: number) => `${lat.toFixed(6)}, ${long.toFixed(6)}`;

/** Whole minutes between the fix and the request's arrival; worth saying from one minute (a request sent later from the outbox). */
export function minutesBeforeArrival(capturedAt: string, requestDate: string): number {
  const minutes = Math.floor((Date.parse(requestDate) - Date.parse(capturedAt)) / 60_000);
  return Number.isFinite(minutes) ? minutes : 0;
}

/** Both positions: the sketch, distance and direction, accuracy and the coordinates. */
export function Positions({ request }: { request: PodRequestDetail }) {
  const { customer, position, direction, distanceM } = request;
  const lateBy = position.capturedAt ? minutesBeforeArrival(position.capturedAt, request.requestDate) : 0;
  // The radius drawn is the one the server decides with (app-config).
  const { limits } = usePodLimits();
  return (
    <Card title={text.positions} testId="pod-positions">
      {direction && distanceM !== null ? (
        <div className="flex items-center gap-3">
          {limits ? (
            <PositionSketch distanceM={distanceM} bearingDeg={direction.bearingDeg} radiusM={limits.radiusM} accuracyM={position.accuracy} pointLabel={locationText.sketch.crew} className="w-32 shrink-0" />
          ) : null}
          <div className="flex min-w-0 flex-col gap-2 text-sm">
            <DirectionLabel bearingDeg={direction.bearingDeg} className="font-semibold text-slate-900">
              {distanceM < 0.5 ? text.atCustomer : t(text.crewFrom, { distance: formatDistance(distanceM), direction: direction.direction })}
            </DirectionLabel>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{text.noCustomerPoint}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={text.distance}>
          <span data-testid="pod-distance">{distanceM !== null ? formatDistance(distanceM) : id.common.dash}</span>
        </Field>
        <Field label={text.accuracy}>{position.accuracy !== null ? t(text.accuracyValue, { m: Math.round(position.accuracy) }) : id.common.dash}</Field>
        <Field label={text.crewPoint}>
          <span className="font-mono text-xs">{coords(position.lat, position.long)}</span>
        </Field>
        <Field label={text.customerPoint}>
          <span className="font-mono text-xs">{customer.lat !== null && customer.long !== null ? coords(customer.lat, customer.long) : id.common.dash}</span>
        </Field>
        {position.capturedAt ? (
          // When the phone took the position; the request's arrival is "Waktu pengajuan" above.
          <Field label={text.capturedAt}>
            <span data-testid="pod-captured-at">{formatDateTime(position.capturedAt)}</span>
            {lateBy >= 1 ? (
              <span className="block text-xs font-normal text-amber-800" data-testid="pod-captured-before">
                {t(text.capturedBefore, { minutes: formatNumber(lateBy) })}
              </span>
            ) : null}
          </Field>
        ) : null}
      </dl>
    </Card>
  );
}

export function Decision({ request }: { request: PodRequestDetail }) {
  const d = request.decision;
  if (!d) return null;
  return (
    <Card
      title={text.decision}
      testId="pod-decision"
      className={d.status === 'approved' ? 'border-emerald-300 bg-emerald-50' : d.status === 'rejected' ? 'border-red-300 bg-red-50' : undefined}
    >
      <div className="flex items-center gap-2">
        <PodStatusChip status={d.status} />
        <span className="text-sm text-slate-700">{d.decidedBy ? t(text.decidedBy, { name: d.decidedBy.name }) : text.decidedBySystem}</span>
      </div>
      {d.decidedAt ? <p className="text-xs text-slate-600">{formatDateTime(d.decidedAt)}</p> : null}
      {d.rejectReason ? (
        <p className="text-sm text-slate-900" data-testid="pod-decision-reason">
          <span className="font-semibold">{podText.state.rejectReason}: </span>
          {d.rejectReason.display}
        </p>
      ) : null}
    </Card>
  );
}

