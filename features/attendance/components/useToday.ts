'use client';
// Today's attendance of the signed-in employee (GET /attendance/today/{userId}).
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import type { TodayAttendance } from '@/features/attendance/types/attendance';

export function useToday(userId: string | undefined, errorText = 'Gagal memuat data absensi hari ini') {
  const [today, setToday] = useState<TodayAttendance | null>(null);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    if (!userId) return;
    setLoading(true);
    try {
      setToday(await api.get<TodayAttendance>(`/attendance/today/${userId}`));
    } catch (err) {
      console.error('[today]', err);
      void toast('error', errorText);
    } finally {
      setLoading(false);
    }
  }, [userId, errorText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { today, loading, reload };
}
