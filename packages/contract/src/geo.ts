// Pure geodesy for proof of delivery: the server decides with it, the web
// sketches and pre-checks with the same formulas. Zod-free.

export interface LatLng {
  lat: number;
  lng: number;
}

/** 8-point compass in Indonesian, clockwise from north. */
export const COMPASS_POINTS = ['utara', 'timur laut', 'timur', 'tenggara', 'selatan', 'barat daya', 'barat', 'barat laut'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

const EARTH_RADIUS_M = 6_371_000;
const M_PER_DEG_LAT = 111_320;
const toRad = (d: number) => (d * Math.PI) / 180;
const toDeg = (r: number) => (r * 180) / Math.PI;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Great-circle (haversine) distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Initial great-circle bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const phi1 = toRad(from.lat);
  const phi2 = toRad(to.lat);
  const dLambda = toRad(to.lng - from.lng);
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  const deg = (toDeg(Math.atan2(y, x)) + 360) % 360;
  return deg >= 360 ? 0 : deg;
}

/** The 8-point compass sector (45° each, centred on the point). */
export function compassPoint(bearingDeg: number): CompassPoint {
  const i = Math.round((((bearingDeg % 360) + 360) % 360) / 45) % 8;
  return COMPASS_POINTS[i]!;
}

/** A point `distanceM` metres from (lat, lng) towards `bearingRad` (flat-earth, fine for a few km), rounded to 6 decimals. */
export function offsetPoint(lat: number, lng: number, distanceM: number, bearingRad: number): LatLng {
  const dLat = (distanceM * Math.cos(bearingRad)) / M_PER_DEG_LAT;
  const dLng = (distanceM * Math.sin(bearingRad)) / (M_PER_DEG_LAT * Math.cos(toRad(lat)));
  return { lat: round6(lat + dLat), lng: round6(lng + dLng) };
}

/**
 * "320 m" below a kilometre, "1,2 km" and "1.234,5 km" above (id-ID). Written out: the first
 * `toLocaleString` builds an Intl formatter, about 250 ms in one task on a slow phone, on every
 * list of stores or requests with a distance (decision 60).
 */
export function formatDistance(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  const tenths = Math.round(m / 100);
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole}${tenths % 10 ? `,${tenths % 10}` : ''} km`;
}

/** Distances are reported to 0.1 m; decisions use the unrounded value. */
export const roundMeters = (m: number) => Math.round(m * 10) / 10;

export interface Direction {
  /** 0 = north, clockwise, one decimal. */
  bearingDeg: number;
  direction: CompassPoint;
  /** e.g. "320 m ke arah barat laut". */
  text: string;
}

/** Where `point` lies seen from `origin`: bearing, compass point and "320 m ke arah barat laut". */
export function describeDirection(origin: LatLng, point: LatLng): Direction {
  const distance = distanceMeters(origin, point);
  const rounded = Math.round(bearingDegrees(origin, point) * 10) / 10;
  const bearingDeg = rounded === 360 ? 0 : rounded;
  const direction = compassPoint(bearingDeg);
  const text = distance < 0.5 ? 'tepat di titik pelanggan' : `${formatDistance(distance)} ke arah ${direction}`;
  return { bearingDeg, direction, text };
}
