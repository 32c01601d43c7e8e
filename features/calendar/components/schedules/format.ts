// What Jadwal Kerja shows: weekday names, a shift's label, a roster cell's text and colour, the week
// or month a roster shows, and the cells "Salin ke minggu berikutnya" writes (docs/calendar.md).
import { addDays, isoWeekday } from '@/lib/dates';
import { crossesMidnight } from '@/features/attendance/lib/shift';
import type { RosterCell, RosterRow } from '@/features/calendar/types/calendar';
import type { ScheduleDto } from '@/features/calendar/types/schedules';
import type { DayStatus, RosterCellInput } from '@/features/calendar/validation/calendar';

export const WEEKDAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;
export const WEEKDAYS_SHORT = ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'] as const;

export { crossesMidnight };
export const shiftLabel = (start: string, end: string) => `${start}–${end}`;

export type RosterView = 'week' | 'month';

/** Monday to Sunday of the anchor's week, or the anchor's calendar month. */
export function rosterRange(view: RosterView, anchor: string): { start: string; end: string } {
  if (view === 'week') {
    const start = addDays(anchor, 1 - isoWeekday(anchor));
    return { start, end: addDays(start, 6) };
  }
  const start = `${anchor.slice(0, 8)}01`;
  const next = addDays(start, 31);
  return { start, end: addDays(`${next.slice(0, 8)}01`, -1) };
}

/** The anchor one week or one month earlier (-1) or later (+1). */
export function shiftAnchor(view: RosterView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  const first = `${anchor.slice(0, 8)}01`;
  return step === 1 ? `${addDays(first, 31).slice(0, 8)}01` : `${addDays(first, -1).slice(0, 8)}01`;
}

export function datesOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];
/** '23 Nov 2026' of a date key. */
export const dayMonth = (key: string, year = true) =>
  `${Number(key.slice(8, 10))} ${MONTHS_SHORT[Number(key.slice(5, 7)) - 1]}${year ? ` ${key.slice(0, 4)}` : ''}`;

const HOLIDAY: DayStatus[] = ['libur_nasional', 'cuti_bersama', 'libur_perusahaan'];

/** The cell's text: the shift, 'Libur', the holiday's name, or why nobody is expected. */
export function cellText(c: RosterCell): string {
  if (c.status === 'kerja' && c.shiftStart && c.shiftEnd) return shiftLabel(c.shiftStart, c.shiftEnd);
  if (HOLIDAY.includes(c.status)) return c.holidayName ?? 'Libur';
  if (c.status === 'istirahat') return 'Libur';
  if (c.status === 'belum_bergabung') return 'Belum bergabung';
  return 'Nonaktif';
}

export const STATUS_CLASS: Record<DayStatus, string> = {
  kerja: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  istirahat: 'bg-slate-100 text-slate-700 border-slate-200',
  libur_nasional: 'bg-red-50 text-red-800 border-red-200',
  cuti_bersama: 'bg-amber-50 text-amber-900 border-amber-200',
  libur_perusahaan: 'bg-violet-50 text-violet-900 border-violet-200',
  belum_bergabung: 'bg-white text-slate-600 border-slate-200',
  nonaktif: 'bg-white text-slate-600 border-slate-200',
};

/**
 * "Salin ke minggu berikutnya": each cell set by hand (an override) in the shown week is written on the
 * same weekday of the next week: a rest day as a rest day, a shift with its hours, break and tolerance
 * (through its schedule when the label names an active schedule with those hours that weekday).
 * Days without an override are left as they are in the next week.
 */
export function copyWeekCells(rows: RosterRow[], weekStart: string, schedules: ScheduleDto[]): RosterCellInput[] {
  const weekEnd = addDays(weekStart, 6);
  const cells: RosterCellInput[] = [];
  for (const row of rows) {
    for (const c of row.days) {
      if (!c.override || c.date < weekStart || c.date > weekEnd) continue;
      const date = addDays(c.date, 7);
      if (!c.shiftStart || !c.shiftEnd) {
        cells.push({ userId: row.userId, date, rest: true });
        continue;
      }
      const day = schedules.find((s) => s.name === c.label)?.days[isoWeekday(c.date) - 1];
      const schedule = day && day.start === c.shiftStart && day.end === c.shiftEnd ? schedules.find((s) => s.name === c.label) : undefined;
      if (schedule) cells.push({ userId: row.userId, date, scheduleId: schedule.id });
      else
        cells.push({
          userId: row.userId,
          date,
          start: c.shiftStart,
          end: c.shiftEnd,
          breakMinutes: c.breakMinutes ?? 0,
          lateToleranceMinutes: c.lateToleranceMinutes ?? 0,
        });
    }
  }
  return cells;
}
