'use client';
// On the offline page: as soon as the connection is back, load the page the user asked for.
import { useEffect } from 'react';

export function ReloadWhenOnline() {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return null;
}
