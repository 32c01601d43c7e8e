'use client';
// The office location and timezone every attendance screen needs (GET /settings).
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { DEFAULT_TIMEZONE } from '@/lib/dates';
import { haversineMeters, isInsideRadius } from '@/lib/geo';
import type { GeoPosition } from '@/hooks/useGeolocation';

export type OfficeLocation = { latitude: number | null; longitude: number | null; radius: number; address: string };
type SettingsResponse = { officeLocation: OfficeLocation; timezone?: string };

export function useOffice(onError?: (message: string) => void) {
  const [office, setOffice] = useState<OfficeLocation | null>(null);
  const [timezone, setTimezone] = useState(DEFAULT_TIMEZONE);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      const s = await api.get<SettingsResponse>('/settings');
      setOffice(s.officeLocation);
      if (s.timezone) setTimezone(s.timezone);
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

  return { office, timezone, failed, reload };
}

export type OfficeFix = { distance: number; inside: boolean } | null;

/** Distance to the office and whether it is within the radius (≤), or null when either is unknown. */
export function officeFix(office: OfficeLocation | null, position: GeoPosition | null): OfficeFix {
  if (!office || office.latitude === null || office.longitude === null || !position) return null;
  const distance = haversineMeters({ latitude: office.latitude, longitude: office.longitude }, position);
  return { distance, inside: isInsideRadius(distance, office.radius) };
}

export const hasOfficeCoordinates = (o: OfficeLocation | null): o is OfficeLocation & { latitude: number; longitude: number } =>
  !!o && o.latitude !== null && o.longitude !== null;
