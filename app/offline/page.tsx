import type { Metadata } from 'next';
import { WifiOff } from 'lucide-react';
import { ReloadWhenOnline } from '@/components/pwa/ReloadWhenOnline';

export const metadata: Metadata = { title: 'Offline' };

// Served by the service worker for any page opened without a connection. No fake offline check-in.
export default function OfflinePage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl sm:p-8">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-700" aria-hidden>
          <WifiOff className="h-7 w-7" />
        </div>
        <h1 className="text-2xl font-bold text-slate-900">Anda sedang offline</h1>
        <p className="mt-3 text-sm text-slate-600">
          Absensi memerlukan koneksi internet. Check-in dan check-out hanya dapat dilakukan saat perangkat terhubung ke internet, karena
          lokasi, waktu, dan foto diverifikasi oleh server. Tidak ada absensi yang dicatat selama offline.
        </p>
        {/* An empty href is the current address: the page the user was opening. */}
        <a href="" className="mt-6 inline-block rounded-lg bg-blue-600 px-5 py-2 font-medium text-white hover:bg-blue-700">
          Coba Lagi
        </a>
        <ReloadWhenOnline />
      </div>
    </main>
  );
}
