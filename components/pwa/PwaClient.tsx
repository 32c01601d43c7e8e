'use client';
// Registers the service worker (production only) and tells the user, on every page, when the device
// is offline: attendance needs a connection, nothing is recorded while offline.
import { useEffect, useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function PwaClient({ serviceWorker }: { serviceWorker: boolean }) {
  const online = useOnline();

  useEffect(() => {
    if (!serviceWorker || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('Service worker:', err));
  }, [serviceWorker]);

  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="fixed inset-x-0 bottom-0 z-[10000] flex items-start gap-2 bg-amber-500 px-4 py-3 text-sm font-medium text-slate-900 shadow-lg"
    >
      <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        Anda sedang offline. Absensi memerlukan koneksi internet: check-in dan check-out tidak dapat dilakukan sampai perangkat terhubung
        kembali.
      </p>
    </div>
  );
}
