// Rekap Bulanan's rows (docs/recap.md): every payroll member's figures of a month, live from the facts in
// SQL: the closed days (AttendanceDay, docs/daily-close.md), the approved leave on them, the approved
// overtime as the Lembur page figures it (figuresOf, docs/overtime.md) and the unreviewed face flags.
// recap.ts assembles them per office, and the period close stores them as the month's snapshot.
import type { db } from '@/lib/server/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { equivalentHours, type MultiplierClass } from '@/features/overtime/lib/rules';
import { figuresOf, roundingMinutes } from '@/features/overtime/server/overtime-figures';
import { dateKeyToDate, dateToKey, monthBounds } from '@/lib/dates';
import { BREAK_OVER_SQL } from '@/features/attendance/server/attendance-break-sql';
import type { LeaveCategory, RecapOvertime, RecapOvertimeDay, RecapRow } from '@/features/recap/types/recap';

type Client = Prisma.TransactionClient | typeof db;

/** The day figures with the employee's name, e-mail and position (joined in SQL: no list of 10,000 ids sent back). */
type DayAgg = Omit<RecapRow, 'officeName' | 'leaveByType' | 'overtime' | 'unresolvedFlags' | 'breakOverCount' | 'breakOverMinutes'>;

const WORKED = `('hadir', 'dinas_luar', 'lupa_checkout')`;

/** A member's closed days of the month at one office (almost always one office a month): its AttendanceMonth row. */
type ClosedAgg = Omit<DayAgg, 'name' | 'email' | 'position' | 'openDays' | 'cuti' | 'izin' | 'sakit'>;
/** A member's days of the month not closed yet (absensi_open_days), with the office of the last of them. */
type OpenAgg = { userId: string; officeId: string; workDays: number; openDays: number; lastDate: string };

/**
 * The day figures of every payroll member of the month: the closed days (AttendanceDay) and the days not
 * closed yet, counted apart and added up per member here. Payroll members are absensi_on_payroll()
 * (User.onPayroll, not waiting for approval): the definition the daily close and Tutup Periode's open-days
 * blocker use too, so the head-count, the open days and the blocker agree. A member's office is the office
 * of their last day of the month (closed or not). Leave days are counted apart (leaveDays below).
 *
 * The closed days are read from their month's sums (AttendanceMonth: one row per member and office, kept by
 * triggers on AttendanceDay in the transaction of every write), not added up from the month's days (a company
 * of 5,000 has 150,000 of them a month); docs/recap.md, "The month's sums". Only a member whose month spans two
 * offices needs the dates of their last days, read for them alone.
 */
async function dayAggregates(tx: Client, first: string, last: string, only: string[] | null): Promise<DayAgg[]> {
  const [closed, open, members] = await Promise.all([
    tx.$queryRawUnsafe<ClosedAgg[]>(
      `
      SELECT "userId"::text AS "userId", "officeId"::text AS "officeId", "workDays", present, "dinasLuar", "lateCount",
        "lateMinutes", "earlyCount", "earlyMinutes", alpa, libur, istirahat, "holidaysWorked", "restDaysWorked",
        "lupaCheckout", "correctedDays"
      FROM "AttendanceMonth"
      WHERE month = $1::date AND days > 0 AND ($2::uuid[] IS NULL OR "userId" = ANY ($2::uuid[]))`,
      first,
      only,
    ),
    // absensi_open_days computes the calendar (the costly part) only for members with a date of the month
    // that has no closed day, so a month whose days are all closed reads none of it.
    tx.$queryRawUnsafe<OpenAgg[]>(
      `
      SELECT "userId"::text AS "userId", (array_agg("officeId"::text ORDER BY date DESC))[1] AS "officeId",
        max(date)::text AS "lastDate", count(*) FILTER (WHERE status = 'kerja')::int AS "workDays", count(*)::int AS "openDays"
      FROM absensi_open_days($1::date, $2::date, $3::uuid[]) GROUP BY "userId"`,
      first,
      last,
      only,
    ),
    tx.$queryRawUnsafe<{ id: string; name: string; email: string; position: string }[]>(
      `
      SELECT id::text AS id, coalesce(name, '') AS name, coalesce(email, '') AS email, coalesce(position, '') AS position
      FROM "User" u WHERE absensi_on_payroll(u) AND ($1::uuid[] IS NULL OR id = ANY ($1::uuid[]))`,
      only,
    ),
  ]);
  const lastDates = await lastClosedDates(tx, first, last, closed, open);
  const member = new Map(members.map((m) => [m.id, m]));
  // Each member's row is made once as a literal and then only added to: a copy by spread or rest of an object
  // this wide costs about 5 µs in V8, and 5,000 of them were a quarter of the page's server time (docs/recap.md).
  const out = new Map<string, DayAgg>();
  /** The date of the member's last day of the month so far: whose office the row is. */
  const lastOf = new Map<string, string>();
  const blank = (userId: string, officeId: string): DayAgg => {
    const m = member.get(userId)!;
    return {
      userId,
      officeId,
      workDays: 0,
      present: 0,
      dinasLuar: 0,
      lateCount: 0,
      lateMinutes: 0,
      earlyCount: 0,
      earlyMinutes: 0,
      alpa: 0,
      libur: 0,
      istirahat: 0,
      holidaysWorked: 0,
      restDaysWorked: 0,
      lupaCheckout: 0,
      correctedDays: 0,
      openDays: 0,
      name: m.name,
      email: m.email,
      position: m.position,
      cuti: 0,
      izin: 0,
      sakit: 0,
    };
  };
  const SUMMED = [
    'workDays',
    'present',
    'dinasLuar',
    'lateCount',
    'lateMinutes',
    'earlyCount',
    'earlyMinutes',
    'alpa',
    'libur',
    'istirahat',
    'holidaysWorked',
    'restDaysWorked',
    'lupaCheckout',
    'correctedDays',
  ] as const;
  /** The member's row, made at their first office of the month; the office of a later last day replaces it. */
  const rowAt = (userId: string, officeId: string, lastDate: string): DayAgg => {
    let row = out.get(userId);
    if (!row) {
      row = blank(userId, officeId);
      out.set(userId, row);
      lastOf.set(userId, lastDate);
    } else if (lastDate > lastOf.get(userId)!) {
      // One row per member and date, so the last dates of two offices never tie.
      row.officeId = officeId;
      lastOf.set(userId, lastDate);
    }
    return row;
  };
  for (const c of closed) {
    if (!member.has(c.userId)) continue;
    const row = rowAt(c.userId, c.officeId, lastDates.get(`${c.userId} ${c.officeId}`) ?? '');
    for (const k of SUMMED) row[k] += c[k];
  }
  for (const o of open) {
    if (!member.has(o.userId)) continue;
    const row = rowAt(o.userId, o.officeId, o.lastDate);
    row.workDays += o.workDays;
    row.openDays += o.openDays;
  }
  return [...out.values()];
}

/**
 * The last closed day of the month per member and office ('userId officeId' → date), for the members whose
 * month has days at two offices or more (closed, or closed and open): their office is the one of their last
 * day. Everyone else has one office and needs no date: an index lookup for the few, not a read of the month.
 */
async function lastClosedDates(tx: Client, first: string, last: string, closed: ClosedAgg[], open: OpenAgg[]) {
  const offices = new Map<string, Set<string>>();
  for (const r of [...closed, ...open]) offices.set(r.userId, (offices.get(r.userId) ?? new Set()).add(r.officeId));
  const several = [...offices].filter(([, set]) => set.size > 1).map(([userId]) => userId);
  if (!several.length) return new Map<string, string>();
  const rows = await tx.$queryRaw<{ userId: string; officeId: string; lastDate: string }[]>`
    SELECT "userId"::text AS "userId", "officeId"::text AS "officeId", max(date)::text AS "lastDate" FROM "AttendanceDay"
    WHERE date BETWEEN ${first}::date AND ${last}::date AND "userId" = ANY (${several}::uuid[]) GROUP BY 1, 2`;
  return new Map(rows.map((r) => [`${r.userId} ${r.officeId}`, r.lastDate]));
}

type LeaveAgg = { userId: string; category: 'cuti' | 'izin' | 'sakit'; name: string; days: number };

/**
 * Days of leave per payroll member, category and type: every approved leave (not an hourly permission)
 * on a closed day it counts on — a day of leave status (a full day 1, each half 0.5: two halves of one
 * day count 1), or a half day on a day at work (hadir, lupa check-out, dinas luar: 0.5). A full-day leave
 * on a day the employee came in anyway does not count (the day is present). Two branches, so each reads
 * few rows: the month's days of leave status, and the month's half days (one date each) by the day's key.
 * The statuses are compared as the enum (not as text), so the (date, status) index finds the days of leave.
 */
async function leaveDays(tx: Client, first: string, last: string): Promise<LeaveAgg[]> {
  return tx.$queryRaw<LeaveAgg[]>`
    SELECT x."userId"::text AS "userId", x.category::text AS category, x.name, sum(x.days)::float8 AS days
    FROM (
      SELECT ad."userId", lr.category, coalesce(CASE WHEN ad."leaveId" = lr.id THEN ad."leaveTypeName" END, t.name, initcap(lr.category::text)) AS name,
             CASE WHEN lr."halfDay" IS NOT NULL THEN 0.5 ELSE 1 END AS days
      FROM "AttendanceDay" ad
      JOIN "LeaveRequest" lr ON lr."userId" = ad."userId" AND ad.date BETWEEN lr."startDate" AND lr."endDate"
      LEFT JOIN "LeaveTypeConfig" t ON t.id = lr."leaveTypeId"
      WHERE ad.date BETWEEN ${first}::date AND ${last}::date AND ad.status IN ('cuti', 'izin', 'sakit')
        AND lr.status = 'approved' AND lr.hours IS NULL
      UNION ALL
      SELECT ad."userId", lr.category, coalesce(CASE WHEN ad."leaveId" = lr.id THEN ad."leaveTypeName" END, t.name, initcap(lr.category::text)), 0.5
      FROM "LeaveRequest" lr
      JOIN "AttendanceDay" ad ON ad."userId" = lr."userId" AND ad.date = lr."startDate"
      LEFT JOIN "LeaveTypeConfig" t ON t.id = lr."leaveTypeId"
      WHERE lr.status = 'approved' AND lr.hours IS NULL AND lr."halfDay" IS NOT NULL
        AND lr."startDate" BETWEEN ${first}::date AND ${last}::date AND ad.status IN ${Prisma.raw(WORKED)}
    ) x
    JOIN "User" m ON m.id = x."userId" AND absensi_on_payroll(m)
    GROUP BY 1, 2, 3`;
}

async function flagCounts(tx: Client, first: string, last: string): Promise<{ userId: string; n: number }[]> {
  return tx.$queryRaw`
    SELECT "userId"::text AS "userId", count(*)::int AS n FROM "Attendance"
    WHERE "faceCheckStatus" = 'flagged' AND "reviewDecision" IS NULL AND "workDate" BETWEEN ${first}::date AND ${last}::date
    GROUP BY 1`;
}

/** Punched breaks of the month that are not rejected records (not presence), with their minutes over (BREAK_OVER_SQL). */
const breakOverRows = (first: string, last: string, only: string | null) => Prisma.sql`
  SELECT a."userId", a."workDate", ${Prisma.raw(BREAK_OVER_SQL('a'))} AS over
    FROM "Attendance" a
   WHERE a."workDate" BETWEEN ${first}::date AND ${last}::date AND a."breakStartAt" IS NOT NULL
     AND a."reviewDecision" IS DISTINCT FROM 'rejected' AND (${only}::uuid IS NULL OR a."userId" = ${only}::uuid)`;

/** Per employee: the days whose break ran over and the minutes over in all (docs/calendar.md, "Istirahat"). */
async function breakOverByUser(tx: Client, first: string, last: string) {
  return tx.$queryRaw<{ userId: string; count: number; minutes: number }[]>`
    SELECT "userId"::text AS "userId", count(*) FILTER (WHERE over > 0)::int AS count, coalesce(sum(over), 0)::int AS minutes
      FROM (${breakOverRows(first, last, null)}) b GROUP BY 1`;
}

/** One employee's days with a punched break and their minutes over (Rekap Saya's days behind the figure). */
export async function breakOverDaysOf(tx: Client, userId: string, first: string, last: string) {
  return tx.$queryRaw<{ date: string; overMinutes: number }[]>`
    SELECT to_char("workDate", 'YYYY-MM-DD') AS date, over::int AS "overMinutes" FROM (${breakOverRows(first, last, userId)}) b`;
}

/**
 * The approved overtime of the month per employee, less what was converted to Cuti Pengganti (paid or
 * credited, never both: docs/overtime.md): each row's payable minutes by figuresOf, the Lembur
 * page's own computation (an approved correction's times, a rejected record no presence), so a day shows
 * one payable time on both pages.
 */
/** The columns of an approved overtime row that figuresOf reads. */
const FIGURE_ROW = {
  id: true,
  userId: true,
  date: true,
  startAt: true,
  endAt: true,
  dayKind: true,
  weekDays: true,
  timezone: true,
  shiftStart: true,
  shiftEnd: true,
} as const;

async function overtimeByUser(tx: Client, first: string, last: string): Promise<Map<string, MultiplierClass[]>> {
  const [rows, rounding] = await Promise.all([
    tx.overtimeRequest.findMany({
      where: { status: 'approved', convertedAt: null, date: { gte: dateKeyToDate(first), lte: dateKeyToDate(last) } },
      select: FIGURE_ROW,
    }),
    roundingMinutes(tx),
  ]);
  // Through the same client: inside the period close's transaction (PGlite has one connection).
  const figures = await figuresOf(rows, rounding, tx);
  const out = new Map<string, MultiplierClass[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), ...figures.get(r.id)!.classes]);
  return out;
}

/**
 * One employee's approved overtime of the month, day by day (Rekap Saya's "the days behind" the overtime
 * figures): the same figuresOf() as the row above, so the days add up to the row's hours.
 */
export async function overtimeDaysOf(tx: Client, userId: string, first: string, last: string): Promise<RecapOvertimeDay[]> {
  const rows = await tx.overtimeRequest.findMany({
    where: { userId, status: 'approved', convertedAt: null, date: { gte: dateKeyToDate(first), lte: dateKeyToDate(last) } },
    select: { ...FIGURE_ROW, startTime: true, endTime: true },
    orderBy: [{ date: 'asc' }, { startAt: 'asc' }],
  });
  const figures = await figuresOf(rows, await roundingMinutes(tx), tx);
  return rows.map((r) => {
    const o = overtimeOf(figures.get(r.id)!.classes);
    return { id: r.id, date: dateToKey(r.date), startTime: r.startTime, endTime: r.endTime, ...o };
  });
}

/** Overtime minutes per multiplier, summed (an employee's month, or an office's total). */
export function overtimeOf(classes: readonly MultiplierClass[]): RecapOvertime {
  const sums = new Map<number, number>();
  for (const c of classes) sums.set(c.multiplier, (sums.get(c.multiplier) ?? 0) + c.minutes);
  const merged = [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([multiplier, minutes]) => ({ multiplier, minutes }));
  // Payable minutes: each minute counts once, whatever its multiplier.
  return {
    payableMinutes: merged.reduce((s, c) => s + c.minutes, 0),
    equivalentHours: equivalentHours(merged),
    classes: merged.map((c) => ({ ...c, hours: Math.round((c.minutes / 60) * 100) / 100 })),
  };
}

/** Every employee's row of the month (all offices), live from the facts: five queries in all (four at once, then the offices). */
export async function computeRecapRows(tx: Client, month: string, only: string[] | null = null): Promise<RecapRow[]> {
  const { first, last } = monthBounds(month);
  const [days, leaves, flags, overtime, breaks] = await Promise.all([
    dayAggregates(tx, first, last, only),
    leaveDays(tx, first, last),
    flagCounts(tx, first, last),
    overtimeByUser(tx, first, last),
    breakOverByUser(tx, first, last),
  ]);
  const breakOf = new Map(breaks.map((b) => [b.userId, b]));
  const offices = await tx.office.findMany({ select: { id: true, name: true } });
  const officeName = new Map(offices.map((o) => [o.id, o.name]));
  const leaveOf = new Map<string, Record<string, number>>();
  const typeCategoryOf = new Map<string, Record<string, LeaveCategory>>();
  const categoryOf = new Map<string, { cuti: number; izin: number; sakit: number }>();
  for (const l of leaves) {
    const byType = leaveOf.get(l.userId) ?? {};
    byType[l.name] = (byType[l.name] ?? 0) + l.days;
    leaveOf.set(l.userId, byType);
    typeCategoryOf.set(l.userId, { ...typeCategoryOf.get(l.userId), [l.name]: l.category });
    const c = categoryOf.get(l.userId) ?? { cuti: 0, izin: 0, sakit: 0 };
    c[l.category] += l.days;
    categoryOf.set(l.userId, c);
  }
  const flagOf = new Map(flags.map((f) => [f.userId, f.n]));
  // Added to the day figures' own rows (made in dayAggregates for this call), not copied: see there.
  return days
    .map(
      (d) =>
        Object.assign(d, categoryOf.get(d.userId), {
          officeName: officeName.get(d.officeId) ?? '',
          leaveByType: leaveOf.get(d.userId) ?? {},
          leaveCategories: typeCategoryOf.get(d.userId) ?? {},
          overtime: overtimeOf(overtime.get(d.userId) ?? []),
          unresolvedFlags: flagOf.get(d.userId) ?? 0,
          breakOverCount: breakOf.get(d.userId)?.count ?? 0,
          breakOverMinutes: breakOf.get(d.userId)?.minutes ?? 0,
        }) satisfies RecapRow,
    )
    .sort((a, b) => byName(a.officeName, b.officeName) || byName(a.name, b.name) || a.userId.localeCompare(b.userId));
}

/** Indonesian order (as localeCompare(…, 'id')), with the collator made once instead of looked up per comparison. */
const byName = new Intl.Collator('id').compare;
