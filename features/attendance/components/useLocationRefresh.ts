'use client';
// A location refresh started by the user: toast 'Lokasi berhasil didapatkan' (2 s) on success; the
// error text shows in the location card. Never toasts over an open dialog (sweetalert2 has one popup).
import { useCallback } from 'react';
import { isDialogOpen, toast } from '@/lib/ui/alerts';
import type { GeoPosition } from '@/hooks/useGeolocation';

export function useLocationRefresh(refresh: () => Promise<GeoPosition | null>) {
  return useCallback(async () => {
    const position = await refresh();
    const dialogOpen = isDialogOpen();
    if (position && !dialogOpen) void toast('success', 'Lokasi berhasil didapatkan', 2000);
    return position;
  }, [refresh]);
}
