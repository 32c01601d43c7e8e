// Attendance reports, aggregated in the database (ARCHITECTURE.md "Reports are computed where the data is").
//
// The spec (section 7) computes on the client: present = records with a check-in, absent = days × employees
// − present, rate = present / days × 100. These figures keep its output shapes (section 3 "Derived values")
// with the corrections a user expects:
//   - only users with role 'employee' count;
//   - what a day is for each employee comes from the calendar (absensi_calendar, docs/calendar.md): only
//     working days (status kerja: their schedule, roster and holidays, after joining) can be absent,
//     and only days up to today;
//   - a working day without attendance but inside an approved leave is leave, not absence.
// Per employee, over the period [start, min(end, today)]:
//   workingDays = calendar days with status kerja                  (the spec's totalDays)
//   present     = employed days with an attendance record (all have a check-in), rest days worked included
//   leave       = working days with approved leave and no attendance
//   absent      = workingDays − present on those working days − leave
//   rate        = present / (present + absent) × 100, 0 when nothing is due (leave days are neutral)
// The daily series counts the same cells per date, so its sums equal the per-employee sums.
import { db } from '@/lib/server/db';
import { forbidden, notFound } from '@/lib/server/errors';
import { getMainOffice } from '@/lib/server/services/offices';
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

export type PeriodContext = { timezone: string; start: string; end: string; today: string; officeId?: string | null };

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
 * One statement: the calendar's cells of every employee (of the office, when asked) from start to `last`,
 * joined with attendance and approved leave, aggregated per employee ('e') and per day ('d').
 * `due` = working cells, `counted` = attended working cells, `present` = attended cells, `leave` =
 * working cells with approved leave and no attendance; absent = due − counted − leave on both sides.
 */
async function periodFigures(p: PeriodContext): Promise<FigureRow[]> {
  const last = p.end < p.today ? p.end : p.today;
  const office = p.officeId ?? null;
  const query = db.$queryRaw<FigureRow[]>`
    WITH cfg AS (SELECT "mainOfficeId" AS main FROM "Settings" WHERE id = 1),
    emp AS MATERIALIZED (
      SELECT u.id, u.name, u.position,
             coalesce(u."joinDate", (u."createdAt" AT TIME ZONE ${p.timezone})::date) AS join_d
      FROM "User" u LEFT JOIN cfg ON true
      WHERE u.role = 'employee' AND (${office}::uuid IS NULL OR coalesce(u."homeOfficeId", cfg.main) = ${office}::uuid)
    ),
    cal AS MATERIALIZED (
      SELECT c."userId" AS uid, c."date" AS d, c.status = 'kerja' AS working
      FROM absensi_calendar(${p.start}::date, ${last}::date, (SELECT array_agg(id) FROM emp)) c
      WHERE c.status NOT IN ('belum_bergabung', 'nonaktif')
    ),
    leave_days AS (
      SELECT DISTINCT l."userId" AS uid, g::date AS d
      FROM "LeaveRequest" l
      JOIN emp ON emp.id = l."userId"
      CROSS JOIN LATERAL generate_series(greatest(l."startDate", ${p.start}::date), least(l."endDate", ${last}::date), interval '1 day') g
      WHERE l.status = 'approved' AND l."startDate" <= ${last}::date AND l."endDate" >= ${p.start}::date
    ),
    cells AS (
      SELECT cal.uid, cal.d, cal.working, a.id IS NOT NULL AS present, ld.uid IS NOT NULL AS on_leave
      FROM cal
      LEFT JOIN "Attendance" a ON a."userId" = cal.uid AND a."workDate" = cal.d
      LEFT JOIN leave_days ld ON ld.uid = cal.uid AND ld.d = cal.d
    ),
    agg AS MATERIALIZED (
      SELECT uid, d, GROUPING(uid) AS by_day,
             count(*) FILTER (WHERE working) AS due,
             count(*) FILTER (WHERE present) AS present,
             count(*) FILTER (WHERE working AND present) AS counted,
             count(*) FILTER (WHERE working AND NOT present AND on_leave) AS leave
      FROM cells
      GROUP BY GROUPING SETS ((uid), (d))
    )
    SELECT 'e' AS kind, m.id::text AS key, m.name, m.position, m.join_d::text AS "joinDate",
      coalesce(a.due, 0)::int AS due, coalesce(a.present, 0)::int AS present, coalesce(a.counted, 0)::int AS counted,
      coalesce(a.leave, 0)::int AS leave, NULL::boolean AS working
    FROM emp m
    LEFT JOIN agg a ON a.by_day = 0 AND a.uid = m.id
    WHERE m.join_d <= ${p.end}::date
    UNION ALL
    SELECT 'd', a.d::text, NULL, NULL, NULL, a.due::int, a.present::int, a.counted::int, a.leave::int, a.due > 0
    FROM agg a
    WHERE a.by_day = 1 AND (a.due > 0 OR a.present > 0)`;
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

/** The main office's zone (company-wide figures use its date for "today") and today's date there. */
export async function officeContext(now = new Date(), officeId?: string | null): Promise<OfficeContext> {
  const main = await getMainOffice();
  const office = officeId && officeId !== main.id ? await db.office.findUnique({ where: { id: officeId } }) : main;
  if (!office) throw notFound('Kantor tidak ditemukan');
  return { timezone: office.timezone, today: dateKeyInZone(now, office.timezone), officeId: officeId ?? null };
}

/** GET /reports/summary: summary, daily series and per-employee statistics of a period. */
export async function reportSummary(actor: SessionUser, period: Omit<ReportPeriod, 'officeId'> & { officeId?: string | null }): Promise<ReportDto> {
  assertStaff(actor);
  const p = { ...(await officeContext(new Date(), period.officeId)), start: period.startDate, end: period.endDate };
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
  const [main, employees] = await Promise.all([
    getMainOffice(),
    db.user.findMany({ where: { role: 'employee' }, select: { id: true, name: true, email: true, position: true, homeOfficeId: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  ]);
  return {
    timezone: main.timezone,
    today: dateKeyInZone(new Date(), main.timezone),
    employees: employees.map(({ homeOfficeId, ...e }) => ({ ...e, officeId: homeOfficeId ?? main.id })),
  };
}
