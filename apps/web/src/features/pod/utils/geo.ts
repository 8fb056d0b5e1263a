import { POD_COMPASS_POINTS, type CompassPoint } from './pod-limits';

/** Pure geodesy for the POD screens (the same formulas as the server's modules/pod/geo.ts). */
export interface LatLng {
  lat: number;
  long: number;
}

const EARTH_RADIUS_M = 6_371_000;
const toRad = (d: number) => (d * Math.PI) / 180;
const toDeg = (r: number) => (r * 180) / Math.PI;

/** Great-circle (haversine) distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Initial bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const phi1 = toRad(from.lat);
  const phi2 = toRad(to.lat);
  const dLambda = toRad(to.long - from.long);
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  const deg = (toDeg(Math.atan2(y, x)) + 360) % 360;
  return deg >= 360 ? 0 : deg;
}

/** The 8-point compass sector (45° each, centred on the point). */
export function compassPoint(bearingDeg: number): CompassPoint {
  const i = Math.round((((bearingDeg % 360) + 360) % 360) / 45) % 8;
  return POD_COMPASS_POINTS[i]!;
}

/** "320 m" below a kilometre, "1,2 km" above (id-ID decimal comma). */
export function formatDistance(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  return `${(Math.round(m / 100) / 10).toLocaleString('id-ID')} km`;
}

export interface Relative {
  distanceM: number;
  /** Where the point lies seen from the origin (0 = north, clockwise). */
  bearingDeg: number;
  direction: CompassPoint;
}

/** Where `point` lies seen from `origin` (the customer): distance, bearing and compass point. */
export function relativePosition(origin: LatLng, point: LatLng): Relative {
  const bearingDeg = bearingDegrees(origin, point);
  return { distanceM: distanceMeters(origin, point), bearingDeg, direction: compassPoint(bearingDeg) };
}
