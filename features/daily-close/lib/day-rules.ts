// The two rules of a worked day that depend on approved leave (docs/daily-close.md, "Half days and hourly
// permissions"). Pure: the daily close (features/daily-close/server/day-classify.ts) passes the shift's
// instants, the punch times and the approved requests of the day.
//
// Half a day off (`halfDay`): each half is half of the day's working minutes (the shift less its break,
// as the balance counts it: 08:00–17:00 with an hour's break = 480 minutes, 240 a half); the break falls
// between the halves. So:
//   - siang (the afternoon off): the day ends after the first half, 08:00 + 240 min = 12:00. A check-out
//     at 12:00 is not early; one at 11:45 is 15 minutes early.
//   - pagi (the morning off): the day starts at the second half, 17:00 − 240 min = 13:00, and lateness
//     counts from there with the schedule's tolerance (13:10 with no tolerance: 10 minutes late).
//   Without a break (08:00–16:00, 0 minutes) both halves meet at the midpoint, 12:00. A night shift
//   22:00–06:00 with an hour's break: 210 minutes a half, siang ends 01:30, pagi starts 02:30 the next day.
// Hourly permission (`hours`, Izin Jam): the approved minutes (hours × 60) cover the day's lateness
// (datang terlambat) or early leave (pulang cepat) up to that many minutes; a permission to leave the
// office for a while (keluar kantor) covers neither; one of no stated kind covers lateness first, then
// early leave, up to its minutes together.

export type HalfDay = 'pagi' | 'siang';
export type PermitKind = 'datang_terlambat' | 'pulang_cepat' | 'keluar_kantor';

const MINUTE = 60_000;

/** The part of a shift (its instants) left to work on a half day off; both halves off: nothing to work. */
export function halfDayWindow(
  shift: { start: Date; end: Date },
  breakMinutes: number,
  halves: readonly HalfDay[],
): { start: Date; end: Date } | null {
  const pagi = halves.includes('pagi');
  const siang = halves.includes('siang');
  if (pagi && siang) return null;
  const work = Math.max(0, (shift.end.getTime() - shift.start.getTime()) / MINUTE - Math.max(0, breakMinutes));
  const half = (work / 2) * MINUTE;
  if (siang) return { start: shift.start, end: new Date(shift.start.getTime() + half) };
  if (pagi) return { start: new Date(shift.end.getTime() - half), end: shift.end };
  return shift;
}

/** Minutes late against `start`: whole minutes after it, 0 up to the tolerance (as at the punch). */
export function lateAgainst(checkIn: Date, start: Date, toleranceMinutes: number | null): number {
  const late = Math.floor((checkIn.getTime() - start.getTime()) / MINUTE);
  return late > (toleranceMinutes ?? 0) ? late : 0;
}

/** Minutes early against `end`: whole minutes before it, rounded up (as at the punch). */
export function earlyAgainst(checkOut: Date, end: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - checkOut.getTime()) / MINUTE));
}

export type Excused = { late: number; early: number; lateExcused: number; earlyExcused: number };

/**
 * Late and early minutes after the day's approved hourly permissions: each covers its kind up to its
 * minutes (hours × 60, whole minutes); one of no kind covers lateness first, then early leave.
 */
export function excuse(late: number, early: number, permits: readonly { kind: PermitKind | null; hours: number }[]): Excused {
  let lateLeft = late;
  let earlyLeft = early;
  for (const p of permits) {
    let budget = Math.round(p.hours * 60);
    if (p.kind === 'datang_terlambat' || p.kind === null) {
      const used = Math.min(lateLeft, budget);
      lateLeft -= used;
      budget -= used;
    }
    if (p.kind === 'pulang_cepat' || p.kind === null) {
      const used = Math.min(earlyLeft, budget);
      earlyLeft -= used;
    }
  }
  return { late: lateLeft, early: earlyLeft, lateExcused: late - lateLeft, earlyExcused: early - earlyLeft };
}
