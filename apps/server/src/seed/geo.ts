const EARTH_RADIUS_M = 6_371_000;
const M_PER_DEG_LAT = 111_320;

/** A point `distanceM` metres from (lat, lng) towards `bearingRad` (flat-earth, fine for a few km). */
export function offsetPoint(lat: number, lng: number, distanceM: number, bearingRad: number): { lat: number; lng: number } {
  const dLat = (distanceM * Math.cos(bearingRad)) / M_PER_DEG_LAT;
  const dLng = (distanceM * Math.sin(bearingRad)) / (M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180));
  return { lat: round6(lat + dLat), lng: round6(lng + dLng) };
}

export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
