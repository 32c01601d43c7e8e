'use client';
// On the offline page, shown by the service worker in place of the page the user asked for: load
// that page again as soon as the server answers. The 'online' event alone is not enough (it may fire
// before this page hydrates, or the device may be online while the server is not), so also poll.
import { useEffect } from 'react';

const POLL_MS = 3000;

export function ReloadWhenOnline() {
  useEffect(() => {
    // Opened as /offline itself there is nothing else to load.
    if (window.location.pathname === '/offline') return;
    let stopped = false;
    const tryReload = async () => {
      if (stopped || !navigator.onLine) return;
      const ok = await fetch('/api/health', { cache: 'no-store' }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && !stopped) window.location.reload();
    };
    const timer = window.setInterval(tryReload, POLL_MS);
    window.addEventListener('online', tryReload);
    void tryReload();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', tryReload);
    };
  }, []);
  return null;
}
