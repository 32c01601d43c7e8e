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
//   present     = days with an attendance record (all have a check-in), weekend work included
//   leave       = working days after joining with approved leave and no attendance
//   absent      = workingDays − present on those working days − leave
//   rate        = present / (present + absent) × 100, 0 when nothing is due (leave days are neutral)
// The daily series counts the same cells per date, so its sums equal the per-employee sums.
import { sql } from '@/lib/generated/prisma/internal/prismaNamespace';
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

/** The period's cells: employees, working days, attendance and approved-leave days, up to `last`. */
function periodCells(p: PeriodContext) {
  const last = p.end < p.today ? p.end : p.today;
  return sql`
    WITH emp AS (
      SELECT u.id, u.name, u.position, (u."createdAt" AT TIME ZONE ${p.timezone})::date AS join_d
      FROM "User" u
      WHERE u.role = 'employee' AND (u."createdAt" AT TIME ZONE ${p.timezone})::date <= ${p.end}::date
    ),
    cal AS (
      SELECT g::date AS d, extract(isodow FROM g)::int = ANY(${p.workingDays}::int[]) AS working
      FROM generate_series(${p.start}::date, ${last}::date, interval '1 day') g
    ),
    days AS (SELECT d FROM cal WHERE working),
    att AS (
      SELECT a."userId" AS uid, a."workDate" AS d, (days.d IS NOT NULL AND a."workDate" >= emp.join_d) AS counted
      FROM "Attendance" a
      JOIN emp ON emp.id = a."userId"
      LEFT JOIN days ON days.d = a."workDate"
      WHERE a."workDate" BETWEEN ${p.start}::date AND ${last}::date
    ),
    lv AS (
      SELECT DISTINCT l."userId" AS uid, g::date AS d
      FROM "LeaveRequest" l
      CROSS JOIN LATERAL generate_series(GREATEST(l."startDate", ${p.start}::date), LEAST(l."endDate", ${last}::date), interval '1 day') g
      WHERE l.status = 'approved' AND l."startDate" <= ${last}::date AND l."endDate" >= ${p.start}::date
    ),
    leave_cells AS (
      SELECT lv.uid, lv.d
      FROM lv
      JOIN emp ON emp.id = lv.uid AND lv.d >= emp.join_d
      JOIN days ON days.d = lv.d
      WHERE NOT EXISTS (SELECT 1 FROM "Attendance" a WHERE a."userId" = lv.uid AND a."workDate" = lv.d)
    )`;
}

type EmployeeRow = { id: string; name: string; position: string; joinDate: string; workingDays: number; present: number; counted: number; leave: number };
type DayRow = { date: string; working: boolean; employed: number; present: number; counted: number; leave: number };

export async function employeeStats(p: PeriodContext): Promise<EmployeeStat[]> {
  const rows = await db.$queryRaw<EmployeeRow[]>`${periodCells(p)}
    SELECT emp.id::text AS id, emp.name, emp.position, emp.join_d::text AS "joinDate",
      (SELECT count(*) FROM days WHERE days.d >= emp.join_d)::int AS "workingDays",
      coalesce(pa.present, 0)::int AS present, coalesce(pa.counted, 0)::int AS counted, coalesce(pl.leave, 0)::int AS leave
    FROM emp
    LEFT JOIN (SELECT uid, count(*) AS present, count(*) FILTER (WHERE counted) AS counted FROM att GROUP BY uid) pa ON pa.uid = emp.id
    LEFT JOIN (SELECT uid, count(*) AS leave FROM leave_cells GROUP BY uid) pl ON pl.uid = emp.id
    ORDER BY emp.name, emp.id`;
  return rows.map((r) => {
    const absent = Math.max(0, r.workingDays - r.counted - r.leave);
    return {
      userId: r.id,
      name: r.name,
      position: r.position,
      joinDate: r.joinDate,
      present: r.present,
      absent,
      leave: r.leave,
      totalDays: r.workingDays,
      attendanceRate: rate(r.present, r.present + absent),
    };
  });
}

export async function dailyStats(p: PeriodContext): Promise<DailyStat[]> {
  const rows = await db.$queryRaw<DayRow[]>`${periodCells(p)}
    SELECT cal.d::text AS date, cal.working,
      (SELECT count(*) FROM emp WHERE emp.join_d <= cal.d)::int AS employed,
      coalesce(pa.present, 0)::int AS present, coalesce(pa.counted, 0)::int AS counted, coalesce(pl.leave, 0)::int AS leave
    FROM cal
    LEFT JOIN (SELECT d, count(*) AS present, count(*) FILTER (WHERE counted) AS counted FROM att GROUP BY d) pa ON pa.d = cal.d
    LEFT JOIN (SELECT d, count(*) AS leave FROM leave_cells GROUP BY d) pl ON pl.d = cal.d
    WHERE cal.working OR pa.present > 0
    ORDER BY cal.d`;
  return rows.map((r) => ({
    date: r.date,
    present: r.present,
    absent: r.working ? Math.max(0, r.employed - r.counted - r.leave) : 0,
    leave: r.leave,
    workingDay: r.working,
  }));
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
  const [employees, daily] = await Promise.all([employeeStats(p), dailyStats(p)]);
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
    db.user.findMany({ where: { role: 'employee' }, select: { id: true, name: true, email: true, position: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  ]);
  return { timezone: settings.timezone, today: dateKeyInZone(new Date(), settings.timezone), employees };
}
