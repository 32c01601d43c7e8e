// Attendance reports, aggregated in the database (docs/architecture.md "Reports are computed where the data is").
//
// The spec (section 7) computes on the client: present = records with a check-in, absent = days × employees
// − present, rate = present / days × 100. These figures keep its output shapes (section 3 "Derived values")
// with the corrections a user expects:
//   - only payroll members count: absensi_on_payroll (User.onPayroll, not waiting for approval), the same
//     people as the recap and the daily close, so HR staff on the payroll count and an admin off it does not;
//   - what a day is for each employee comes from the calendar (absensi_calendar, docs/calendar.md): only
//     working days (status kerja: their schedule, roster and holidays, after joining) can be absent,
//     and only days up to today;
//   - a working day without attendance but inside an approved leave is leave, not absence;
//   - a half day of leave counts 0.5, also on a day the other half was worked (docs/leave.md); an hourly
//     permission is no day of leave.
// One source with the recap (docs/recap.md): a day the daily close has classified (an AttendanceDay row, a
// day before today) is counted from that row — due when its calendar status was kerja, present when hadir,
// dinas luar or lupa check-out, its leaveDays, not absent when of leave status — so a closed month reads
// as it was closed and a correction or a review counts as the close counted it. Only the days not
// classified yet come from the calendar and the raw records, by the rules below.
// Per employee, over the period [start, min(end, today)]:
//   workingDays = calendar days with status kerja                  (the spec's totalDays)
//   present     = employed days with an attendance record (all have a check-in), rest days worked included
//   leave       = days of approved leave on working days: 1 a day without attendance, 0.5 a half day
//                 (with attendance or not; two halves of one day 1)
//   covered     = working days with approved leave and no attendance (a half day included: not absent)
//   absent      = workingDays − present on those working days − covered
//   rate        = present / (present + absent) × 100, 0 when nothing is due (leave days are neutral)
// The daily series counts the same cells per date, so its sums equal the per-employee sums.
// The report's "hari kerja" (summary.workingDays, totalDays) come from the employees' own working days
// (their totalDays: schedule, assignments, roster and their office's holidays) over [start, min(end, today)],
// among those employed over the whole period (someone who joined mid-period would only lower the figure):
// the range from the fewest to the most, and as the single figure the count most of them have (the fewer
// on a tie): 22–27 and 22 for October 2026 with two Mon–Fri employees and one Mon–Sat, 11 for one
// employee whose Mon–Sat assignment starts mid-period. Not the dates on which anyone at all was due: one
// Mon–Sat employee, or a roster cell on a Saturday, made every Saturday a working day of the whole report.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import { getMainOffice } from '@/features/offices/server/offices';
import type { SessionUser } from '@/lib/server/auth/session';
import { daysInclusive, dateKeyInZone } from '@/lib/dates';
import type { ReportPeriod } from '@/features/reports/validation/reports';
import type { EmployeeStat, DailyStat, ReportDto } from '@/features/reports/types/reports';
import { assertStaff } from '@/lib/server/auth/policy';

export type { EmployeeStat, DailyStat, ReportSummary, ReportDto } from '@/features/reports/types/reports';

export type PeriodContext = { timezone: string; start: string; end: string; today: string; officeId?: string | null };

/** Rate in percent with one decimal; 0 when nothing was due. */
export const rate = (present: number, due: number) => (due > 0 ? Math.round((present / due) * 1000) / 10 : 0);

type FigureRow = {
  /** 'e' an employee, 'd' a date. */
  kind: 'e' | 'd';
  key: string;
  name: string | null;
  position: string | null;
  joinDate: string | null;
  due: number;
  present: number;
  counted: number;
  leave: number;
  covered: number;
  working: boolean | null;
};

/**
 * One statement over the calendar (docs/calendar.md) without building every employee-day: an employee's
 * working days are those of their class — (schedule, home office), from absensi_class_days — between
 * joining (or the start) and leaving (or the last day), counted with running sums, corrected on the few
 * days that differ from the class (roster cells and assignment days, absensi_calendar's overrides).
 * Attendance, approved leave and those override days are the only per-cell rows. A record a reviewer
 * rejected is no attendance (the day is absent, or leave); someone who left before the period is not listed.
 * `due` = working days, `present` = attended employed days, `counted` = attended working days,
 * `leave` = days of approved leave on working days (a half day 0.5, with attendance or not), `covered` = working
 * days with approved leave and no attendance; absent = due − counted − covered.
 * Per employee ('e') and per day ('d'); the two sides sum to the same totals.
 */
async function periodFigures(p: PeriodContext): Promise<FigureRow[]> {
  const last = p.end < p.today ? p.end : p.today;
  const office = p.officeId ?? null;
  const query = db.$queryRaw<FigureRow[]>`
    WITH cfg AS (
      SELECT s."mainOfficeId" AS main, (SELECT w.id FROM "WorkSchedule" w WHERE w."isDefault" ORDER BY w."createdAt", w.id LIMIT 1) AS def
      FROM (SELECT 1) one LEFT JOIN "Settings" s ON s.id = 1
    ),
    emp AS MATERIALIZED (
      SELECT u.id, u.name, u.position, coalesce(u."homeOfficeId", cfg.main) AS office, coalesce(u."scheduleId", cfg.def) AS schedule, x.join_d,
             greatest(x.join_d, ${p.start}::date) AS lo, least(coalesce(u."endDate", ${last}::date), ${last}::date) AS hi
      FROM "User" u CROSS JOIN cfg
      LEFT JOIN "Office" o ON o.id = coalesce(u."homeOfficeId", cfg.main)
      CROSS JOIN LATERAL (SELECT coalesce(u."joinDate", (u."createdAt" AT TIME ZONE coalesce(o.timezone, 'Asia/Jakarta'))::date) AS join_d) x
      WHERE absensi_on_payroll(u) AND (u."endDate" IS NULL OR u."endDate" >= ${p.start}::date)
        -- by office: the office of the latest classified day in the period (as the recap groups a month),
        -- else the home office; so someone moved after a closed month stays in that month's office
        AND (${office}::uuid IS NULL OR coalesce(
          (SELECT ad."officeId" FROM "AttendanceDay" ad
           WHERE ad."userId" = u.id AND ad.date BETWEEN ${p.start}::date AND ${last}::date AND ad.date < ${p.today}::date
           ORDER BY ad.date DESC LIMIT 1),
          u."homeOfficeId", cfg.main) = ${office}::uuid)
    ),
    ids AS (SELECT coalesce(array_agg(id), '{}'::uuid[]) AS a FROM emp),
    cd AS MATERIALIZED (
      SELECT c."scheduleId" AS s, c."officeId" AS o, c."date" AS d, c.status = 'kerja' AS w
      FROM absensi_class_days(${p.start}::date, ${last}::date, (SELECT a FROM ids)) c
    ),
    cum AS MATERIALIZED (SELECT s, o, d, count(*) FILTER (WHERE w) OVER (PARTITION BY s, o ORDER BY d) AS c FROM cd),
    ov AS MATERIALIZED (
      SELECT c."userId" AS uid, c."date" AS d, c.status = 'kerja' AS w
      FROM absensi_calendar(${p.start}::date, ${last}::date, (SELECT a FROM ids), true) c
    ),
    -- the classified days (AttendanceDay, docs/daily-close.md) before today: they decide their employee-day;
    -- the calendar and the raw facts below count only the days not closed yet
    st AS MATERIALIZED (
      SELECT ad."userId" AS uid, ad.date AS d, e.schedule, e.office, ad."calendarStatus" = 'kerja' AS w,
             ad.status::text IN ('hadir', 'dinas_luar', 'lupa_checkout') AS worked,
             ad.status::text IN ('cuti', 'izin', 'sakit') AS off, ad."leaveDays" AS leave
      FROM "AttendanceDay" ad JOIN emp e ON e.id = ad."userId"
      WHERE ad.date BETWEEN ${p.start}::date AND ${last}::date AND ad.date < ${p.today}::date AND ad.date BETWEEN e.lo AND e.hi
    ),
    att AS MATERIALIZED (
      SELECT a."userId" AS uid, a."workDate" AS d, e.schedule, e.office
      FROM "Attendance" a JOIN emp e ON e.id = a."userId"
      WHERE a."workDate" BETWEEN ${p.start}::date AND ${last}::date AND a."workDate" BETWEEN e.lo AND e.hi
        AND a."reviewDecision" IS DISTINCT FROM 'rejected'
        AND NOT EXISTS (SELECT 1 FROM st WHERE st.uid = a."userId" AND st.d = a."workDate")
    ),
    -- the approved leave of each employee-date (an hourly permission is no day of leave): its days (a
    -- half 0.5, two halves 1) and whether it is only half days
    lv AS (
      SELECT l."userId" AS uid, g::date AS d, e.schedule, e.office,
             least(sum(CASE WHEN l."halfDay" IS NOT NULL THEN 0.5 ELSE 1 END), 1) AS days, bool_and(l."halfDay" IS NOT NULL) AS half
      FROM "LeaveRequest" l
      JOIN emp e ON e.id = l."userId"
      CROSS JOIN LATERAL generate_series(greatest(l."startDate", e.lo), least(l."endDate", e.hi), interval '1 day') g
      WHERE l.status = 'approved' AND l.hours IS NULL AND l."startDate" <= ${last}::date AND l."endDate" >= ${p.start}::date
        AND NOT EXISTS (SELECT 1 FROM st WHERE st.uid = l."userId" AND st.d = g::date)
      GROUP BY 1, 2, 3, 4
    ),
    -- one row per fact: an attended day (working or not), a working leave day (without attendance: its
    -- days, and not absent; with attendance: a half day's 0.5), and the correction of an override day
    -- against its class
    facts AS (
      SELECT att.uid, att.d, 0 AS corr, 1 AS present, coalesce(ov.w, cd.w, false)::int AS counted, 0::numeric AS leave, 0 AS covered
      FROM att LEFT JOIN cd ON cd.s = att.schedule AND cd.o = att.office AND cd.d = att.d LEFT JOIN ov ON ov.uid = att.uid AND ov.d = att.d
      UNION ALL
      SELECT lv.uid, lv.d, 0, 0, 0, lv.days, (NOT x.attended)::int
      FROM lv LEFT JOIN cd ON cd.s = lv.schedule AND cd.o = lv.office AND cd.d = lv.d LEFT JOIN ov ON ov.uid = lv.uid AND ov.d = lv.d
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM "Attendance" a WHERE a."userId" = lv.uid AND a."workDate" = lv.d AND a."reviewDecision" IS DISTINCT FROM 'rejected') AS attended) x
      WHERE coalesce(ov.w, cd.w, false) AND (NOT x.attended OR lv.half)
      UNION ALL
      SELECT ov.uid, ov.d, ov.w::int - coalesce(cd.w, false)::int, 0, 0, 0, 0
      FROM ov JOIN emp e ON e.id = ov.uid LEFT JOIN cd ON cd.s = e.schedule AND cd.o = e.office AND cd.d = ov.d
      WHERE ov.d BETWEEN e.lo AND e.hi AND NOT EXISTS (SELECT 1 FROM st WHERE st.uid = ov.uid AND st.d = ov.d)
      UNION ALL
      -- a classified day: due as it was classified (corrected against the class), present when worked
      -- (hadir, dinas luar, lupa check-out), its leave days and 'not absent' on a working day of leave status
      SELECT st.uid, st.d, st.w::int - coalesce(cd.w, false)::int, st.worked::int, (st.worked AND st.w)::int,
             CASE WHEN st.w THEN st.leave ELSE 0 END, (st.off AND st.w)::int
      FROM st LEFT JOIN cd ON cd.s = st.schedule AND cd.o = st.office AND cd.d = st.d
    ),
    agg AS MATERIALIZED (
      SELECT uid, d, GROUPING(uid) AS by_day, sum(corr) AS corr, sum(present) AS present, sum(counted) AS counted, sum(leave) AS leave,
             sum(covered) AS covered
      FROM facts
      GROUP BY GROUPING SETS ((uid), (d))
    ),
    base_e AS (
      SELECT e.id, CASE WHEN e.lo <= e.hi THEN coalesce(hi.c, 0) - coalesce(lo.c, 0) ELSE 0 END AS due
      FROM emp e
      LEFT JOIN cum hi ON hi.s = e.schedule AND hi.o = e.office AND hi.d = e.hi
      LEFT JOIN cum lo ON lo.s = e.schedule AND lo.o = e.office AND lo.d = e.lo - 1
    ),
    -- employees of each class employed on each day: +1 from their first counted day, −1 after their last
    ev AS (
      SELECT s, o, d, sum(n) AS n FROM (
        SELECT schedule AS s, office AS o, lo AS d, 1 AS n FROM emp WHERE lo <= hi
        UNION ALL SELECT schedule, office, hi + 1, -1 FROM emp WHERE lo <= hi AND hi < ${last}::date
      ) x GROUP BY s, o, d
    ),
    base_d AS (
      SELECT d, sum(CASE WHEN w THEN n ELSE 0 END) AS due
      FROM (SELECT cd.d, cd.w, sum(coalesce(ev.n, 0)) OVER (PARTITION BY cd.s, cd.o ORDER BY cd.d) AS n
            FROM cd LEFT JOIN ev ON ev.s = cd.s AND ev.o = cd.o AND ev.d = cd.d) x
      GROUP BY d
    )
    SELECT 'e' AS kind, m.id::text AS key, m.name, m.position, m.join_d::text AS "joinDate",
      (coalesce(b.due, 0) + coalesce(a.corr, 0))::int AS due, coalesce(a.present, 0)::int AS present,
      coalesce(a.counted, 0)::int AS counted, coalesce(a.leave, 0)::float8 AS leave, coalesce(a.covered, 0)::int AS covered,
      NULL::boolean AS working
    FROM emp m
    LEFT JOIN base_e b ON b.id = m.id
    LEFT JOIN agg a ON a.by_day = 0 AND a.uid = m.id
    WHERE m.join_d <= ${p.end}::date
    UNION ALL
    SELECT 'd', x.d::text, NULL, NULL, NULL, x.due::int, x.present::int, x.counted::int, x.leave::float8, x.covered::int, x.due > 0
    FROM (
      SELECT bd.d, coalesce(bd.due, 0) + coalesce(a.corr, 0) AS due, coalesce(a.present, 0) AS present,
             coalesce(a.counted, 0) AS counted, coalesce(a.leave, 0) AS leave, coalesce(a.covered, 0) AS covered
      FROM base_d bd LEFT JOIN agg a ON a.by_day = 1 AND a.d = bd.d
    ) x
    WHERE x.due > 0 OR x.present > 0`;
  // generate_series and the calendar functions are estimated at 1,000 rows, which leads the planner to
  // sorts and merge joins (and to JIT); hash joins of the few calendar rows are what this query wants.
  const [, , , rows] = await db.$transaction([
    db.$executeRaw`SET LOCAL jit = off`,
    db.$executeRaw`SET LOCAL enable_mergejoin = off`,
    db.$executeRaw`SET LOCAL work_mem = '64MB'`,
    query,
  ]);
  return rows;
}

export type PeriodFigures = { employees: EmployeeStat[]; daily: DailyStat[] };

export async function periodStats(p: PeriodContext): Promise<PeriodFigures> {
  const rows = await periodFigures(p);
  const employees: EmployeeStat[] = [];
  const daily: DailyStat[] = [];
  for (const r of rows) {
    const absent = Math.max(0, r.due - r.counted - r.covered);
    if (r.kind === 'd') {
      daily.push({ date: r.key, present: r.present, absent, leave: r.leave, workingDay: !!r.working });
      continue;
    }
    employees.push({
      userId: r.key,
      name: r.name ?? '',
      position: r.position ?? '',
      joinDate: r.joinDate ?? '',
      present: r.present,
      absent,
      leave: r.leave,
      leaveDaysOff: r.covered,
      totalDays: r.due,
      attendanceRate: rate(r.present, r.present + absent),
    });
  }
  employees.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.userId < b.userId ? -1 : 1));
  daily.sort((a, b) => (a.date < b.date ? -1 : 1));
  return { employees, daily };
}

/**
 * The report's hari kerja: the range of the working days of the employees employed over the whole period
 * (all of them when nobody was), and the count most of them have (the fewer days on a tie) as the single
 * figure (`totalDays`); 0 without employees.
 */
export function workingDaysOf(employees: EmployeeStat[], start: string): { min: number; max: number; usual: number } {
  const whole = employees.filter((e) => e.joinDate <= start);
  const days = (whole.length > 0 ? whole : employees).map((e) => e.totalDays);
  if (days.length === 0) return { min: 0, max: 0, usual: 0 };
  const count = new Map<number, number>();
  for (const d of days) count.set(d, (count.get(d) ?? 0) + 1);
  const usual = [...count.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  return { min: Math.min(...days), max: Math.max(...days), usual };
}

export async function employeeStats(p: PeriodContext): Promise<EmployeeStat[]> {
  return (await periodStats(p)).employees;
}

export type OfficeContext = Omit<PeriodContext, 'start' | 'end'>;

/** The main office's zone (company-wide figures use its date for "today") and today's date there. */
export async function officeContext(now = new Date(), officeId?: string | null): Promise<OfficeContext> {
  const main = await getMainOffice();
  const office = officeId && officeId !== main.id ? await db.office.findUnique({ where: { id: officeId } }) : main;
  if (!office) throw notFound('Kantor tidak ditemukan');
  return { timezone: office.timezone, today: dateKeyInZone(now, office.timezone), officeId: officeId ?? null };
}

/** GET /reports/summary: summary, daily series and per-employee statistics of a period. */
export async function reportSummary(
  actor: SessionUser,
  period: Omit<ReportPeriod, 'officeId'> & { officeId?: string | null },
): Promise<ReportDto> {
  assertStaff(actor);
  const p = { ...(await officeContext(new Date(), period.officeId)), start: period.startDate, end: period.endDate };
  const { employees, daily } = await periodStats(p);
  const people = await db.user.findMany({
    where: { id: { in: employees.map((e) => e.userId) } },
    select: { id: true, employeeNumber: true, division: { select: { name: true } } },
  });
  const personOf = new Map(people.map((u) => [u.id, u]));
  for (const e of employees) {
    e.employeeNumber = personOf.get(e.userId)?.employeeNumber ?? null;
    e.division = personOf.get(e.userId)?.division?.name ?? null;
  }
  const days = workingDaysOf(employees, p.start);
  let present = 0;
  let absent = 0;
  let leave = 0;
  for (const e of employees) {
    present += e.present;
    absent += e.absent;
    leave += e.leave;
  }
  return {
    summary: {
      totalEmployees: employees.length,
      totalPresent: present,
      totalAbsent: absent,
      totalLeave: leave,
      attendanceRate: rate(present, present + absent),
      dateRange: { startDate: period.startDate, endDate: period.endDate },
      totalDays: days.usual,
      workingDays: { min: days.min, max: days.max },
      calendarDays: daysInclusive(period.startDate, period.endDate),
      totalRecords: present,
    },
    dailyStats: daily,
    employeeStats: employees,
    timezone: p.timezone,
    today: p.today,
  };
}

/** The employee filter of the history screen, and the office timezone the pages format times in. */
export async function reportEmployees(actor: SessionUser) {
  assertStaff(actor);
  const [main, employees] = await Promise.all([
    getMainOffice(),
    db.user.findMany({
      where: { role: 'employee', pendingApproval: false },
      select: { id: true, name: true, email: true, position: true, homeOfficeId: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
  ]);
  return {
    timezone: main.timezone,
    today: dateKeyInZone(new Date(), main.timezone),
    employees: employees.map(({ homeOfficeId, ...e }) => ({ ...e, officeId: homeOfficeId ?? main.id })),
  };
}
