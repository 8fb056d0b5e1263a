import { POD_COMPASS_POINTS, type PodCompassPoint } from '@gerai/contract';

/** Pure geodesy for proof of delivery (and the demo seed, which re-exports it). */

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_000;
const M_PER_DEG_LAT = 111_320;
const toRad = (d: number) => (d * Math.PI) / 180;
const toDeg = (r: number) => (r * 180) / Math.PI;

/** Great-circle (haversine) distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** A point `distanceM` metres from (lat, lng) towards `bearingRad` (flat-earth, fine for a few km), rounded to 6 decimals. */
export function offsetPoint(lat: number, lng: number, distanceM: number, bearingRad: number): LatLng {
  const dLat = (distanceM * Math.cos(bearingRad)) / M_PER_DEG_LAT;
  const dLng = (distanceM * Math.sin(bearingRad)) / (M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
  return { lat: round6(lat + dLat), lng: round6(lng + dLng) };
}

/** Initial great-circle bearing from `from` to `to`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const phi1 = toRad(from.lat);
  const phi2 = toRad(to.lat);
  const dLambda = toRad(to.lng - from.lng);
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  const deg = (toDeg(Math.atan2(y, x)) + 360) % 360;
  return deg === 360 ? 0 : deg;
}

/** The 8-point compass sector (45° each, centred on the point) in Indonesian. */
export function compassPoint(bearingDeg: number): PodCompassPoint {
  const i = Math.round((((bearingDeg % 360) + 360) % 360) / 45) % 8;
  return POD_COMPASS_POINTS[i]!;
}

/** "320 m" below a kilometre, "1,2 km" above (id-ID decimal comma). */
export function formatDistance(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  return `${(Math.round(m / 100) / 10).toLocaleString('id-ID')} km`;
}

/** Where `point` lies seen from `origin`: bearing, compass point and "320 m ke arah barat laut". */
export function describeDirection(origin: LatLng, point: LatLng) {
  const distance = distanceMeters(origin, point);
  const bearingDeg = Math.round(bearingDegrees(origin, point) * 10) / 10;
  const direction = compassPoint(bearingDeg);
  const text = distance < 0.5 ? 'tepat di titik pelanggan' : `${formatDistance(distance)} ke arah ${direction}`;
  return { bearingDeg: bearingDeg === 360 ? 0 : bearingDeg, direction, text };
}

/** Distances are reported to 0.1 m; decisions use the unrounded value. */
export const roundMeters = (m: number) => Math.round(m * 10) / 10;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
