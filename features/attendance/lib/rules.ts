// Pure attendance rules: late/early minutes, the day's status and the employee's monthly figures.
import { dateKeyInZone, minutesOfDayInZone, timeToMinutes } from '@/lib/dates';
import type { DayStatus, MonthlySummary, TodayStatus } from '@/features/attendance/types/attendance';

/** Minutes after the start of work (0 when on time), in the office timezone. */
export function lateMinutesAt(at: Date, workStart: string, timeZone: string): number {
  return Math.max(0, minutesOfDayInZone(at, timeZone) - timeToMinutes(workStart));
}

/** Minutes before the end of work (0 when at or after it), in the office timezone. */
export function earlyMinutesAt(at: Date, workEnd: string, timeZone: string): number {
  return Math.max(0, timeToMinutes(workEnd) - minutesOfDayInZone(at, timeZone));
}

/** The attendance date: the calendar day in the office timezone of the server's clock. */
export function workDateOf(at: Date, timeZone: string): string {
  return dateKeyInZone(at, timeZone);
}

type Marks = { checkIn?: unknown; checkOut?: unknown; reviewDecision?: string | null } | null | undefined;

/** A record a reviewer rejected is 'Tidak Hadir', whatever its marks. */
export function dayStatus(entry: Marks): DayStatus {
  if (!entry?.checkIn || entry.reviewDecision === 'rejected') return 'Tidak Hadir';
  return entry.checkOut ? 'Lengkap' : 'Hanya Check-in';
}

/** The dashboard's day, in the words of the Absensi screen (the spec's English 'Not Checked In' … gave way, issue 35). */
export function todayStatus(entry: Marks): TodayStatus {
  if (!entry?.checkIn) return 'Belum Check-in';
  return entry.checkOut ? 'Sudah Check-out' : 'Sudah Check-in';
}

/**
 * The employee dashboard's month: absent = days so far this month − days with a
 * check-in, rate = present / (present + absent) rounded to a percent. Corrections a user expects: only
 * the calendar's working days count (no rest days, holidays or days before joining), a day worked
 * anyway counts as present, and approved leave days without a check-in are leave, not absence.
 * Today is not over: it counts once the employee has checked in (present) or is on leave, never as
 * absent — as the recap, which counts a day only once the daily close has closed it (docs/recap.md).
 */
export function monthlySummary(input: {
  today: string;
  presentDates: Iterable<string>;
  leaveDates: Iterable<string>;
  /** The calendar's working days (status kerja) of the month up to today. */
  workingDates: Iterable<string>;
  /** Days the employee was employed (not before joining nor after leaving); default every day. */
  employedDates?: Iterable<string>;
}): MonthlySummary {
  const monthStart = `${input.today.slice(0, 8)}01`;
  const inMonth = (d: string) => d >= monthStart && d <= input.today;
  const working = new Set([...input.workingDates].filter(inMonth));
  const employed = input.employedDates ? new Set(input.employedDates) : null;
  const present = new Set([...input.presentDates].filter((d) => inMonth(d) && (!employed || employed.has(d))));
  const leave = new Set([...input.leaveDates].filter((d) => working.has(d) && !present.has(d)));
  // Today's working day without a check-in or leave yet is still open: not counted.
  const todayOpen = working.has(input.today) && !present.has(input.today) && !leave.has(input.today);
  const countedDays = new Set([...working, ...present]).size - (todayOpen ? 1 : 0);
  const presentDays = present.size;
  const leaveDays = leave.size;
  const absentDays = Math.max(0, countedDays - presentDays - leaveDays);
  const total = presentDays + absentDays;
  return {
    month: input.today.slice(0, 7),
    dayOfMonth: Number(input.today.slice(8, 10)),
    countedDays,
    presentDays,
    leaveDays,
    absentDays,
    attendanceRate: total === 0 ? 0 : Math.round((presentDays / total) * 100),
  };
}
