import { compassPoint, formatDistance } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { locationText } from '@/shared/i18n/location';
import { cn } from '@/shared/utils/cn';

const SIZE = 200;
const C = SIZE / 2;
/** The farthest a point is drawn from the centre (room left for labels). */
const REACH = 74;

/** Where the crew point and circles go in the 200 × 200 sketch, north up. */
export function sketchGeometry({ distanceM, bearingDeg, radiusM, accuracyM }: { distanceM: number; bearingDeg: number; radiusM: number; accuracyM: number | null }) {
  const extent = Math.max(radiusM * 1.25, distanceM + (accuracyM ?? 0), 1);
  const k = REACH / extent;
  const rad = (bearingDeg * Math.PI) / 180;
  const d = distanceM * k;
  return {
    radius: Math.max(radiusM * k, 6),
    accuracy: accuracyM ? Math.max(accuracyM * k, 0) : 0,
    x: C + d * Math.sin(rad),
    y: C - d * Math.cos(rad),
  };
}

/**
 * A small map-less sketch: the customer's point in the middle with the POD
 * radius, the crew's point at its distance and bearing (north up) with its
 * accuracy circle. No map library, no tiles to download.
 */
export function PositionSketch({
  distanceM,
  bearingDeg,
  radiusM,
  accuracyM,
  pointLabel,
  className,
}: {
  distanceM: number;
  bearingDeg: number;
  radiusM: number;
  accuracyM: number | null;
  /** "Anda" on the crew's screen, "Kru" on the supervisor's. */
  pointLabel: string;
  className?: string;
}) {
  const g = sketchGeometry({ distanceM, bearingDeg, radiusM, accuracyM });
  const inside = distanceM <= radiusM;
  const tone = inside ? '#047857' : '#b45309';
  // Labels sit on the far side of the point so they never cover the customer.
  const below = g.y >= C;
  const label = t(locationText.sketch.label, { radius: radiusM, distance: formatDistance(distanceM), direction: compassPoint(bearingDeg) });
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label} className={cn('h-auto shrink-0', className ?? 'w-40')} data-testid="position-sketch">
      <rect x="0" y="0" width={SIZE} height={SIZE} rx="16" fill="#f8fafc" />
      {/* North */}
      <g transform="translate(20 22)" fill="#475569">
        <path d="M0 -12 L6 4 L0 0 L-6 4 Z" />
        <text y="18" textAnchor="middle" fontSize="11" fontWeight="700">
          {locationText.sketch.north}
        </text>
      </g>
      <circle cx={C} cy={C} r={g.radius} fill="#10b98122" stroke="#059669" strokeDasharray="4 3" strokeWidth="1.5" />
      <line x1={C} y1={C} x2={g.x} y2={g.y} stroke="#94a3b8" strokeDasharray="3 3" strokeWidth="1.5" />
      {g.accuracy > 0 ? <circle cx={g.x} cy={g.y} r={g.accuracy} fill={`${tone}22`} stroke="none" /> : null}
      <circle cx={C} cy={C} r="5" fill="#b91c1c" stroke="#fff" strokeWidth="2" />
      <text x={C} y={below ? C - 10 : C + 18} textAnchor="middle" fontSize="10" fill="#334155">
        {locationText.sketch.customer}
      </text>
      <circle cx={g.x} cy={g.y} r="5.5" fill={tone} stroke="#fff" strokeWidth="2" data-testid="sketch-point" />
      <text x={g.x} y={below ? g.y + 18 : g.y - 10} textAnchor="middle" fontSize="10" fontWeight="700" fill={tone}>
        {pointLabel}
      </text>
    </svg>
  );
}

/** An arrow pointing the way the point lies (north up), then the words. */
export function DirectionLabel({ bearingDeg, children, className }: { bearingDeg: number; children: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 shrink-0" style={{ transform: `rotate(${bearingDeg}deg)` }} data-testid="bearing-arrow">
        <path d="M12 3 L18 19 L12 15 L6 19 Z" fill="currentColor" />
      </svg>
      <span>{children}</span>
    </span>
  );
}
