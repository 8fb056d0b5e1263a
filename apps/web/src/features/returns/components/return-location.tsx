import { distanceMeters, formatDistance, type LatLng } from '@gerai/contract';
import type { DeviceLocation } from '@/shared/hooks/use-device-location';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/utils/cn';
import type { LocationFix } from '@/shared/utils/location';
import { formatTime } from '@/shared/utils/format';

const text = returnsText.pod;

/** The fix a screen can show: the current one, or the one before a new fix was asked for. */
const shownFix = (location: DeviceLocation): LocationFix | null =>
  location.status === 'ready' ? location.fix : location.status === 'locating' ? location.previous : null;

function relativeTo(customer: LatLng | null, fix: LocationFix | null, radiusM: number) {
  if (!customer || !fix) return null;
  const distanceM = distanceMeters(customer, { lat: fix.lat, lng: fix.long });
  return { distanceM, inside: distanceM <= radiusM };
}

/**
 * The phone's position for the return POD, above "Kirim POD Retur" (always in view): that it is
 * taken on sending, that it is being taken, what was taken (accuracy, distance from the customer's
 * point and whether that is inside the radius), or why it could not be taken (role=alert) — with
 * "POD retur belum dikirim" when a send waited for it. One line in every state but the failure.
 */
export function ReturnLocationStatus({ location, customer, radiusM, failedOnSend }: { location: DeviceLocation; customer: LatLng | null; radiusM: number; failedOnSend: boolean }) {
  if (location.status === 'error') {
    return (
      <div role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-950" data-testid="location-error" data-reason={location.reason}>
        <Icon name="alert" className="mt-px size-4 shrink-0" />
        <p>
          {failedOnSend ? <span className="block font-semibold">{text.notSent}</span> : null}
          {location.message}
        </p>
      </div>
    );
  }
  const fix = shownFix(location);
  const relative = relativeTo(customer, fix, radiusM);
  return (
    <p aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-xs text-slate-600" data-testid="location-status" data-state={location.status}>
      {location.status === 'locating' ? (
        <Spinner className="size-3.5 shrink-0" />
      ) : (
        <Icon name="pin" className={cn('size-4 shrink-0', relative ? (relative.inside ? 'text-emerald-600' : 'text-amber-600') : 'text-slate-400')} />
      )}
      <span className="min-w-0 truncate">
        {location.status === 'locating'
          ? text.locating
          : fix
            ? [relative ? (relative.inside ? text.inside : text.outside) : null, relative ? formatDistance(relative.distanceM) : null, t(text.accuracy, { m: Math.round(fix.accuracy) })].filter(Boolean).join(' · ')
            : text.locationOnSend}
      </span>
    </p>
  );
}

/** The position in full, below the form, with a way to take it before sending (optional: sending takes it anyway). */
export function ReturnLocationCard({
  location,
  onLocate,
  customer,
  radiusM,
  disabled = false,
}: {
  location: DeviceLocation;
  onLocate: () => void;
  customer: LatLng | null;
  radiusM: number;
  disabled?: boolean;
}) {
  const fix = shownFix(location);
  const relative = relativeTo(customer, fix, radiusM);
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
      {fix ? <p className="text-xs text-slate-500">{t(text.takenAt, { time: formatTime(fix.at) })}</p> : <p className="text-sm text-slate-600">{text.locationOnSend}</p>}
      {relative ? (
        <p className={cn('self-start rounded-full px-2 py-0.5 text-xs font-semibold', relative.inside ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900')} data-testid="location-verdict" data-inside={relative.inside ? 'true' : 'false'}>
          {relative.inside ? text.inside : text.outside} · {t(text.fromCustomer, { distance: formatDistance(relative.distanceM), radius: radiusM })}
        </p>
      ) : fix && !customer ? (
        <p className="text-sm text-slate-600">{text.noCustomerPoint}</p>
      ) : null}
      <Button
        variant="ghost"
        block
        onClick={onLocate}
        disabled={disabled || location.status === 'locating'}
        icon={location.status === 'locating' ? <Spinner className="size-4" /> : <Icon name="pin" className="size-5" />}
        data-testid="locate-button"
      >
        {location.status === 'locating' ? text.locating : fix || location.status === 'error' ? text.refreshLocation : text.getLocation}
      </Button>
    </section>
  );
}
