// Reading leave: one employee's list and counts (own, or admin and HR), and the approval list (admin and
// HR: everyone; a supervisor: the team, and the teams whose supervisor named them delegate for today).
// The approval list pages on the server (page, limit; the total in X-Total-Count, the attendance
// history's convention) with the inbox's filters: status, month, office (docs/leave.md, "Persetujuan").
import { db } from '@/lib/server/db';
import { forbidden } from '@/lib/server/errors';
import { monthBounds, dateKeyToDate } from '@/lib/dates';
import { leaveInclude, leaveOmit, toLeaveDto } from '@/features/leave/server/leave';
import { delegatingFor, routeFor } from '@/features/approvals/server/routing';
import type { LeaveListQuery } from '@/features/leave/validation/leave';
import type { LeaveDto, LeaveStats } from '@/features/leave/types/leave';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { isStaff, assertSelfOrStaff } from '@/lib/server/auth/policy';

type Actor = Pick<SessionUser, 'id' | 'role'>;

export const DEFAULT_LIST_LIMIT = 1000;

/** Employees see only themselves; admins and HR see anyone. */
function assertCanRead(actor: Actor, userId: string): void {
  assertSelfOrStaff(actor, userId, 'Anda hanya dapat melihat data cuti Anda sendiri.');
}

export async function listUserLeaves(actor: Actor, userId: string): Promise<LeaveDto[]> {
  assertCanRead(actor, userId);
  const rows = await db.leaveRequest.findMany({
    where: { userId },
    include: leaveInclude,
    omit: leaveOmit,
    orderBy: [{ appliedAt: 'desc' }, { id: 'desc' }],
    take: DEFAULT_LIST_LIMIT,
  });
  return rows.map(toLeaveDto);
}

export async function userLeaveStats(actor: Actor, userId: string): Promise<LeaveStats> {
  assertCanRead(actor, userId);
  const groups = await db.leaveRequest.groupBy({ by: ['status'], where: { userId }, _count: { _all: true } });
  const stats: LeaveStats = { total: 0, approved: 0, pending: 0, rejected: 0, cancelled: 0 };
  for (const g of groups) {
    stats[g.status] = g._count._all;
    stats.total += g._count._all;
  }
  return stats;
}

/** Whose requests the caller decides: everyone (null) for admin and HR, else the teams (403 when none). */
async function scopeOf(actor: Actor): Promise<Prisma.LeaveRequestWhereInput> {
  if (isStaff(actor)) return {};
  const supervisors = [actor.id, ...(await delegatingFor(actor.id))];
  const team = { supervisorId: { in: supervisors } };
  if (!(await db.user.count({ where: team }))) throw forbidden();
  return { user: team };
}

/**
 * Admin and HR: every request; a supervisor (any role): the team's requests. Newest first. Pending
 * requests are always all there (they wait for a decision, and each employee has at most
 * MAX_PENDING_LEAVES of them); `limit` bounds only the processed ones.
 */
export async function listAllLeaves(actor: Actor, query: Pick<LeaveListQuery, 'status' | 'limit'> = {}): Promise<LeaveDto[]> {
  const scope = await scopeOf(actor);
  const order = [{ appliedAt: 'desc' as const }, { id: 'desc' as const }];
  const take = query.limit ?? DEFAULT_LIST_LIMIT;
  const [pending, processed] = await Promise.all([
    query.status && query.status !== 'pending'
      ? []
      : db.leaveRequest.findMany({ where: { ...scope, status: 'pending' }, include: leaveInclude, omit: leaveOmit, orderBy: order }),
    query.status === 'pending'
      ? []
      : db.leaveRequest.findMany({
          where: { ...scope, ...(query.status ? { status: query.status } : { status: { not: 'pending' } }) },
          include: leaveInclude,
          omit: leaveOmit,
          orderBy: order,
          take,
        }),
  ]);
  const rows = [...pending, ...processed].sort(
    (x, y) => y.appliedAt.getTime() - x.appliedAt.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0),
  );
  return rows.map(toLeaveDto);
}

/**
 * One page of the approval list (GET /leaves/all?page=…): filtered by status, by a month the leave
 * touches, by the employee's home office; newest first. A pending supervisor step carries its routing
 * (a delegate for today, the supervisor away, escalated to HR: Perlu Tinjauan).
 */
export async function pageLeaves(actor: Actor, q: LeaveListQuery): Promise<{ items: LeaveDto[] } & PageInfo> {
  const scope = await scopeOf(actor);
  const page = q.page ?? 1;
  const pageSize = q.limit ?? 20;
  const month = q.month ? monthBounds(q.month) : null;
  const where: Prisma.LeaveRequestWhereInput = {
    AND: [
      scope,
      q.status ? { status: q.status } : {},
      month ? { startDate: { lte: dateKeyToDate(month.last) }, endDate: { gte: dateKeyToDate(month.first) } } : {},
      q.officeId ? { user: { homeOfficeId: q.officeId } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.leaveRequest.findMany({
      where,
      include: leaveInclude,
      omit: leaveOmit,
      orderBy: [{ appliedAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.leaveRequest.count({ where }),
  ]);
  const items = await Promise.all(
    rows.map(async (r) => {
      const dto = toLeaveDto(r);
      if (dto.awaiting !== 'atasan') return dto;
      const route = await routeFor(r.user.supervisorId, r.appliedAt);
      return {
        ...dto,
        routing: { delegateName: route.delegateName ?? null, supervisorAway: !!route.supervisorAway, escalated: !!route.escalated },
      };
    }),
  );
  return { items, page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}
