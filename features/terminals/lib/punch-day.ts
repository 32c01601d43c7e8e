// Which day a machine punch counts for, and what the day's punches make of it (docs/terminals.md).
// Pure: the server supplies each day's shift from the calendar and the office's zone.
//   - A terminal's time is the office's wall clock: '2026-11-02 07:58:12' at an office in WITA is
//     07:58:12 WITA. The punch's day is its local date in that zone…
//   - …except on the morning after a night shift (a 'kerja' day whose shift ends the next day, e.g.
//     22:00–06:00): a punch before that shift's end plus NIGHT_SHIFT_GRACE_MS (the daily close's grace,
//     2 hours) counts for the shift's day, unless today's own shift is nearer: the cut-off is then the
//     midpoint between the night shift's end and today's shift start.
//   - The day's first machine punch is the check-in, its last the check-out (a single punch is a
//     check-in only; the punches between are kept as facts). The status key the person pressed on the
//     terminal is stored but does not decide: people press the wrong key, the order does not lie.
import { addDays, dateKeyInZone, instantInZone } from '@/lib/dates';
import { crossesMidnight, shiftWindow, type ShiftDay } from '@/features/attendance/lib/shift';

/** As features/daily-close/server/daily-close.ts: a night shift's day stays open this long after its end. */
export const NIGHT_SHIFT_GRACE_MS = 2 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:MM:SS' on the wall clock of `timeZone` → the instant. */
export function localToInstant(localTime: string, timeZone: string): Date {
  const [date, clock] = localTime.split(' ') as [string, string];
  const seconds = Number(clock.slice(6, 8) || 0);
  return new Date(instantInZone(date, clock.slice(0, 5), timeZone).getTime() + seconds * 1000);
}

const hasShift = (d: ShiftDay | undefined): d is ShiftDay & { shiftStart: string; shiftEnd: string } =>
  d?.status === 'kerja' && !!d.shiftStart && !!d.shiftEnd;

/** The shift day a punch at `at` counts for (see the rule above). `dayOf` gives the calendar's day. */
export function punchWorkDate(at: Date, timeZone: string, dayOf: (date: string) => ShiftDay | undefined): string {
  const today = dateKeyInZone(at, timeZone);
  const yesterday = dayOf(addDays(today, -1));
  if (hasShift(yesterday) && crossesMidnight(yesterday.shiftStart, yesterday.shiftEnd)) {
    const end = shiftWindow(yesterday.date, yesterday.shiftStart, yesterday.shiftEnd, timeZone).end.getTime();
    let limit = end + NIGHT_SHIFT_GRACE_MS;
    const own = dayOf(today);
    if (hasShift(own)) {
      const start = shiftWindow(today, own.shiftStart, own.shiftEnd, timeZone).start.getTime();
      if (start > end) limit = Math.min(limit, end + (start - end) / 2);
    }
    if (at.getTime() < limit) return yesterday.date;
  }
  return today;
}

/** The day's check-in and check-out from its machine punches (instants, any order). */
export function firstAndLast(instants: readonly Date[]): { checkIn: Date; checkOut: Date | null } | null {
  if (!instants.length) return null;
  const sorted = [...instants].sort((a, b) => a.getTime() - b.getTime());
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  return { checkIn: first, checkOut: last.getTime() > first.getTime() ? last : null };
}
