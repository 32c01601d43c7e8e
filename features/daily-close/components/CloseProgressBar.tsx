'use client';
// The bar under the Tutup Harian run form while days are being closed (useCloseRun).
import { formatDateLong } from '@/lib/dates';
import type { CloseProgress } from '@/features/daily-close/components/useCloseRun';

/** The bar under the run form while days are being closed. */
export function CloseProgressBar({ progress }: { progress: CloseProgress }) {
  const pct = Math.round((progress.done / progress.total) * 100);
  return (
    <div className="space-y-1" data-testid="close-progress">
      <p className="text-sm text-slate-700" aria-live="polite">
        Memproses {progress.done + (progress.done < progress.total ? 1 : 0)} dari {progress.total} hari · {formatDateLong(progress.date)}
      </p>
      <div
        role="progressbar"
        aria-label="Progres tutup harian"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
