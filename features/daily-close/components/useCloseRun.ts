'use client';
// Runs the daily close of a list of days one request per day (POST /api/daily-close/run), so the page can
// show how far it got; the first refusal (a month closed meanwhile, a day not begun) stops the run.
import { useCallback, useState } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { formatDateLong } from '@/lib/dates';
import type { CloseRunDto } from '@/features/daily-close/types/daily-close';

export type CloseProgress = { done: number; total: number; date: string };

/** A day's close may take a while for a large office: longer than the client's usual 10 s. */
const RUN_TIMEOUT_MS = 180_000;

export function useCloseRun(onDone: () => void) {
  const [progress, setProgress] = useState<CloseProgress | null>(null);

  const run = useCallback(
    async (dates: string[], officeId: string) => {
      if (!dates.length) return;
      let done = 0;
      try {
        for (const date of dates) {
          setProgress({ done, total: dates.length, date });
          await api.post<CloseRunDto>(
            '/daily-close/run',
            { startDate: date, endDate: date, ...(officeId ? { officeId } : {}) },
            { timeoutMs: RUN_TIMEOUT_MS },
          );
          done++;
        }
        setProgress({ done, total: dates.length, date: dates.at(-1)! });
        const span = dates.length === 1 ? formatDateLong(dates[0]) : `${formatDateLong(dates[0])} s.d. ${formatDateLong(dates.at(-1))}`;
        void toast('success', `Tutup harian ${span} selesai (${done} hari)`);
      } catch (err) {
        const at = dates[done];
        void alertDialog(
          'error',
          'Gagal Menjalankan Tutup Harian',
          `${errorMessage(err, 'Gagal menjalankan tutup harian')}${done ? ` (${done} dari ${dates.length} hari selesai; berhenti di ${formatDateLong(at)})` : ''}`,
        );
      } finally {
        setProgress(null);
        onDone();
      }
    },
    [onDone],
  );

  return { run, progress };
}
