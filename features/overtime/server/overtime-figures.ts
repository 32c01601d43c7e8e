// Overtime facts and figures (docs/overtime.md). The day kind and shift come from the calendar
// (absensi_calendar); the 5- or 6-day pattern from the schedule that applies; the payable figures are
// computed on every read from the approved window and the day's punches, never stored, so a corrected
// punch changes them. figuresOf() is the one computation of a day's payable overtime: the Lembur page
// (overtimeFiguresForRange) and Rekap Bulanan (features/recap/server/recap-rows.ts) both call it.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound, unprocessable } from '@/lib/server/errors';
import { calendarDays } from '@/features/calendar/server/calendar';
import { getDefaultSchedule, type ScheduleWithDays } from '@/features/calendar/server/schedules';
import { dateKeyInZone, dateKeyToDate, dateToKey, isoWeekday } from '@/lib/dates';
import {
  DEFAULT_ROUNDING_MINUTES,
  dayKindOf,
  equivalentHours,
  overtimeFigures,
  shiftEndAt,
  shortestWorkingDays,
  type DayKind,
  type MultiplierClass,
  type OvertimeFigures,
  type WeekDays,
} from '@/features/overtime/lib/rules';
import type { SessionUser } from '@/lib/server/auth/session';
import { isSelfOrStaff } from '@/lib/server/auth/policy';
import type { OvertimeRecap } from '@/features/overtime/types/overtime';

export type DayFacts = { dayKind: DayKind; weekDays: WeekDays; timezone: string; shiftStart: string | null; shiftEnd: string | null };

type Client = Prisma.TransactionClient | typeof db;

export async function roundingMinutes(client: Client = db): Promise<number> {
  const s = await client.settings.findUnique({ where: { id: 1 }, select: { overtimeRoundingMinutes: true } });
  return s?.overtimeRoundingMinutes ?? DEFAULT_ROUNDING_MINUTES;
}

/** Settings.overtimeCutiBersamaHolidayRate: holiday rates on a worked cuti bersama day (opt-in, default off). */
export async function cutiBersamaHolidayRate(): Promise<boolean> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { overtimeCutiBersamaHolidayRate: true } });
  return s?.overtimeCutiBersamaHolidayRate ?? false;
}

/**
 * The schedule that applies on `date`: the newest assignment covering it, else the employee's own, else
 * the company default (the same order as absensi_calendar). Roster cells change single days, not the week.
 */
export async function scheduleOn(userId: string, date: string): Promise<ScheduleWithDays> {
  const d = dateKeyToDate(date);
  const [assignment, user] = await Promise.all([
    db.scheduleAssignment.findFirst({
      where: { userId, startDate: { lte: d }, OR: [{ endDate: null }, { endDate: { gte: d } }] },
      orderBy: [{ startDate: 'desc' }, { createdAt: 'desc' }],
      select: { scheduleId: true },
    }),
    db.user.findUnique({ where: { id: userId }, select: { scheduleId: true } }),
  ]);
  const scheduleId = assignment?.scheduleId ?? user?.scheduleId;
  return (
    (scheduleId ? await db.workSchedule.findUnique({ where: { id: scheduleId }, include: { days: true } }) : null) ??
    (await getDefaultSchedule())
  );
}

/** 6 when the schedule has six or more working weekdays, else 5. */
export const weekDaysOfSchedule = (schedule: ScheduleWithDays): WeekDays =>
  schedule.days.filter((day) => day.start && day.end).length >= 6 ? 6 : 5;

/** The 5- or 6-day pattern of the schedule that applies on `date` (scheduleOn). */
export async function weekDaysOf(userId: string, date: string): Promise<WeekDays> {
  return weekDaysOfSchedule(await scheduleOn(userId, date));
}

/**
 * The employee's day as the calendar has it, in their office's zone, as an overtime day kind
 * (dayKindOf, docs/overtime.md):
 *   - a libur nasional on the shortest working day of the schedule that applies (6-day week, no roster
 *     cell that day) is libur_hari_pendek (PP 35/2021 art. 31(3));
 *   - a cuti bersama day off is a working day with the schedule's shift of that weekday (the calendar
 *     gives no shift on a day off), unless the company opted in to holiday rates.
 */
export async function dayFacts(userId: string, date: string): Promise<DayFacts> {
  const [day] = await calendarDays([userId], date, date);
  if (!day || day.status === 'belum_bergabung' || day.status === 'nonaktif')
    throw unprocessable('Karyawan belum bergabung atau sudah tidak aktif pada tanggal tersebut', 'OVERTIME_NOT_EMPLOYED');
  const [schedule, holidayRate, rosterCell] = await Promise.all([
    scheduleOn(userId, date),
    day.status === 'cuti_bersama' ? cutiBersamaHolidayRate() : false,
    day.status === 'libur_nasional' ? db.rosterEntry.findUnique({ where: { userId_date: { userId, date: dateKeyToDate(date) } } }) : null,
  ]);
  const weekDays = weekDaysOfSchedule(schedule);
  const weekday = isoWeekday(date);
  const dayKind = dayKindOf(day.status, {
    weekDays,
    shortestWorkingDay: !rosterCell && shortestWorkingDays(schedule.days).includes(weekday),
    cutiBersamaHolidayRate: holidayRate,
  });
  if (!dayKind) throw unprocessable('Karyawan belum bergabung atau sudah tidak aktif pada tanggal tersebut', 'OVERTIME_NOT_EMPLOYED');
  let shift = dayKind === 'kerja' ? { start: day.shiftStart, end: day.shiftEnd } : { start: null, end: null };
  if (dayKind === 'kerja' && day.status === 'cuti_bersama') {
    const own = schedule.days.find((d) => d.weekday === weekday);
    shift = { start: own?.start ?? null, end: own?.end ?? null };
  }
  return { dayKind, weekDays, timezone: day.timezone, shiftStart: shift.start, shiftEnd: shift.end };
}

/** An approved overtime row as figuresOf reads it (an OvertimeRequest row fits). */
export type FigureRow = {
  id: string;
  userId: string;
  date: Date;
  startAt: Date;
  endAt: Date;
  dayKind: string;
  weekDays: number;
  timezone: string;
  shiftStart: string | null;
  shiftEnd: string | null;
};

type DayPunch = {
  userId: string;
  date: string;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  shiftStart: string | null;
  shiftEnd: string | null;
  reviewDecision: string | null;
  zone: string | null;
  fixIn: Date | null;
  fixOut: Date | null;
};

/**
 * The effective times of each (employee, date), as the daily close takes them (docs/daily-close.md), in one
 * query: the day's record (its shift and office zone) and, per side, the check-in or check-out of the
 * latest decided approved correction that added one (tambah_jam). The corrections of the pairs' dates are
 * read once and reduced to one per (employee, date) and side (DISTINCT ON, in the order "latest decided"
 * means), then joined by hash: a month of 4,000 overtime days is two scans, not 8,000 index probes.
 */
function dayPunches(client: Client, pairs: { userId: string; date: string }[]): Promise<DayPunch[]> {
  const dates = pairs.map((p) => p.date).sort();
  const [from, to] = [dates[0]!, dates.at(-1)!];
  return client.$queryRaw<DayPunch[]>`
    WITH fix AS (
      SELECT c."userId", c.date, c."checkInAt", c."checkOutAt", c."decidedAt", c.id FROM "AttendanceCorrection" c
      WHERE c.status = 'approved' AND c.kind = 'tambah_jam' AND c.date BETWEEN ${from}::date AND ${to}::date
    )
    SELECT k.uid::text AS "userId", k.d::text AS date, a."checkInAt", a."checkOutAt", a."shiftStart", a."shiftEnd",
           a."reviewDecision"::text AS "reviewDecision", ao.timezone AS zone, fi."checkInAt" AS "fixIn", fo."checkOutAt" AS "fixOut"
    FROM unnest(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.date)}::date[]) AS k(uid, d)
    LEFT JOIN "Attendance" a ON a."userId" = k.uid AND a."workDate" = k.d
    LEFT JOIN "Office" ao ON ao.id = a."officeId"
    LEFT JOIN (SELECT DISTINCT ON ("userId", date) "userId", date, "checkInAt" FROM fix WHERE "checkInAt" IS NOT NULL
               ORDER BY "userId", date, "decidedAt" DESC NULLS FIRST, id DESC) fi ON fi."userId" = k.uid AND fi.date = k.d
    LEFT JOIN (SELECT DISTINCT ON ("userId", date) "userId", date, "checkOutAt" FROM fix WHERE "checkOutAt" IS NOT NULL
               ORDER BY "userId", date, "decidedAt" DESC NULLS FIRST, id DESC) fo ON fo."userId" = k.uid AND fo.date = k.d`;
}

/**
 * A day's payable overtime for each approved row (keyed by the row's id): the one computation the Lembur
 * page and Rekap Bulanan share. The times are the day's effective ones (dayPunches): an approved
 * correction's check-in or check-out where it added one, else the record's; a record whose face review was
 * rejected is no presence. `rounding` (minutes) and `client` (a transaction's, e.g. the period close's)
 * default to the settings and the database.
 */
export async function figuresOf(rows: readonly FigureRow[], rounding?: number, client: Client = db): Promise<Map<string, OvertimeFigures>> {
  const out = new Map<string, OvertimeFigures>();
  if (rows.length === 0) return out;
  const step = rounding ?? (await roundingMinutes(client));
  const key = (userId: string, date: string) => `${userId}|${date}`;
  const pairs = [...new Map(rows.map((r) => [key(r.userId, dateToKey(r.date)), { userId: r.userId, date: dateToKey(r.date) }])).values()];
  const byDay = new Map((await dayPunches(client, pairs)).map((p) => [key(p.userId, p.date), p]));
  for (const r of rows) {
    const date = dateToKey(r.date);
    const p = byDay.get(key(r.userId, date));
    const counted = p && p.reviewDecision !== 'rejected' ? p : null;
    // The record's own shift and zone when it has them (the day it was worked), else the request's.
    const shiftEnd =
      p?.shiftStart && p.shiftEnd
        ? shiftEndAt(date, p.shiftStart, p.shiftEnd, p.zone ?? r.timezone)
        : shiftEndAt(date, r.shiftStart, r.shiftEnd, r.timezone);
    out.set(
      r.id,
      overtimeFigures({
        startAt: r.startAt,
        endAt: r.endAt,
        dayKind: r.dayKind as DayKind,
        weekDays: r.weekDays === 6 ? 6 : 5,
        roundingMinutes: step,
        shiftEndAt: shiftEnd,
        checkInAt: p?.fixIn ?? counted?.checkInAt ?? null,
        checkOutAt: p?.fixOut ?? counted?.checkOutAt ?? null,
      }),
    );
  }
  return out;
}

/** Minutes per multiplier over several days, highest multiplier last. */
export function mergeClasses(list: readonly MultiplierClass[][]): MultiplierClass[] {
  const sums = new Map<number, number>();
  for (const classes of list) for (const c of classes) sums.set(c.multiplier, (sums.get(c.multiplier) ?? 0) + c.minutes);
  return [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([multiplier, minutes]) => ({ multiplier, minutes }));
}

/**
 * An employee's approved overtime from startDate to endDate (shift days, inclusive), less what was converted
 * to Cuti Pengganti (it is not paid): each day's figures,
 * the payable minutes per multiplier class and the total in equivalent hours (jam lembur setara).
 * The monthly recap calls this; it reads only facts, so it can be re-run at any time.
 */
export async function overtimeFiguresForRange(userId: string, startDate: string, endDate: string): Promise<OvertimeRecap> {
  const rows = await db.overtimeRequest.findMany({
    where: { userId, status: 'approved', convertedAt: null, date: { gte: dateKeyToDate(startDate), lte: dateKeyToDate(endDate) } },
    orderBy: [{ date: 'asc' }, { startAt: 'asc' }],
  });
  const rounding = await roundingMinutes();
  const figures = await figuresOf(rows, rounding);
  const days = rows.map((r) => ({
    id: r.id,
    date: dateToKey(r.date),
    workDate: dateKeyInZone(r.startAt, r.timezone),
    dayKind: r.dayKind as DayKind,
    figures: figures.get(r.id)!,
  }));
  const classes = mergeClasses(days.map((d) => d.figures.classes));
  return {
    userId,
    startDate,
    endDate,
    roundingMinutes: rounding,
    days,
    payableMinutes: days.reduce((sum, d) => sum + d.figures.payableMinutes, 0),
    classes,
    equivalentHours: equivalentHours(classes),
    openDays: days.filter((d) => d.figures.state !== 'dihitung').length,
  };
}

/** GET /api/overtime/recap/{userId}: the owner, their supervisor, admin and HR. */
export async function overtimeRecap(actor: SessionUser, userId: string, q: { startDate: string; endDate: string }): Promise<OvertimeRecap> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { supervisorId: true } });
  if (!isSelfOrStaff(actor, userId) && user?.supervisorId !== actor.id) throw forbidden();
  if (!user) throw notFound('Karyawan tidak ditemukan');
  return overtimeFiguresForRange(userId, q.startDate, q.endDate);
}
