// The one answer to "expected at work?" (docs/calendar.md): each employee-day's status, shift and office,
// from the SQL function absensi_calendar (migration …_offices_schedules_holidays). Reports join that
// function in SQL; this module serves it to TypeScript (check-in, leave lengths, the API).
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { zoneAbbreviation } from '@/lib/dates';
import type { CalendarQuery } from '@/features/calendar/validation/calendar';
import type { CalendarDay } from '@/features/calendar/types/calendar';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';

export type { CalendarDay } from '@/features/calendar/types/calendar';

type Row = Omit<CalendarDay, 'date'> & { date: string };

/** Every day from start to end for these users (all users when omitted). */
export async function calendarDays(userIds: string[] | null, start: string, end: string): Promise<CalendarDay[]> {
  return db.$queryRaw<Row[]>`
    SELECT "userId"::text AS "userId", "date"::text AS "date", status, "officeId"::text AS "officeId", timezone,
           "shiftStart", "shiftEnd", "breakMinutes", "lateToleranceMinutes", "holidayKind", "holidayName"
    FROM absensi_calendar(${start}::date, ${end}::date, ${userIds}::uuid[])
    ORDER BY "userId", "date"`;
}

export type CalendarDto = {
  userId: string;
  startDate: string;
  endDate: string;
  days: (Omit<CalendarDay, 'userId'> & { zone: string; crossesMidnight: boolean })[];
};

/** GET /api/calendar/{userId}: the owner, admins and HR. */
export async function userCalendar(actor: SessionUser, userId: string, q: CalendarQuery): Promise<CalendarDto> {
  assertSelfOrStaff(actor, userId);
  const exists = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!exists) throw notFound('Pengguna tidak ditemukan');
  const days = await calendarDays([userId], q.startDate, q.endDate);
  return {
    userId,
    startDate: q.startDate,
    endDate: q.endDate,
    days: days.map(({ userId: _u, ...d }) => ({
      ...d,
      zone: zoneAbbreviation(d.timezone),
      crossesMidnight: !!d.shiftStart && !!d.shiftEnd && d.shiftEnd <= d.shiftStart,
    })),
  };
}
