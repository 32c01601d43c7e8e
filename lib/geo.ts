// Great-circle distance (haversine) with the spec's Earth radius of 6371 km.
import { numberFormat } from '@/lib/intl';
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

/**
 * A distance as people read it: whole metres under a kilometre ("30 m", "999 m"), then kilometres, one
 * decimal under 10 km ("1,5 km") and whole above ("965 km", "1.234 km"), written the id-ID way.
 */
export function formatDistance(meters: number): string {
  const m = Math.round(meters);
  if (m < 1000) return `${m} m`;
  const km = meters / 1000;
  const digits = km < 10 ? 1 : 0;
  return `${numberFormat('id-ID', { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(km)} km`;
}
