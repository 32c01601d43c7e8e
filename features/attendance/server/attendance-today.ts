// Today's record and this month's summary of one employee (the employee dashboard).
import { db, sql } from '@/lib/server/db';
import { breakFigures } from '@/features/attendance/lib/breaks';
import { BREAK_RULE } from '@/features/attendance/server/attendance-break-sql';
import { allowedOffices, getMainOffice } from '@/features/offices/server/offices';
import { calendarDays } from '@/features/calendar/server/calendar';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import { monthlySummary } from '@/features/attendance/lib/rules';
import { crossesMidnight } from '@/features/attendance/lib/shift';
import type { MonthlySummary, TodayAttendance } from '@/features/attendance/types/attendance';
import { assertUserExists, marks, photoKindsSelect, type WithOffice } from '@/features/attendance/server/attendance-marks';

function todayDto(a: WithOffice, timezone: string): TodayAttendance {
  const m = marks(
    a,
    a.photos.map((p) => p.kind),
  );
  return {
    id: a.id,
    date: dateToKey(a.workDate),
    timezone,
    ...m,
    lateMinutes: a.lateMinutes,
    earlyMinutes: a.earlyMinutes,
    office: a.office ? { id: a.office.id, name: a.office.name } : null,
  };
}

/**
 * Today's record: the one dated today in its own office's zone, else a night shift from yesterday still
 * open. Without one, today in the home office's zone.
 */
export async function today(actor: SessionUser, userId: string): Promise<TodayAttendance> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  const now = new Date();
  const home = (await allowedOffices(userId))[0] ?? (await getMainOffice());
  const date = dateKeyInZone(now, home.timezone);
  const rows = await db.attendance.findMany({
    where: { userId, workDate: { gte: dateKeyToDate(addDays(date, -1)), lte: dateKeyToDate(addDays(date, 1)) } },
    include: photoKindsSelect,
    orderBy: { workDate: 'desc' },
  });
  const zoneOf = (r: WithOffice) => r.office?.timezone ?? home.timezone;
  const current =
    rows.find((r) => dateToKey(r.workDate) === dateKeyInZone(now, zoneOf(r))) ??
    rows.find(
      (r) =>
        dateToKey(r.workDate) === addDays(dateKeyInZone(now, zoneOf(r)), -1) && !r.checkOutAt && crossesMidnight(r.shiftStart, r.shiftEnd),
    );
  if (!current)
    return { id: null, date, timezone: home.timezone, checkIn: null, checkOut: null, lateMinutes: null, earlyMinutes: null, office: null };
  const date0 = dateToKey(current.workDate);
  const [rule] = await sql<{ breakPunch: boolean }>(BREAK_RULE, [userId, date0]);
  return {
    ...todayDto(current, zoneOf(current)),
    breakPunch: !!rule?.breakPunch && current.dayStatus === 'kerja',
    break: breakFigures(current),
  };
}

const WORKED_STATUSES = new Set(['hadir', 'dinas_luar', 'lupa_checkout']);
const LEAVE_STATUSES = new Set(['cuti', 'izin', 'sakit']);

/** This month so far for the employee dashboard (see monthlySummary for the formula; working days from the calendar). */
export async function summary(actor: SessionUser, userId: string, now = new Date()): Promise<MonthlySummary> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  const home = (await allowedOffices(userId))[0] ?? (await getMainOffice());
  const todayKey = dateKeyInZone(now, home.timezone);
  const first = `${todayKey.slice(0, 8)}01`;
  const monthStart = dateKeyToDate(first);
  const end = dateKeyToDate(todayKey);
  const [present, leaves, days] = await Promise.all([
    // A record a reviewer rejected is no presence.
    db.attendance.findMany({
      where: { userId, workDate: { gte: monthStart, lte: end }, OR: [{ reviewDecision: null }, { reviewDecision: 'confirmed' }] },
      select: { workDate: true },
    }),
    db.leaveRequest.findMany({
      where: { userId, status: 'approved', startDate: { lte: end }, endDate: { gte: monthStart } },
      select: { startDate: true, endDate: true },
    }),
    calendarDays([userId], first, todayKey),
  ]);
  // The days the daily close has classified (before today) count as classified, as in Laporan and the
  // recap (one source); the calendar and the raw records only for the days not closed yet.
  const stored = new Map(
    (
      await db.attendanceDay.findMany({
        where: { userId, date: { gte: monthStart, lt: end } },
        select: { date: true, status: true, calendarStatus: true },
      })
    ).map((d) => [dateToKey(d.date), d]),
  );
  const open = (d: string) => !stored.has(d);
  const storedWhere = (test: (d: { status: string; calendarStatus: string }) => boolean) =>
    [...stored].filter(([, d]) => test(d)).map(([k]) => k);
  const leaveDates: string[] = [];
  for (const l of leaves) {
    const from = dateToKey(l.startDate) > first ? dateToKey(l.startDate) : first;
    const to = dateToKey(l.endDate) < todayKey ? dateToKey(l.endDate) : todayKey;
    for (let d = from; d <= to; d = addDays(d, 1)) leaveDates.push(d);
  }
  return monthlySummary({
    today: todayKey,
    presentDates: [...present.map((r) => dateToKey(r.workDate)).filter(open), ...storedWhere((d) => WORKED_STATUSES.has(d.status))],
    leaveDates: [...leaveDates.filter(open), ...storedWhere((d) => LEAVE_STATUSES.has(d.status))],
    workingDates: [
      ...days.filter((d) => d.status === 'kerja' && open(d.date)).map((d) => d.date),
      ...storedWhere((d) => d.calendarStatus === 'kerja'),
    ],
    employedDates: [
      ...days.filter((d) => d.status !== 'belum_bergabung' && d.status !== 'nonaktif' && open(d.date)).map((d) => d.date),
      ...stored.keys(),
    ],
  });
}
