import { describeDirection, distanceMeters, formatDistance, type LatLng } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/utils/cn';
import type { DeviceLocation } from '../hooks/use-device-location';
import { DirectionLabel, PositionSketch } from './position-sketch';

const text = podText.scanGo;

/**
 * The crew's position: take it (native host or the browser), see its accuracy
 * and where it lies from the customer's point (distance, direction, sketch), or
 * an Indonesian message with a retry when it could not be taken or is too poor.
 */
export function LocationCard({
  location,
  onLocate,
  customer,
  radiusM,
  disabled = false,
}: {
  location: DeviceLocation;
  onLocate: (fresh?: boolean) => void;
  customer: LatLng | null;
  radiusM: number;
  disabled?: boolean;
}) {
  const fix = location.status === 'ready' ? location.fix : location.status === 'locating' ? location.previous : null;
  const point = fix ? { lat: fix.lat, lng: fix.long } : null;
  const relative = point && customer ? { distanceM: distanceMeters(customer, point), ...describeDirection(customer, point) } : null;
  const inside = relative ? relative.distanceM <= radiusM : null;

  return (
    <section aria-label={text.locationTitle} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="location-card" data-state={location.status}>
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold text-slate-900">{text.locationTitle}</h2>
        {fix ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums" data-testid="location-accuracy">
            {t(text.accuracy, { m: Math.round(fix.accuracy) })}
          </span>
        ) : null}
      </div>

      {location.status === 'error' ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-2 text-sm text-amber-900" data-testid="location-error" data-reason={location.reason}>
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {location.message}
        </p>
      ) : null}

      {!fix && location.status !== 'error' ? (
        <p className="text-sm text-slate-600">{location.status === 'locating' ? text.locating : text.noLocation}</p>
      ) : null}

      {fix && !customer ? <p className="text-sm text-slate-600">{text.noCustomerPoint}</p> : null}

      {relative ? (
        <div className="flex items-center gap-3">
          <PositionSketch distanceM={relative.distanceM} bearingDeg={relative.bearingDeg} radiusM={radiusM} accuracyM={fix?.accuracy ?? null} pointLabel={podText.sketch.you} className="w-28 shrink-0" />
          <div className="flex min-w-0 flex-col gap-1.5 text-sm">
            <DirectionLabel bearingDeg={relative.bearingDeg} className="font-medium text-slate-900">
              {t(text.youAre, { distance: formatDistance(relative.distanceM), direction: relative.direction })}
            </DirectionLabel>
            <span
              className={cn('self-start rounded-full px-2 py-0.5 text-xs font-semibold', inside ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900')}
              data-testid="location-verdict"
              data-inside={inside ? 'true' : 'false'}
            >
              {t(inside ? text.inside : text.outside, { radius: radiusM })}
            </span>
          </div>
        </div>
      ) : null}

      <Button
        variant={fix ? 'ghost' : 'secondary'}
        block
        onClick={() => onLocate(location.status !== 'idle')}
        disabled={disabled || location.status === 'locating'}
        icon={location.status === 'locating' ? <Spinner className="size-4" /> : <Icon name="pin" className="size-5" />}
        data-testid="locate-button"
      >
        {location.status === 'locating' ? text.locating : location.status === 'error' ? id.common.retry : fix ? text.refreshLocation : text.getLocation}
      </Button>
    </section>
  );
}
