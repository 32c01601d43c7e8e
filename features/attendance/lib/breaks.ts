// Istirahat: the punched break of a day (docs/calendar.md, "Istirahat"). Pure: the break service
// (features/attendance/server/attendance-break.ts) writes the punches, the histories and the recap read
// them through breakFigures (and BREAK_OVER_SQL, its SQL twin in features/attendance/server/attendance-break-sql.ts).
//   - The break lasts from Mulai Istirahat to Selesai Istirahat, in whole minutes rounded down
//     (12:00:40–13:25:10 is 84 minutes), like lateness.
//   - Minutes over the break: what it lasted beyond the schedule's allowed length (60 minutes allowed,
//     12:00–13:25: 25 over; 12:00–12:50: 0).
//   - An unfinished break (no Selesai Istirahat) lasts until the check-out: nobody was seen back at work
//     (12:00, check-out 17:00: 300 minutes, 240 over with 60 allowed). Without a check-out either, it has
//     no length yet and counts no minutes over.
//   - Worked minutes of a day with a punched break: check-in to check-out less the break as punched
//     (08:00–17:00 with 12:00–13:25: 540 − 85 = 455). Without break punches the schedule's fixed break
//     stays (08:00–17:00 with 60 minutes: 480).

const MINUTE = 60_000;

export type BreakPunches = {
  breakStartAt: Date | string | null;
  breakEndAt: Date | string | null;
  breakAllowedMinutes: number | null;
  checkInAt: Date | string;
  checkOutAt: Date | string | null;
};

/** The day's break as the history shows it; null when no break was punched. */
export type BreakFigures = {
  start: string;
  end: string | null;
  /** Allowed length (the schedule's or roster cell's break) at Mulai Istirahat. */
  allowedMinutes: number;
  /** Length in whole minutes; null while unfinished and not checked out. */
  minutes: number | null;
  overMinutes: number;
  /** No Selesai Istirahat: the break ran until the check-out. */
  unfinished: boolean;
  /** Check-in to check-out less the punched break; null before check-out. */
  workedMinutes: number | null;
};

const time = (v: Date | string) => (typeof v === 'string' ? new Date(v) : v);
const wholeMinutes = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / MINUTE));

export function breakFigures(r: BreakPunches): BreakFigures | null {
  if (!r.breakStartAt) return null;
  const start = time(r.breakStartAt);
  const until = r.breakEndAt ? time(r.breakEndAt) : r.checkOutAt ? time(r.checkOutAt) : null;
  const minutes = until ? wholeMinutes(start, until) : null;
  const allowed = r.breakAllowedMinutes ?? 0;
  return {
    start: start.toISOString(),
    end: r.breakEndAt ? time(r.breakEndAt).toISOString() : null,
    allowedMinutes: allowed,
    minutes,
    overMinutes: minutes === null ? 0 : Math.max(0, minutes - allowed),
    unfinished: !r.breakEndAt,
    workedMinutes: r.checkOutAt && minutes !== null ? Math.max(0, wholeMinutes(time(r.checkInAt), time(r.checkOutAt)) - minutes) : null,
  };
}
