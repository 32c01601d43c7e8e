// How overtime shows on the pages: status badges, day kinds, figures (docs/overtime.md).
import { formatDateLong } from '@/lib/dates';
import { DAY_KIND_LABELS, formatMinutes, type MultiplierClass } from '@/features/overtime/lib/rules';
import { OVERTIME_STATUS_LABELS, type OvertimeStatus } from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';
import { numberFormat } from '@/lib/intl';

const STATUS_CLASS: Record<OvertimeStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  approved: 'bg-green-50 text-green-800 ring-green-600/30',
  rejected: 'bg-red-50 text-red-800 ring-red-600/30',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

const AWAITING: Record<NonNullable<OvertimeDto['awaiting']>, string> = {
  atasan: 'Menunggu atasan',
  hr: 'Menunggu HR',
  karyawan: 'Menunggu persetujuan karyawan',
};

export function OvertimeStatusBadge({ o }: { o: Pick<OvertimeDto, 'status' | 'awaiting'> }) {
  return (
    <span
      data-testid="overtime-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_CLASS[o.status]}`}
    >
      {o.awaiting ? AWAITING[o.awaiting] : OVERTIME_STATUS_LABELS[o.status]}
    </span>
  );
}

/** '1,5' — numbers as Indonesians write them. */
export const fmtNumber = (n: number) => numberFormat('id-ID', { maximumFractionDigits: 2 }).format(n);

export const classesText = (classes: readonly MultiplierClass[]) =>
  classes.length ? classes.map((c) => `${fmtNumber(c.minutes / 60)} jam × ${fmtNumber(c.multiplier)}`).join(' + ') : '-';

/**
 * The window as the pages show it: the calendar date of the work (after a night shift, the next day),
 * with the shift day beside it when it differs — "Sabtu, 17 Oktober 2026, 06:00–08:00 (2 jam, hari kerja;
 * shift Jumat, 16 Oktober 2026)".
 */
export const windowText = (o: Pick<OvertimeDto, 'date' | 'workDate' | 'startTime' | 'endTime' | 'minutes' | 'dayKind'>) =>
  `${formatDateLong(o.workDate)}, ${o.startTime}–${o.endTime} (${formatMinutes(o.minutes)}, ${DAY_KIND_LABELS[o.dayKind].toLowerCase()}` +
  `${o.workDate !== o.date ? `; shift ${formatDateLong(o.date)}` : ''})`;

/** The figures line of an approved overtime, or why there is none yet. */
export function FiguresLine({ o }: { o: OvertimeDto }) {
  // Converted to Cuti Pengganti: not paid; the row says so instead (OvertimeDetails).
  if (o.status !== 'approved' || !o.figures || o.convertedAt) return null;
  const f = o.figures;
  if (f.state === 'tidak_hadir')
    return (
      <p data-testid="overtime-figures" className="mt-1 text-sm text-slate-600">
        Belum ada absensi pada hari ini: belum ada lembur yang dibayar.
      </p>
    );
  if (f.state === 'belum_checkout')
    return (
      <p data-testid="overtime-figures" className="mt-1 text-sm text-amber-700">
        Belum check-out: lembur dihitung setelah absensi dikoreksi.
      </p>
    );
  return (
    <p data-testid="overtime-figures" className="mt-1 text-sm text-slate-800">
      Dibayar <strong>{formatMinutes(f.payableMinutes)}</strong> (dari {formatMinutes(f.workedMinutes)} kerja) = {classesText(f.classes)} ={' '}
      <strong>{fmtNumber(f.equivalentHours)} jam lembur setara</strong>
    </p>
  );
}
