'use client';
// The offices an employee may check in at (GET /offices answers an employee with their own: home office
// first, then the others allowed; docs/calendar.md) and the one that counts for them right now: the
// nearest office whose radius they are inside, else the nearest one, else the home office.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '@/lib/api-client';
import { DEFAULT_TIMEZONE } from '@/lib/dates';
import { haversineMeters, isInsideRadius } from '@/lib/geo';
import type { GeoPosition } from '@/hooks/useGeolocation';

export type OfficeLocation = {
  latitude: number | null;
  longitude: number | null;
  radius: number;
  address: string | null;
  id?: string;
  name?: string;
  /** IANA zone and its abbreviation (WIB, WITA, WIT). */
  timezone?: string;
  zone?: string;
};

export function useOffice(onError?: (message: string) => void, position: GeoPosition | null = null) {
  const [offices, setOffices] = useState<OfficeLocation[] | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setOffices(await api.get<OfficeLocation[]>('/offices'));
      setFailed(false);
    } catch (err) {
      console.error('[office]', err);
      setFailed(true);
      onError?.('Gagal memuat lokasi kantor');
    }
  }, [onError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const office = useMemo(() => (offices ? nearestOffice(offices, position) : null), [offices, position]);
  // The zone of the office that counts now; a record's own times use the record's zone.
  const timezone = office?.timezone ?? offices?.[0]?.timezone ?? DEFAULT_TIMEZONE;
  return { office, offices: offices ?? [], timezone, failed, loading: offices === null && !failed, reload };
}

export type OfficeFix = { distance: number; inside: boolean } | null;

/** Distance to the office and whether it is within the radius (≤), or null when either is unknown. */
export function officeFix(office: OfficeLocation | null, position: GeoPosition | null): OfficeFix {
  if (!office || office.latitude === null || office.longitude === null || !position) return null;
  const distance = haversineMeters({ latitude: office.latitude, longitude: office.longitude }, position);
  return { distance, inside: isInsideRadius(distance, office.radius) };
}

/**
 * The office that counts at this position: among those whose radius holds it the nearest, else the
 * nearest of all; without a position the first with coordinates (the home office comes first).
 */
export function nearestOffice(offices: OfficeLocation[], position: GeoPosition | null): OfficeLocation | null {
  const placed = offices.filter(hasOfficeCoordinates);
  if (placed.length === 0) return offices[0] ?? null;
  if (!position) return placed[0] ?? null;
  const fixes = placed.map((o) => ({ o, fix: officeFix(o, position)! })).sort((a, b) => a.fix.distance - b.fix.distance);
  return (fixes.find((f) => f.fix.inside) ?? fixes[0])!.o;
}

export const hasOfficeCoordinates = (o: OfficeLocation | null): o is OfficeLocation & { latitude: number; longitude: number } =>
  !!o && o.latitude !== null && o.longitude !== null;

/** The offices besides `office` that have a position, for the map. */
export function otherOffices(offices: OfficeLocation[], office: OfficeLocation | null) {
  return offices.filter(
    (o): o is OfficeLocation & { latitude: number; longitude: number } =>
      hasOfficeCoordinates(o) && o !== office && (!o.id || o.id !== office?.id),
  );
}
