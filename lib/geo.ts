// Great-circle distance (haversine) with the spec's Earth radius of 6371 km.
export const EARTH_RADIUS_M = 6_371_000;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Inside means distance ≤ radius (on the radius counts as inside). */
export function isInsideRadius(distanceMeters: number, radiusMeters: number): boolean {
  return distanceMeters <= radiusMeters;
}

export const isLatitude = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
export const isLongitude = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;
