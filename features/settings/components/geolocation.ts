// The browser's position for the settings screen: high accuracy, 15 s timeout, a fix up to 60 s old
// accepted, with the error texts of hooks/useGeolocation.ts.
export const SETTINGS_GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };

export const GEO_UNSUPPORTED = 'Geolocation tidak didukung oleh browser ini';

export function geolocationErrorText(err: { code: number }): string {
  const reason =
    err.code === 1
      ? 'Akses lokasi ditolak oleh pengguna'
      : err.code === 3
        ? 'Permintaan lokasi timeout'
        : 'Informasi lokasi tidak tersedia';
  return `Gagal mendapatkan lokasi: ${reason}`;
}

export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject(new Error(GEO_UNSUPPORTED));
    navigator.geolocation.getCurrentPosition(resolve, (e) => reject(new Error(geolocationErrorText(e))), SETTINGS_GEO_OPTIONS);
  });
}
