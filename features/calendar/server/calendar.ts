// The one answer to "expected at work?" (docs/calendar.md): each employee-day's status, shift, office
// and zone, from the SQL function absensi_calendar (migration …_offices_schedules_holidays). Reports join
// that function in SQL; this module serves it to TypeScript (check-in, leave lengths, zones, the API).
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { daysInclusive, DEFAULT_TIMEZONE, zoneAbbreviation } from '@/lib/dates';
import type { CalendarQuery } from '@/features/calendar/validation/calendar';
import type { CalendarDay, CalendarDto } from '@/features/calendar/types/calendar';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';

export type { CalendarDay, CalendarDto } from '@/features/calendar/types/calendar';

type Row = Omit<CalendarDay, 'date'> & { date: string };

/** Every day from start to end for these users (all users when omitted); `client`: a transaction's, to see its rows. */
export async function calendarDays(
  userIds: string[] | null,
  start: string,
  end: string,
  client: Pick<typeof db, '$queryRaw'> = db,
): Promise<CalendarDay[]> {
  return client.$queryRaw<Row[]>`
    SELECT "userId"::text AS "userId", "date"::text AS "date", status, "officeId"::text AS "officeId", timezone,
           "shiftStart", "shiftEnd", "breakMinutes", "lateToleranceMinutes", "holidayKind", "holidayName"
    FROM absensi_calendar(${start}::date, ${end}::date, ${userIds}::uuid[])
    ORDER BY "userId", "date"`;
}

/** The zone of an employee's day: their home office's, else the main office's (the calendar's answer). */
export async function zoneOf(userId: string, date: string): Promise<string> {
  return (await zonesOf([{ userId, date }])).get(`${userId}|${date}`) ?? DEFAULT_TIMEZONE;
}

/** Pairs whose dates lie this close together are read in one calendar query. */
const ZONE_SPAN_DAYS = 31;

/**
 * The zone of each (employee, date) pair, keyed `userId|date`, from the calendar: one query per group
 * of pairs within ZONE_SPAN_DAYS of each other, so a list spread over a year does not make the calendar
 * compute every day between its ends. A pair whose employee does not exist is left out.
 */
export async function zonesOf(pairs: readonly { userId: string; date: string }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const sorted = [...pairs].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (let i = 0; i < sorted.length;) {
    // The group's first pair, and every later one at most ZONE_SPAN_DAYS after it (counted in days:
    // a date key past the year 9999 no longer sorts as text).
    let j = i + 1;
    while (j < sorted.length && daysInclusive(sorted[i]!.date, sorted[j]!.date) <= ZONE_SPAN_DAYS + 1) j++;
    const group = sorted.slice(i, j);
    const rows = await db.$queryRaw<{ userId: string; date: string; timezone: string }[]>`
      SELECT DISTINCT c."userId"::text AS "userId", c."date"::text AS "date", c.timezone
      FROM absensi_calendar(${group[0]!.date}::date, ${group[group.length - 1]!.date}::date, ${[...new Set(group.map((p) => p.userId))]}::uuid[]) c
      JOIN unnest(${group.map((p) => p.userId)}::uuid[], ${group.map((p) => p.date)}::date[]) AS p(u, d) ON p.u = c."userId" AND p.d = c."date"`;
    for (const r of rows) out.set(`${r.userId}|${r.date}`, r.timezone);
    i = j;
  }
  return out;
}

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
