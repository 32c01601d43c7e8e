// Attendance reports, aggregated in the database (ARCHITECTURE.md "Reports are computed where the data is").
//
// The spec (section 7) computes on the client: present = records with a check-in, absent = days × employees
// − present, rate = present / days × 100. These figures keep its output shapes (section 3 "Derived values")
// with the corrections a user expects:
//   - only users with role 'employee' count;
//   - a day counts only from the employee's join date (createdAt's date in the office timezone);
//   - only working days (Settings.workingDays, ISO weekdays) and only days up to today can be absent;
//   - a working day without attendance but inside an approved leave is leave, not absence.
// Per employee, over the period [start, min(end, today)]:
//   workingDays = working days on or after the join date            (the spec's totalDays)
//   present     = days on or after joining with an attendance record (all have a check-in), weekend work included
//   leave       = working days after joining with approved leave and no attendance
//   absent      = workingDays − present on those working days − leave
//   rate        = present / (present + absent) × 100, 0 when nothing is due (leave days are neutral)
// The daily series counts the same cells per date, so its sums equal the per-employee sums.
import { db } from '@/lib/server/db';
import { forbidden } from '@/lib/server/errors';
import { getSettingsRow } from '@/lib/server/services/settings';
import type { SessionUser } from '@/lib/server/auth/session';
import { daysInclusive, dateKeyInZone } from '@/lib/dates';
import type { ReportPeriod } from '@/lib/validation/reports';

export type EmployeeStat = {
  userId: string;
  name: string;
  position: string;
  joinDate: string;
  present: number;
  absent: number;
  leave: number;
  totalDays: number;
  attendanceRate: number;
};
export type DailyStat = { date: string; present: number; absent: number; leave: number; workingDay: boolean };
export type ReportSummary = {
  totalEmployees: number;
  totalPresent: number;
  totalAbsent: number;
  totalLeave: number;
  attendanceRate: number;
  dateRange: { startDate: string; endDate: string };
  totalDays: number;
  calendarDays: number;
  totalRecords: number;
};
export type ReportDto = { summary: ReportSummary; dailyStats: DailyStat[]; employeeStats: EmployeeStat[]; timezone: string; today: string };

export type PeriodContext = { timezone: string; workingDays: number[]; start: string; end: string; today: string };

export function assertStaff(actor: SessionUser): void {
  if (actor.role !== 'admin' && actor.role !== 'hr') throw forbidden();
}

/** Rate in percent with one decimal; 0 when nothing was due. */
export const rate = (present: number, due: number) => (due > 0 ? Math.round((present / due) * 1000) / 10 : 0);

type FigureRow = {
  kind: 'e' | 'd';
  key: string;
  name: string | null;
  position: string | null;
  joinDate: string | null;
  due: number;
  present: number;
  counted: number;
  leave: number;
  working: boolean | null;
};

/**
 * One statement, one pass over the period's attendance: per employee ('e') and per day ('d') rows.
 * Cells are (employee, working day on or after joining, up to `last`); `counted` = attended cells,
 * `leave` = cells with approved leave and no attendance, `due` = all cells (per employee, or the
 * employees employed that day), so absent = due − counted − leave on both sides.
 */
async function periodFigures(p: PeriodContext): Promise<FigureRow[]> {
  const last = p.end < p.today ? p.end : p.today;
  const wd = p.workingDays;
  // ISO weekday of a date by integer arithmetic (2000-01-03 was a Monday): cheaper than extract() per row.
  const query = db.$queryRaw<FigureRow[]>`
    WITH emp AS MATERIALIZED (
      SELECT u.id, u.name, u.position, (u."createdAt" AT TIME ZONE ${p.timezone})::date AS join_d
      FROM "User" u WHERE u.role = 'employee' AND NOT u."pendingApproval"
    ),
    cal AS MATERIALIZED (
      SELECT g::date AS d, extract(isodow FROM g)::int = ANY(${wd}::int[]) AS working
      FROM generate_series(${p.start}::date, ${last}::date, interval '1 day') g
    ),
    -- working days from each calendar day to the end of the period: an employee's due days are the
    -- value at max(join date, start), found by an equi-join instead of a count per employee
    due_from AS (SELECT d, count(*) FILTER (WHERE working) OVER (ORDER BY d DESC) AS n FROM cal),
    -- employees employed on each day: a running sum of those who start counting that day
    employed AS (
      SELECT cal.d, sum(coalesce(s.n, 0)) OVER (ORDER BY cal.d) AS n
      FROM cal LEFT JOIN (SELECT greatest(join_d, ${p.start}::date) AS d, count(*) AS n FROM emp GROUP BY 1) s ON s.d = cal.d
    ),
    att_agg AS MATERIALIZED (
      SELECT a."userId" AS uid, a."workDate" AS d, GROUPING(a."userId") AS by_day, count(*) AS present,
        count(*) FILTER (WHERE (mod(mod(a."workDate" - DATE '2000-01-03', 7) + 7, 7) + 1) = ANY(${wd}::int[])) AS counted
      FROM "Attendance" a JOIN emp ON emp.id = a."userId" AND a."workDate" >= emp.join_d
      WHERE a."workDate" BETWEEN ${p.start}::date AND ${last}::date
      GROUP BY GROUPING SETS ((a."userId"), (a."workDate"))
    ),
    leave_cells AS (
      SELECT DISTINCT l."userId" AS uid, g::date AS d
      FROM "LeaveRequest" l
      JOIN emp ON emp.id = l."userId"
      CROSS JOIN LATERAL generate_series(greatest(l."startDate", emp.join_d, ${p.start}::date), least(l."endDate", ${last}::date), interval '1 day') g
      -- LIMIT keeps this a probe of the (userId, workDate) index per leave day, not a hash of all attendance
      LEFT JOIN LATERAL (SELECT 1 AS hit FROM "Attendance" a WHERE a."userId" = l."userId" AND a."workDate" = g::date LIMIT 1) x ON true
      WHERE l.status = 'approved' AND l."startDate" <= ${last}::date AND l."endDate" >= ${p.start}::date
        AND extract(isodow FROM g)::int = ANY(${wd}::int[]) AND x.hit IS NULL
    ),
    leave_agg AS MATERIALIZED (SELECT uid, d, GROUPING(uid) AS by_day, count(*) AS n FROM leave_cells GROUP BY GROUPING SETS ((uid), (d)))
    SELECT 'e' AS kind, m.id::text AS key, m.name, m.position, m.join_d::text AS "joinDate",
      coalesce(df.n, 0)::int AS due, coalesce(ae.present, 0)::int AS present, coalesce(ae.counted, 0)::int AS counted,
      coalesce(le.n, 0)::int AS leave, NULL::boolean AS working
    FROM emp m
    LEFT JOIN due_from df ON df.d = greatest(m.join_d, ${p.start}::date)
    LEFT JOIN att_agg ae ON ae.by_day = 0 AND ae.uid = m.id
    LEFT JOIN leave_agg le ON le.by_day = 0 AND le.uid = m.id
    WHERE m.join_d <= ${p.end}::date
    UNION ALL
    SELECT 'd', cal.d::text, NULL, NULL, NULL,
      CASE WHEN cal.working THEN e.n ELSE 0 END::int, coalesce(ad.present, 0)::int, coalesce(ad.counted, 0)::int,
      coalesce(ld.n, 0)::int, cal.working
    FROM cal
    JOIN employed e ON e.d = cal.d
    LEFT JOIN att_agg ad ON ad.by_day = 1 AND ad.d = cal.d
    LEFT JOIN leave_agg ld ON ld.by_day = 1 AND ld.d = cal.d
    WHERE cal.working OR ad.present > 0`;
  // The cost estimate of generate_series would switch on PostgreSQL's JIT, which costs more than the query.
  const [, rows] = await db.$transaction([db.$executeRaw`SET LOCAL jit = off`, query]);
  return rows;
}

export type PeriodFigures = { employees: EmployeeStat[]; daily: DailyStat[] };

export async function periodStats(p: PeriodContext): Promise<PeriodFigures> {
  const rows = await periodFigures(p);
  const employees: EmployeeStat[] = [];
  const daily: DailyStat[] = [];
  for (const r of rows) {
    const absent = Math.max(0, r.due - r.counted - r.leave);
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
      totalDays: r.due,
      attendanceRate: rate(r.present, r.present + absent),
    });
  }
  employees.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.userId < b.userId ? -1 : 1));
  daily.sort((a, b) => (a.date < b.date ? -1 : 1));
  return { employees, daily };
}

export async function employeeStats(p: PeriodContext): Promise<EmployeeStat[]> {
  return (await periodStats(p)).employees;
}

export type OfficeContext = Omit<PeriodContext, 'start' | 'end'>;

/** The office timezone, its working days and today's date there. */
export async function officeContext(now = new Date()): Promise<OfficeContext> {
  const s = await getSettingsRow();
  return { timezone: s.timezone, workingDays: s.workingDays, today: dateKeyInZone(now, s.timezone) };
}

/** GET /reports/summary: summary, daily series and per-employee statistics of a period. */
export async function reportSummary(actor: SessionUser, period: ReportPeriod): Promise<ReportDto> {
  assertStaff(actor);
  const p = { ...(await officeContext()), start: period.startDate, end: period.endDate };
  const { employees, daily } = await periodStats(p);
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
      totalDays: daily.filter((d) => d.workingDay).length,
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
  const [settings, employees] = await Promise.all([
    getSettingsRow(),
    db.user.findMany({ where: { role: 'employee', pendingApproval: false }, select: { id: true, name: true, email: true, position: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  ]);
  return { timezone: settings.timezone, today: dateKeyInZone(new Date(), settings.timezone), employees };
}
