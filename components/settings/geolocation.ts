// The browser's position for the settings screen (spec section 9: high accuracy, 15 s, 60 s cache)
// with the spec's error texts (section 8 "Location").
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
