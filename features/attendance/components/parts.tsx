// Small presentational pieces of the attendance screens.
import { CheckCircle2, ScanFace } from 'lucide-react';
import { formatTimeWithZone } from '@/lib/dates';
import type { AttendanceMark, DayStatus } from '@/features/attendance/types/attendance';
import type { BreakFigures } from '@/features/attendance/lib/breaks';

const STATUS_CLASS: Record<string, string> = {
  Lengkap: 'bg-green-100 text-green-800',
  Hadir: 'bg-green-100 text-green-800',
  'Hanya Check-in': 'bg-yellow-100 text-yellow-800',
  'Lupa check-out': 'bg-orange-100 text-orange-800',
  'Tidak Hadir': 'bg-red-100 text-red-800',
  'Dinas Luar': 'bg-blue-100 text-blue-800',
};

/** The spec's three statuses, or a closed day's (Lupa check-out, Cuti, Dinas Luar …: docs/daily-close.md). */
export function DayStatusBadge({ status }: { status: DayStatus | (string & {}) }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status] ?? 'bg-slate-100 text-slate-800'}`}
    >
      {status}
    </span>
  );
}

export function Card({ title, children, className = '' }: { title?: React.ReactNode; children: React.ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      {title ? <h2 className="mb-3 font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}

export function StatCard({
  label,
  value,
  hint,
  tone = 'blue',
  testId,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  tone?: 'blue' | 'green' | 'red' | 'yellow' | 'slate';
  testId?: string;
}) {
  const tones = { blue: 'text-blue-700', green: 'text-green-700', red: 'text-red-700', yellow: 'text-yellow-700', slate: 'text-slate-700' };
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-slate-500">{label}</p>
      <p className={`mt-1 text-2xl font-bold ${tones[tone]}`}>{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export const methodLabel = (method: string | null | undefined) => (method === 'face' ? 'Verifikasi Wajah' : method || '-');

/** One line of 'Riwayat Hari Ini': time, coordinates (6 decimals) and the face mark. */
export function MarkRow({
  label,
  mark,
  timezone,
  note,
}: {
  label: string;
  mark: AttendanceMark | null;
  timezone: string;
  note?: string | null;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid={`today-${label.toLowerCase()}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <span className="text-lg font-semibold text-slate-900">{mark ? formatTimeWithZone(mark.timestamp, timezone) : '-'}</span>
      </div>
      {mark ? (
        <div className="mt-1 space-y-1 text-xs text-slate-600">
          <p>
            Koordinat: {mark.latitude.toFixed(6)}, {mark.longitude.toFixed(6)}
          </p>
          {note ? <p className="text-amber-700">{note}</p> : null}
          {mark.verificationMethod === 'face' ? (
            <p className="inline-flex items-center gap-1 font-medium text-green-700">
              <ScanFace className="h-3.5 w-3.5" aria-hidden /> Terverifikasi dengan wajah{' '}
              <CheckCircle2 className="h-3.5 w-3.5" aria-hidden />
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-500">Belum ada {label.toLowerCase()}</p>
      )}
    </div>
  );
}

export const lateNote = (minutes: number | null | undefined) => (minutes && minutes > 0 ? `Terlambat ${minutes} menit` : null);
export const earlyNote = (minutes: number | null | undefined) => (minutes && minutes > 0 ? `Pulang ${minutes} menit lebih awal` : null);

/**
 * The day's punched break (docs/calendar.md, "Istirahat"): "Istirahat 12:00 – 13:25 WIB · 85 menit ·
 * lebih 25 menit dari batas 60 menit"; an unfinished one "belum selesai".
 */
export function breakText(f: BreakFigures, timezone: string): string {
  const span = `${formatTimeWithZone(f.start, timezone)} – ${f.end ? formatTimeWithZone(f.end, timezone) : 'belum selesai'}`;
  const length = f.minutes !== null ? ` · ${f.minutes} menit${f.end ? '' : ' (sampai check-out)'}` : '';
  const over = f.overMinutes > 0 ? ` · lebih ${f.overMinutes} menit dari batas ${f.allowedMinutes} menit` : '';
  return `Istirahat ${span}${length}${over}`;
}

export function BreakLine({ figures, timezone }: { figures: BreakFigures; timezone: string }) {
  return (
    <p
      className={`mt-3 rounded-lg border p-3 text-sm ${figures.overMinutes > 0 ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-slate-200 text-slate-700'}`}
      data-testid="today-break"
    >
      {breakText(figures, timezone)}
    </p>
  );
}
