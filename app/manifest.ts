import type { MetadataRoute } from 'next';

// Installable on a phone: standalone window, portrait, the app's own icons.
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Absensi - Sistem Absensi Karyawan',
    short_name: 'Absensi',
    description: 'Sistem Absensi Karyawan Modern',
    lang: 'id',
    start_url: '/login',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#1d4ed8',
    theme_color: '#1d4ed8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
