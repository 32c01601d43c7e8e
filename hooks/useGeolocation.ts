'use client';
// The device position with each screen's options (how accurate, how long to wait, how old a fix may be)
// and the Indonesian error texts shown for a refusal, no signal or a timeout.
import { useCallback, useEffect, useRef, useState } from 'react';

export type GeoPosition = { latitude: number; longitude: number; accuracy: number };
export type GeoResult = { position: GeoPosition } | { error: string };

/** Dashboard and attendance screen: high accuracy, 10 s timeout, no cache. */
export const ATTENDANCE_GEO: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };
/** Map screen: high accuracy, 15 s timeout, cache up to 60 s. */
export const MAP_GEO: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

export const GEO_UNSUPPORTED = 'Geolocation tidak didukung oleh browser ini';

type Style = 'attendance' | 'map';

const MAP_REASONS: Record<number, string> = {
  1: 'Izin lokasi ditolak',
  2: 'Informasi lokasi tidak tersedia',
  3: 'Permintaan lokasi timeout',
};
const ATTENDANCE_REASONS: Record<number, string> = {
  1: 'Akses lokasi ditolak oleh pengguna',
  2: 'Informasi lokasi tidak tersedia',
  3: 'Permintaan lokasi timeout',
};

/**
 * The attendance screens' prefix with the reason in Indonesian; the map screen its own reasons. The spec put
 * the browser's own message after the prefix, but the browser writes it in English ("User denied
 * Geolocation"): it is used only for a code without an Indonesian reason (issue 35, no English on a screen).
 */
export function geoErrorMessage(err: { code: number; message?: string }, style: Style): string {
  if (style === 'map') return `Gagal mendapatkan lokasi Anda: ${MAP_REASONS[err.code] ?? 'Informasi lokasi tidak tersedia'}`;
  return `Gagal mendapatkan lokasi: ${ATTENDANCE_REASONS[err.code] || err.message || 'Informasi lokasi tidak tersedia'}`;
}

export function useGeolocation(options: PositionOptions, style: Style = 'attendance') {
  const [position, setPosition] = useState<GeoPosition | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const alive = useRef(true);
  const optionsRef = useRef(options);

  /** One reading: the position, or the screen's error text (also kept in `error`). */
  const locate = useCallback((): Promise<GeoResult> => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError(GEO_UNSUPPORTED);
      setLoading(false);
      return Promise.resolve({ error: GEO_UNSUPPORTED });
    }
    setLoading(true);
    setError(null);
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (p) => {
          const next = { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy };
          if (alive.current) {
            setPosition(next);
            setLoading(false);
          }
          resolve({ position: next });
        },
        (err) => {
          const message = geoErrorMessage(err, style);
          if (alive.current) {
            setPosition(null);
            setError(message);
            setLoading(false);
          }
          resolve({ error: message });
        },
        optionsRef.current,
      );
    });
  }, [style]);

  const refresh = useCallback((): Promise<GeoPosition | null> => locate().then((r) => ('position' in r ? r.position : null)), [locate]);

  useEffect(() => {
    alive.current = true;
    void refresh();
    return () => {
      alive.current = false;
    };
  }, [refresh]);

  return { position, error, loading, refresh, locate };
}
