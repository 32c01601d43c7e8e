// Pure attendance rules: late/early minutes, the day's status and the employee's monthly figures.
import { addDays, dateKeyInZone, isoWeekday, minutesOfDayInZone, timeToMinutes } from '@/lib/dates';
import type { DayStatus, MonthlySummary, TodayStatus } from '@/lib/attendance/types';

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

type Marks = { checkIn?: unknown; checkOut?: unknown } | null | undefined;

export function dayStatus(entry: Marks): DayStatus {
  if (!entry?.checkIn) return 'Tidak Hadir';
  return entry.checkOut ? 'Lengkap' : 'Hanya Check-in';
}

export function todayStatus(entry: Marks): TodayStatus {
  if (!entry?.checkIn) return 'Not Checked In';
  return entry.checkOut ? 'Completed' : 'Checked In';
}

/**
 * The employee dashboard's month (spec section 7): absent = days so far this month − days with a
 * check-in, rate = present / (present + absent) rounded to a percent. Two corrections a user expects:
 * days before the employee joined are not counted, and approved leave days without a check-in are
 * leave, not absence.
 */
export function monthlySummary(input: {
  today: string;
  joinDate: string;
  presentDates: Iterable<string>;
  leaveDates: Iterable<string>;
  /** ISO weekdays that are working days (Settings.workingDays); default every day. */
  workingDays?: readonly number[];
}): MonthlySummary {
  // As in the admin reports: a day counts when it is a working day (or one the employee worked),
  // on or after joining; an approved leave day is leave, not absence.
  const monthStart = `${input.today.slice(0, 8)}01`;
  const firstCounted = input.joinDate > monthStart ? input.joinDate : monthStart;
  const working = new Set(input.workingDays ?? [1, 2, 3, 4, 5, 6, 7]);
  const present = new Set([...input.presentDates].filter((d) => d >= monthStart && d <= input.today));
  const leave = new Set(
    [...input.leaveDates].filter((d) => d >= firstCounted && d <= input.today && !present.has(d) && working.has(isoWeekday(d))),
  );
  let countedDays = 0;
  for (let d = firstCounted; d <= input.today; d = addDays(d, 1)) if (working.has(isoWeekday(d)) || present.has(d)) countedDays++;
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
