// Overtime facts and figures (docs/overtime.md). The day kind and shift come from the calendar
// (absensi_calendar); the 5- or 6-day pattern from the schedule that applies; the payable figures are
// computed on every read from the approved window and the day's punches, never stored, so a corrected
// punch changes them. overtimeFiguresForRange() is what the monthly recap calls.
import { db } from '@/lib/server/db';
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

export async function roundingMinutes(): Promise<number> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { overtimeRoundingMinutes: true } });
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

type FigureRow = {
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

/**
 * Figures of approved rows (one query for the punches, one for the corrections). The times are the
 * day's effective ones, as the daily close takes them (docs/daily-close.md): an approved correction's
 * check-in or check-out where it added one (the latest decided), else the record's; a record whose face
 * review was rejected is no presence.
 */
export async function figuresOf(rows: readonly FigureRow[], rounding?: number): Promise<Map<string, OvertimeFigures>> {
  const out = new Map<string, OvertimeFigures>();
  if (rows.length === 0) return out;
  const step = rounding ?? (await roundingMinutes());
  const pairs = rows.map((r) => ({ userId: r.userId, date: r.date }));
  const [punches, fixes] = await Promise.all([
    db.attendance.findMany({
      where: { OR: rows.map((r) => ({ userId: r.userId, workDate: r.date })) },
      select: {
        userId: true,
        workDate: true,
        checkInAt: true,
        checkOutAt: true,
        shiftStart: true,
        shiftEnd: true,
        reviewDecision: true,
        office: { select: { timezone: true } },
      },
    }),
    db.attendanceCorrection.findMany({
      where: { status: 'approved', kind: 'tambah_jam', OR: pairs },
      select: { userId: true, date: true, checkInAt: true, checkOutAt: true },
      orderBy: [{ decidedAt: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const key = (userId: string, date: Date) => `${userId}|${dateToKey(date)}`;
  const byDay = new Map(punches.map((p) => [key(p.userId, p.workDate), p]));
  const checkInFix = new Map<string, Date>();
  const checkOutFix = new Map<string, Date>();
  for (const c of fixes) {
    if (c.checkInAt) checkInFix.set(key(c.userId, c.date), c.checkInAt);
    if (c.checkOutAt) checkOutFix.set(key(c.userId, c.date), c.checkOutAt);
  }
  for (const r of rows) {
    const date = dateToKey(r.date);
    const k = key(r.userId, r.date);
    const p = byDay.get(k);
    const counted = p && p.reviewDecision !== 'rejected' ? p : null;
    // The record's own shift and zone when it has them (the day it was worked), else the request's.
    const shiftEnd =
      p?.shiftStart && p.shiftEnd
        ? shiftEndAt(date, p.shiftStart, p.shiftEnd, p.office?.timezone ?? r.timezone)
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
        checkInAt: checkInFix.get(k) ?? counted?.checkInAt ?? null,
        checkOutAt: checkOutFix.get(k) ?? counted?.checkOutAt ?? null,
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
 * An employee's approved overtime from startDate to endDate (shift days, inclusive): each day's figures,
 * the payable minutes per multiplier class and the total in equivalent hours (jam lembur setara).
 * The monthly recap calls this; it reads only facts, so it can be re-run at any time.
 */
export async function overtimeFiguresForRange(userId: string, startDate: string, endDate: string): Promise<OvertimeRecap> {
  const rows = await db.overtimeRequest.findMany({
    where: { userId, status: 'approved', date: { gte: dateKeyToDate(startDate), lte: dateKeyToDate(endDate) } },
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
