// Overtime arithmetic of PP 35/2021 (docs/overtime.md). Pure: the service supplies the calendar's day
// kind, the employee's week pattern, the approved window and the day's punches.
//   - Working day (hari kerja): the first hour at 1.5 ×, every further hour at 2 ×; at most 4 hours a
//     day and 18 hours a week (Monday–Sunday).
//   - Rest day or holiday, 6-day week: hours 1–7 at 2 ×, hour 8 at 3 ×, hours 9–11 at 4 ×.
//   - Rest day or holiday, 5-day week: hours 1–8 at 2 ×, hour 9 at 3 ×, hours 10–12 at 4 ×.
//   - A public holiday on the shortest working day of a 6-day week (art. 31(3)): hours 1–5 at 2 ×,
//     hour 6 at 3 ×, hours 7–9 at 4 × (day kind `libur_hari_pendek`).
//   - Payable time: the approved window ∩ the time worked beyond the shift's end (the whole worked time
//     on a rest day or holiday), rounded down to the policy's step. No check-out: nothing payable yet.
import { addDays, instantInZone, isoWeekday, timeToMinutes } from '@/lib/dates';
import { crossesMidnight, shiftWindow } from '@/features/attendance/lib/shift';

export type DayKind = 'kerja' | 'istirahat' | 'libur' | 'libur_hari_pendek';
export type WeekDays = 5 | 6;
export type MultiplierClass = { multiplier: number; minutes: number };

export const DAILY_CAP_MINUTES = 4 * 60;
export const WEEKLY_CAP_MINUTES = 18 * 60;
/** The longest rest-day or holiday overtime the law's table covers: 11 hours (6-day week), 12 (5-day). */
export const REST_DAY_MAX_MINUTES: Record<WeekDays, number> = { 6: 11 * 60, 5: 12 * 60 };
/** A public holiday on the shortest working day of a 6-day week: the table covers 9 hours (art. 31(3)). */
export const SHORT_DAY_HOLIDAY_MAX_MINUTES = 9 * 60;
export const DEFAULT_ROUNDING_MINUTES = 30;

const MINUTE = 60_000;
// [up to this minute of overtime, multiplier]
const TABLES: Record<'kerja' | 'rest5' | 'rest6' | 'short6', [number, number][]> = {
  kerja: [
    [60, 1.5],
    [Infinity, 2],
  ],
  rest6: [
    [7 * 60, 2],
    [8 * 60, 3],
    [Infinity, 4],
  ],
  rest5: [
    [8 * 60, 2],
    [9 * 60, 3],
    [Infinity, 4],
  ],
  short6: [
    [5 * 60, 2],
    [6 * 60, 3],
    [Infinity, 4],
  ],
};

export const DAY_KIND_LABELS: Record<DayKind, string> = {
  kerja: 'Hari kerja',
  istirahat: 'Hari istirahat',
  libur: 'Hari libur',
  libur_hari_pendek: 'Hari libur pada hari kerja terpendek',
};

/** What the day kind needs besides the calendar's status (docs/overtime.md). */
export type DayKindContext = {
  weekDays: WeekDays;
  /** The date is the shortest working day of the employee's schedule (shortestWorkingDays). */
  shortestWorkingDay: boolean;
  /** Settings.overtimeCutiBersamaHolidayRate: the company pays holiday rates on cuti bersama (opt-in). */
  cutiBersamaHolidayRate: boolean;
};

/**
 * The calendar's status (docs/calendar.md) as an overtime day kind; null: not employed that day.
 *   - libur_nasional on the shortest working day of a 6-day week: libur_hari_pendek (PP 35/2021 art. 31(3));
 *   - cuti_bersama is an ordinary working day for overtime (the worker keeps the leave day and is paid a
 *     normal day, SE M/3/HK.04/IV/2022) unless the company opted in to holiday rates.
 */
export function dayKindOf(status: string, ctx: DayKindContext): DayKind | null {
  if (status === 'kerja') return 'kerja';
  if (status === 'istirahat') return 'istirahat';
  if (status === 'libur_nasional') return ctx.weekDays === 6 && ctx.shortestWorkingDay ? 'libur_hari_pendek' : 'libur';
  if (status === 'libur_perusahaan') return 'libur';
  if (status === 'cuti_bersama') return ctx.cutiBersamaHolidayRate ? 'libur' : 'kerja';
  return null;
}

/** A shift's length in minutes (an end not after the start crosses midnight). */
export function shiftMinutes(start: string, end: string): number {
  const m = timeToMinutes(end) - timeToMinutes(start);
  return m > 0 ? m : m + 24 * 60;
}

/**
 * The ISO weekdays that are "the shortest working day" of a week (PP 35/2021 art. 31(3)): the working
 * days whose shift is the shortest of the week and shorter than its longest (Monday–Friday 7 hours and
 * Saturday 5: Saturday). A week whose working days are all the same length has none.
 */
export function shortestWorkingDays(days: readonly { weekday: number; start: string | null; end: string | null }[]): number[] {
  const working = days.filter((d) => d.start && d.end).map((d) => ({ weekday: d.weekday, minutes: shiftMinutes(d.start!, d.end!) }));
  if (working.length === 0) return [];
  const min = Math.min(...working.map((d) => d.minutes));
  const max = Math.max(...working.map((d) => d.minutes));
  return min < max ? working.filter((d) => d.minutes === min).map((d) => d.weekday) : [];
}

/** Minutes of overtime per multiplier, in the order the law's table counts them. */
export function multiplierClasses(minutes: number, dayKind: DayKind, weekDays: WeekDays): MultiplierClass[] {
  const table =
    dayKind === 'kerja' ? TABLES.kerja : dayKind === 'libur_hari_pendek' ? TABLES.short6 : weekDays === 6 ? TABLES.rest6 : TABLES.rest5;
  const out: MultiplierClass[] = [];
  let from = 0;
  for (const [upTo, multiplier] of table) {
    const part = Math.min(minutes, upTo) - from;
    if (part > 0) out.push({ multiplier, minutes: part });
    if (minutes <= upTo) break;
    from = upTo;
  }
  return out;
}

/** Jam lembur setara: Σ hours × multiplier (the wage is this × 1/173 of the monthly wage). */
export function equivalentHours(classes: readonly MultiplierClass[]): number {
  const hours = classes.reduce((sum, c) => sum + c.minutes * c.multiplier, 0) / 60;
  return Math.round(hours * 100) / 100;
}

/** Rounded down to a multiple of `step` minutes; a step of 0 or 1 leaves the minutes as they are. */
export function roundDown(minutes: number, step: number): number {
  if (step <= 1) return Math.max(0, Math.floor(minutes));
  return Math.max(0, Math.floor(minutes / step) * step);
}

/** Monday and Sunday of the ISO week of `date`. */
export function weekOf(date: string): { start: string; end: string } {
  const start = addDays(date, 1 - isoWeekday(date));
  return { start, end: addDays(start, 6) };
}

/**
 * The instants of a window on shift day `date`. A night shift ends the next day, so overtime after it
 * is read on that next day; an end not after the start crosses midnight.
 */
export function windowInstants(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
  shift?: { start: string; end: string } | null,
): { startAt: Date; endAt: Date } {
  const anchor = shift && crossesMidnight(shift.start, shift.end) ? addDays(date, 1) : date;
  const startAt = instantInZone(anchor, startTime, timeZone);
  const endAt = instantInZone(endTime <= startTime ? addDays(anchor, 1) : anchor, endTime, timeZone);
  return { startAt, endAt };
}

export const minutesBetween = (a: Date, b: Date) => Math.max(0, Math.floor((b.getTime() - a.getTime()) / MINUTE));

/** The end of the day's shift (null on a day without one). */
export function shiftEndAt(date: string, shiftStart: string | null, shiftEnd: string | null, timeZone: string): Date | null {
  return shiftStart && shiftEnd ? shiftWindow(date, shiftStart, shiftEnd, timeZone).end : null;
}

export type FiguresInput = {
  startAt: Date;
  endAt: Date;
  dayKind: DayKind;
  weekDays: WeekDays;
  roundingMinutes: number;
  /** The shift's end on a working day. */
  shiftEndAt: Date | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
};

export type OvertimeFigures = {
  /** dihitung: figures from the punches; belum_checkout: checked in, no check-out yet (correct it first); tidak_hadir: no attendance. */
  state: 'dihitung' | 'belum_checkout' | 'tidak_hadir';
  workedMinutes: number;
  payableMinutes: number;
  classes: MultiplierClass[];
  equivalentHours: number;
};

export function overtimeFigures(f: FiguresInput): OvertimeFigures {
  const none = (state: OvertimeFigures['state']): OvertimeFigures => ({
    state,
    workedMinutes: 0,
    payableMinutes: 0,
    classes: [],
    equivalentHours: 0,
  });
  if (!f.checkInAt) return none('tidak_hadir');
  if (!f.checkOutAt) return none('belum_checkout');
  const floors = [f.startAt, f.checkInAt, ...(f.dayKind === 'kerja' && f.shiftEndAt ? [f.shiftEndAt] : [])];
  const from = new Date(Math.max(...floors.map((d) => d.getTime())));
  const to = new Date(Math.min(f.endAt.getTime(), f.checkOutAt.getTime()));
  const worked = minutesBetween(from, to);
  const payable = roundDown(worked, f.roundingMinutes);
  const classes = multiplierClasses(payable, f.dayKind, f.weekDays);
  return { state: 'dihitung', workedMinutes: worked, payableMinutes: payable, classes, equivalentHours: equivalentHours(classes) };
}

/** '3 jam 30 menit', '4 jam', '45 menit'. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h} jam ${m} menit`;
  return h ? `${h} jam` : `${m} menit`;
}

const booked = (a: { date: string; dayUsed: number }) =>
  a.dayUsed ? `. Pada tanggal ${a.date} sudah tercatat ${formatMinutes(a.dayUsed)}.` : '';

export type CapRefusal = { code: 'OVERTIME_DAILY_CAP' | 'OVERTIME_WEEKLY_CAP' | 'OVERTIME_REST_DAY_MAX'; message: string };

/**
 * The caps of PP 35/2021 for a new window of `minutes`, given the overtime already booked (pending or
 * approved) on its date (`dayUsed`, every request of that day) and the working-day overtime of its week
 * (`weekUsed`). Rest-day and holiday overtime is outside the 4/18 cap, bounded only by the length the
 * law's table covers, for all the day's requests together.
 */
export function capRefusal(a: {
  date: string;
  dayKind: DayKind;
  weekDays: WeekDays;
  minutes: number;
  dayUsed: number;
  weekUsed: number;
}): CapRefusal | null {
  if (a.dayKind === 'libur_hari_pendek') {
    if (a.dayUsed + a.minutes > SHORT_DAY_HOLIDAY_MAX_MINUTES) {
      return {
        code: 'OVERTIME_REST_DAY_MAX',
        message: `Lembur pada hari libur yang jatuh pada hari kerja terpendek paling lama ${formatMinutes(SHORT_DAY_HOLIDAY_MAX_MINUTES)} (pola 6 hari kerja seminggu, PP 35/2021 pasal 31 ayat 3)${booked(a)}`,
      };
    }
    return null;
  }
  if (a.dayKind !== 'kerja') {
    const max = REST_DAY_MAX_MINUTES[a.weekDays];
    if (a.dayUsed + a.minutes > max) {
      return {
        code: 'OVERTIME_REST_DAY_MAX',
        message: `Lembur pada hari istirahat atau hari libur paling lama ${formatMinutes(max)} (pola ${a.weekDays} hari kerja seminggu, PP 35/2021)${booked(a)}`,
      };
    }
    return null;
  }
  if (a.dayUsed + a.minutes > DAILY_CAP_MINUTES) {
    const left = Math.max(0, DAILY_CAP_MINUTES - a.dayUsed);
    return {
      code: 'OVERTIME_DAILY_CAP',
      message: `Lembur pada hari kerja paling lama 4 jam sehari (PP 35/2021). Pada tanggal ${a.date} sudah tercatat ${formatMinutes(a.dayUsed)}, sisa ${formatMinutes(left)}.`,
    };
  }
  if (a.weekUsed + a.minutes > WEEKLY_CAP_MINUTES) {
    const { start, end } = weekOf(a.date);
    const left = Math.max(0, WEEKLY_CAP_MINUTES - a.weekUsed);
    return {
      code: 'OVERTIME_WEEKLY_CAP',
      message: `Lembur pada hari kerja paling lama 18 jam seminggu (Senin–Minggu, PP 35/2021). Minggu ${start} s.d. ${end} sudah tercatat ${formatMinutes(a.weekUsed)}, sisa ${formatMinutes(left)}.`,
    };
  }
  return null;
}
