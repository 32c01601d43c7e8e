// Reading the closed days (docs/daily-close.md): GET /api/attendance/days/{userId} and the days that
// histories show besides the punch records (absent days, leave, dinas luar), each with its correction
// trail (who, when, why) when it was corrected.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';
import { dateKeyToDate, dateToKey, zoneAbbreviation } from '@/lib/dates';
import type { DayDto } from '@/features/attendance/types/attendance';
import { type DayResult, type DaysQuery } from '@/features/corrections/validation/corrections';
import { dayLabel } from '@/features/daily-close/lib/day-label';

export type { CorrectionTrail, DayDto } from '@/features/attendance/types/attendance';

/** Days in a range for some users (optionally only some statuses), newest first. */
export async function storedDays(
  userIds: string[],
  start: string | null,
  end: string | null,
  statuses?: DayResult[],
): Promise<(DayDto & { userId: string })[]> {
  const rows = await db.attendanceDay.findMany({
    where: {
      userId: { in: userIds },
      ...(start || end ? { date: { ...(start ? { gte: dateKeyToDate(start) } : {}), ...(end ? { lte: dateKeyToDate(end) } : {}) } } : {}),
      ...(statuses ? { status: { in: statuses } } : {}),
    },
    orderBy: [{ date: 'desc' }, { userId: 'asc' }],
  });
  const correctionIds = rows.map((r) => r.correctionId).filter((id): id is string => !!id);
  const officeIds = [...new Set(rows.map((r) => r.officeId))];
  const [corrections, offices] = await Promise.all([
    db.attendanceCorrection.findMany({
      where: { id: { in: correctionIds } },
      select: {
        id: true,
        kind: true,
        reason: true,
        note: true,
        direct: true,
        requestedByName: true,
        decidedByName: true,
        decidedAt: true,
        decisionNote: true,
        original: true,
      },
    }),
    db.office.findMany({ where: { id: { in: officeIds } }, select: { id: true, name: true, timezone: true } }),
  ]);
  const correctionOf = new Map(corrections.map((c) => [c.id, c]));
  const officeOf = new Map(offices.map((o) => [o.id, o]));
  return rows.map((r) => {
    const c = r.correctionId ? correctionOf.get(r.correctionId) : undefined;
    const o = officeOf.get(r.officeId);
    return {
      userId: r.userId,
      date: dateToKey(r.date),
      status: r.status,
      label: dayLabel(r),
      calendarStatus: r.calendarStatus,
      shiftStart: r.shiftStart,
      shiftEnd: r.shiftEnd,
      attendanceId: r.attendanceId,
      checkInAt: r.checkInAt?.toISOString() ?? null,
      checkOutAt: r.checkOutAt?.toISOString() ?? null,
      lateMinutes: r.lateMinutes,
      earlyMinutes: r.earlyMinutes,
      leaveTypeName: r.leaveTypeName,
      leaveDays: r.leaveDays,
      halfDay: r.halfDay,
      lateExcusedMinutes: r.lateExcusedMinutes,
      earlyExcusedMinutes: r.earlyExcusedMinutes,
      office: o ? { ...o, zone: zoneAbbreviation(o.timezone) } : null,
      correction: c
        ? {
            id: c.id,
            kind: c.kind,
            reason: c.reason,
            note: c.note,
            direct: c.direct,
            requestedBy: c.requestedByName,
            decidedBy: c.decidedByName,
            decidedAt: c.decidedAt?.toISOString() ?? null,
            decisionNote: c.decisionNote,
            original: c.original ?? null,
          }
        : null,
    };
  });
}

/** GET /api/attendance/days/{userId}?startDate&endDate: the owner, admin and HR. */
export async function userDays(
  actor: SessionUser,
  userId: string,
  q: DaysQuery,
): Promise<{ userId: string; startDate: string; endDate: string; days: DayDto[] }> {
  assertSelfOrStaff(actor, userId);
  const exists = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!exists) throw notFound('Pengguna tidak ditemukan');
  const days = await storedDays([userId], q.startDate, q.endDate);
  return { userId, startDate: q.startDate, endDate: q.endDate, days: days.map(({ userId: _u, ...d }) => d) };
}

/** The statuses a history lists although the day has no punch record. */
export const HISTORY_DAY_STATUSES: DayResult[] = ['alpa', 'cuti', 'izin', 'sakit', 'dinas_luar', 'hadir', 'lupa_checkout'];
