// Which shift day a punch belongs to, and its late and early minutes (docs/calendar.md). Pure: the
// calendar (features/calendar/server/calendar.ts) supplies each day's shift, the office supplies the zone.
//   - A shift whose end is not after its start crosses midnight (22:00–06:00): its record belongs to
//     the day the shift starts, and "once a day" means once per shift day.
//   - A check-in belongs to yesterday's night shift while that shift is still running and has no
//     record yet; otherwise to today (local date in the office's zone).
//   - A check-out closes today's open record, else yesterday's open record of a night shift.
//   - Late minutes count from the shift's start once past its tolerance (15 minutes late with a
//     10-minute tolerance is 15, with a 15-minute tolerance 0); early minutes count to its end.
import { addDays, dateKeyInZone, instantInZone } from '@/lib/dates';

export type ShiftDay = {
  date: string;
  status: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  lateToleranceMinutes: number | null;
  /** The day's break (allowed length of a punched break, docs/calendar.md "Istirahat"). */
  breakMinutes?: number | null;
};
export type OpenRecord = { date: string; checkedOut: boolean; shiftStart: string | null; shiftEnd: string | null };

export const crossesMidnight = (start: string | null, end: string | null): boolean => !!start && !!end && end <= start;

const MINUTE = 60_000;

/** The instants a shift of `date` starts and ends. */
export function shiftWindow(date: string, start: string, end: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: instantInZone(date, start, timeZone),
    end: instantInZone(crossesMidnight(start, end) ? addDays(date, 1) : date, end, timeZone),
  };
}

export function checkInDate(now: Date, timeZone: string, days: ReadonlyMap<string, ShiftDay>, recordDates: ReadonlySet<string>): string {
  const today = dateKeyInZone(now, timeZone);
  const yesterday = days.get(addDays(today, -1));
  if (
    yesterday?.status === 'kerja' &&
    yesterday.shiftStart &&
    yesterday.shiftEnd &&
    crossesMidnight(yesterday.shiftStart, yesterday.shiftEnd) &&
    !recordDates.has(yesterday.date)
  ) {
    if (now < shiftWindow(yesterday.date, yesterday.shiftStart, yesterday.shiftEnd, timeZone).end) return yesterday.date;
  }
  return today;
}

export function lateMinutes(now: Date, day: ShiftDay | undefined, timeZone: string): number {
  if (!day || day.status !== 'kerja' || !day.shiftStart || !day.shiftEnd) return 0;
  const late = Math.floor((now.getTime() - shiftWindow(day.date, day.shiftStart, day.shiftEnd, timeZone).start.getTime()) / MINUTE);
  return late > (day.lateToleranceMinutes ?? 0) ? late : 0;
}

export type CheckOutTarget = { kind: 'open'; record: OpenRecord } | { kind: 'done' } | { kind: 'none' };

export function checkOutTarget(now: Date, timeZone: string, records: readonly OpenRecord[]): CheckOutTarget {
  const today = dateKeyInZone(now, timeZone);
  const own = records.find((r) => r.date === today);
  if (own && !own.checkedOut) return { kind: 'open', record: own };
  const night = records.find((r) => r.date === addDays(today, -1) && !r.checkedOut && crossesMidnight(r.shiftStart, r.shiftEnd));
  if (night) return { kind: 'open', record: night };
  return own ? { kind: 'done' } : { kind: 'none' };
}

/** Minutes before the record's shift ends (0 at or after it); null when the day had no shift. */
export function earlyMinutes(now: Date, record: OpenRecord, timeZone: string): number | null {
  if (!record.shiftStart || !record.shiftEnd) return null;
  const end = shiftWindow(record.date, record.shiftStart, record.shiftEnd, timeZone).end;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / MINUTE));
}
