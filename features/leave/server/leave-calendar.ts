// The team calendar (docs/leave.md): who is on leave each day of a month, by office. Admin and HR see
// everyone; a supervisor sees their team. Pending requests are shown too, marked as such.
import { db } from '@/lib/server/db';
import { forbidden } from '@/lib/server/errors';
import { getMainOffice } from '@/features/offices/server/offices';
import { addDays, dateKeyToDate, dateToKey, monthBounds } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { LeaveCalendarQuery } from '@/features/leave/validation/leave-ledger';
import type { LeaveCalendarDto } from '@/features/leave/types/leave';
import { isStaff } from '@/lib/server/auth/policy';
import { delegatingFor } from '@/features/approvals/server/routing';

export type { LeaveCalendarEntry, LeaveCalendarDto } from '@/features/leave/types/leave';

export async function leaveCalendar(actor: Pick<SessionUser, 'id' | 'role'>, q: LeaveCalendarQuery): Promise<LeaveCalendarDto> {
  const staff = isStaff(actor);
  // A supervisor's team, and the teams whose supervisor named them delegate for today.
  const team = staff ? {} : { supervisorId: { in: [actor.id, ...(await delegatingFor(actor.id))] } };
  if (!staff && !(await db.user.count({ where: team }))) throw forbidden('Kalender tim hanya untuk admin, HR dan atasan.');
  const { first, last } = monthBounds(q.month);
  const main = q.officeId ? await getMainOffice() : null;
  const office = q.officeId
    ? q.officeId === main?.id
      ? { OR: [{ homeOfficeId: q.officeId }, { homeOfficeId: null }] }
      : { homeOfficeId: q.officeId }
    : {};
  const rows = await db.leaveRequest.findMany({
    where: {
      status: { in: ['approved', 'pending'] },
      startDate: { lte: dateKeyToDate(last) },
      endDate: { gte: dateKeyToDate(first) },
      user: { ...office, ...team },
    },
    select: {
      id: true,
      userId: true,
      startDate: true,
      endDate: true,
      status: true,
      halfDay: true,
      hours: true,
      category: true,
      type: true,
      user: { select: { name: true } },
      leaveType: { select: { name: true } },
    },
    orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
  });
  const days: LeaveCalendarDto['days'] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const entries = rows
      .filter((r) => dateToKey(r.startDate) <= d && dateToKey(r.endDate) >= d)
      .map((r) => ({
        leaveId: r.id,
        userId: r.userId,
        userName: r.user.name,
        leaveTypeName: r.leaveType?.name ?? r.type,
        category: r.category,
        status: r.status,
        halfDay: r.halfDay,
        hours: r.hours,
      }));
    days.push({ date: d, entries });
  }
  return { month: q.month, officeId: q.officeId ?? null, days };
}

/** How many people this user decides the first step for (their team, and a team they are delegate for today): Persetujuan Tim shows when > 0. */
export async function teamSize(userId: string): Promise<number> {
  return db.user.count({ where: { supervisorId: { in: [userId, ...(await delegatingFor(userId))] } } });
}
