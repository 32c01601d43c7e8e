// The write statements of a break punch (docs/calendar.md, "Istirahat") and the SQL twin of
// breakFigures' minutes over the break (features/attendance/lib/breaks.ts). Like check-out's statement
// (attendance-punch-sql.ts): one conditional update that takes the one-time challenge and writes the
// request's flags in the same statement, so a replay, a race or a refused challenge writes nothing.
import type { Statement } from '@/lib/server/db';
import { challengeSql } from '@/features/attendance/server/challenge';
import { flagsSql } from '@/features/attendance/server/attendance-flags';
import { deviceSeenSql } from '@/features/attendance/server/attendance-punch-sql';

/** The break columns a statement returns (all null when it wrote nothing). */
export type BreakRow = {
  challengeTaken: number;
  id: string | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  breakStartAt: Date | null;
  breakEndAt: Date | null;
  breakAllowedMinutes: number | null;
};

const RETURNED = `id, "checkInAt", "checkOutAt", "breakStartAt", "breakEndAt", "breakAllowedMinutes"`;

/** A new flag brings a decided record back to Perlu Tinjauan, as at check-out ($n: the flags' JSON). */
const reopen = (flags: number) =>
  ['reviewDecision', 'reviewedById', 'reviewedAt', 'reviewNote']
    .map((c) => `"${c}" = CASE WHEN jsonb_array_length($${flags}::jsonb) > 0 THEN NULL ELSE "${c}" END`)
    .join(', ');

const statement = (
  action: 'break-start' | 'break-end',
  set: string,
  condition: string,
  n: { challenge: number; flags: number; device: number },
) => {
  const phase = action === 'break-start' ? 'break_start' : 'break_end';
  return `WITH ${challengeSql(action, { id: n.challenge, user: 1, now: 3 })}, a AS (
       UPDATE "Attendance" SET ${set}, "updatedAt" = $3::timestamptz, ${reopen(n.flags)}
        WHERE "userId" = $1::uuid AND "workDate" = $2::date AND "checkOutAt" IS NULL AND ${condition} AND EXISTS (SELECT 1 FROM ch)
        RETURNING ${RETURNED}
     ), ${flagsSql(phase, { flags: n.flags, device: n.device, user: 1 })},
     ${deviceSeenSql({ device: n.device, user: 1, now: 3 })}
     SELECT (SELECT count(*) FROM ch)::int AS "challengeTaken", a.* FROM (SELECT 1) one LEFT JOIN a ON true`;
};

/** Mulai Istirahat: $1 user, $2 the record's date, $3 now, $4 the allowed minutes, $5 challenge, $6 flags, $7 device. */
export const BREAK_START: Statement = {
  name: 'attendance_break_start_v1',
  text: statement('break-start', `"breakStartAt" = $3::timestamptz, "breakAllowedMinutes" = $4::int`, `"breakStartAt" IS NULL`, {
    challenge: 5,
    flags: 6,
    device: 7,
  }),
};

/** Selesai Istirahat: $1 user, $2 the record's date, $3 now, $4 challenge, $5 flags, $6 device. */
export const BREAK_END: Statement = {
  name: 'attendance_break_end_v1',
  text: statement('break-end', `"breakEndAt" = $3::timestamptz`, `"breakStartAt" IS NOT NULL AND "breakEndAt" IS NULL`, {
    challenge: 4,
    flags: 5,
    device: 6,
  }),
};

/**
 * Minutes over the break of the record `a` (breakFigures' overMinutes): the punched length in whole
 * minutes (an unfinished break until the check-out; none without either) less the allowed length.
 */
export const BREAK_OVER_SQL = (a: string) =>
  `CASE WHEN ${a}."breakStartAt" IS NULL OR coalesce(${a}."breakEndAt", ${a}."checkOutAt") IS NULL THEN 0
        ELSE greatest(0, floor(extract(epoch FROM (coalesce(${a}."breakEndAt", ${a}."checkOutAt") - ${a}."breakStartAt")) / 60)::int - coalesce(${a}."breakAllowedMinutes", 0)) END`;

/**
 * Whether the employee's schedule of `date` requires the break to be punched: the schedule a roster cell
 * was picked from, else (no cell, or a cell of its own hours: typed by hand, a Tukar Jadwal) the newest
 * schedule assignment covering the date, else the employee's schedule, else the company default, in the
 * calendar's order (docs/calendar.md). $1 user, $2 date.
 */
export const BREAK_RULE: Statement = {
  name: 'attendance_break_rule_v2',
  text: `SELECT coalesce(w."breakPunch", false) AS "breakPunch"
       FROM "User" u
       LEFT JOIN "RosterEntry" r ON r."userId" = u.id AND r.date = $2::date
       LEFT JOIN LATERAL (SELECT a."scheduleId" FROM "ScheduleAssignment" a
                           WHERE a."userId" = u.id AND a."startDate" <= $2::date AND (a."endDate" IS NULL OR a."endDate" >= $2::date)
                           ORDER BY a."startDate" DESC, a."createdAt" DESC LIMIT 1) asg ON true
       LEFT JOIN "WorkSchedule" w ON w.id = coalesce(r."scheduleId", asg."scheduleId", u."scheduleId",
                                                     (SELECT d.id FROM "WorkSchedule" d WHERE d."isDefault" ORDER BY d."createdAt", d.id LIMIT 1))
      WHERE u.id = $1::uuid`,
};
