import { describeDirection, distanceMeters, formatDistance, type LatLng } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { locationText, type LocationScreenWords } from '@/shared/i18n/location';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/utils/cn';
import { formatTime } from '@/shared/utils/format';
import type { DeviceLocation } from '@/shared/hooks/use-device-location';
import type { LocationFix } from '@/shared/utils/location';
import { DirectionLabel, PositionSketch } from './position-sketch';

const text = locationText;

/** The fix a screen can show: the current one, or the one before a new fix was asked for. */
export function shownFix(location: DeviceLocation): LocationFix | null {
  return location.status === 'ready' ? location.fix : location.status === 'locating' ? location.previous : null;
}

function relativeTo(customer: LatLng | null, fix: LocationFix | null, radiusM: number) {
  if (!fix || !customer) return null;
  const point = { lat: fix.lat, lng: fix.long };
  const distanceM = distanceMeters(customer, point);
  return { distanceM, inside: distanceM <= radiusM, ...describeDirection(customer, point) };
}

/**
 * One line above "Kirim POD" (the action bar): that the position is taken on sending, that it
 * is being taken, or what was taken (inside or not, distance, accuracy). When it could not be
 * taken, why (role=alert) — with "POD belum dikirim" when a send was waiting for it.
 * One line in every state but the failure, so the bar keeps its height while the crew works.
 */
export function LocationStatus({
  location,
  customer,
  radiusM,
  failedOnSend,
  words,
}: {
  location: DeviceLocation;
  customer: LatLng | null;
  radiusM: number;
  failedOnSend: boolean;
  words: LocationScreenWords;
}) {
  if (location.status === 'error') {
    return (
      <div role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-950" data-testid="location-error" data-reason={location.reason}>
        <Icon name="alert" className="mt-px size-4 shrink-0" />
        <p>
          {failedOnSend ? <span className="block font-semibold">{words.notSent}</span> : null}
          {location.message}
        </p>
      </div>
    );
  }
  const fix = shownFix(location);
  const relative = relativeTo(customer, fix, radiusM);
  const accuracy = fix ? t(text.accuracy, { m: Math.round(fix.accuracy) }) : '';
  return (
    <p aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-xs text-slate-600" data-testid="location-status" data-state={location.status}>
      {location.status === 'locating' ? (
        <Spinner className="size-3.5 shrink-0" />
      ) : (
        <Icon name="pin" className={cn('size-4 shrink-0', relative ? (relative.inside ? 'text-emerald-600' : 'text-amber-600') : 'text-slate-400')} />
      )}
      {/* The verdict first: if the line is cut on a narrow phone, the accuracy goes, not the verdict. */}
      <span className="min-w-0 truncate">
        {location.status === 'locating' ? (
          text.locating
        ) : relative ? (
          <>
            <span className={cn('font-semibold', relative.inside ? 'text-emerald-700' : 'text-amber-700')} data-testid="location-status-verdict" data-inside={relative.inside ? 'true' : 'false'}>
              {relative.inside ? text.statusInside : text.statusOutside}
            </span>
            {` · ${t(text.fromCustomer, { distance: formatDistance(relative.distanceM) })} · ${accuracy}`}
          </>
        ) : fix ? (
          `${accuracy} · ${text.noCustomerPointShort}`
        ) : (
          words.locationOnSend
        )}
      </span>
    </p>
  );
}

/**
 * The crew's position in full, below the form: where it lies from the customer's point
 * (distance, direction, sketch, the phone's verdict), when it was taken, and a way to take it
 * before sending (optional: "Kirim POD" takes it anyway). Why a position could not be taken is
 * said in the action bar, which is always in view.
 */
export function LocationCard({
  location,
  onLocate,
  customer,
  radiusM,
  disabled = false,
  words,
}: {
  location: DeviceLocation;
  onLocate: () => void;
  customer: LatLng | null;
  radiusM: number;
  disabled?: boolean;
  words: LocationScreenWords;
}) {
  const fix = shownFix(location);
  const relative = relativeTo(customer, fix, radiusM);

  return (
    <section aria-label={text.title} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="location-card" data-state={location.status}>
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold text-slate-900">{text.title}</h2>
        {fix ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums" data-testid="location-accuracy">
            {t(text.accuracy, { m: Math.round(fix.accuracy) })}
          </span>
        ) : null}
      </div>

      {fix ? (
        <p className="text-xs text-slate-500" data-testid="location-taken-at">
          {t(text.takenAt, { time: formatTime(fix.at) })}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{words.noLocation}</p>
      )}

      {fix && !customer ? <p className="text-sm text-slate-600">{words.noCustomerPoint}</p> : null}

      {relative ? (
        <div className="flex items-center gap-3">
          <PositionSketch distanceM={relative.distanceM} bearingDeg={relative.bearingDeg} radiusM={radiusM} accuracyM={fix?.accuracy ?? null} pointLabel={locationText.sketch.you} className="w-28 shrink-0" />
          <div className="flex min-w-0 flex-col gap-1.5 text-sm">
            <DirectionLabel bearingDeg={relative.bearingDeg} className="font-medium text-slate-900">
              {t(text.youAre, { distance: formatDistance(relative.distanceM), direction: relative.direction })}
            </DirectionLabel>
            <span
              className={cn('self-start rounded-full px-2 py-0.5 text-xs font-semibold', relative.inside ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900')}
              data-testid="location-verdict"
              data-inside={relative.inside ? 'true' : 'false'}
            >
              {t(relative.inside ? text.inside : text.outside, { radius: radiusM })}
            </span>
          </div>
        </div>
      ) : null}

      <Button
        variant="ghost"
        block
        onClick={onLocate}
        disabled={disabled || location.status === 'locating'}
        icon={location.status === 'locating' ? <Spinner className="size-4" /> : <Icon name="pin" className="size-5" />}
        data-testid="locate-button"
      >
        {/* The progress is said once, beside "Kirim POD"; here the spinner shows it. */}
        {fix ? text.refreshLocation : text.getLocation}
      </Button>
    </section>
  );
}
