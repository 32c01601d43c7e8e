// Leave requests: apply (own only, no overlap), follow (own list and stats), approve/reject (admin, HR).
// Both writes are race-free: apply locks the employee's row while it checks for overlap and inserts;
// a status change is one conditional UPDATE that only a pending request can pass.
import { db } from '@/lib/server/db';
import { badRequest, conflict, forbidden, notFound } from '@/lib/server/errors';
import { allowedOffices, getMainOffice } from '@/lib/server/services/offices';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, daysInclusive, formatDateShort } from '@/lib/dates';
import { MAX_LEAVE_HORIZON_DAYS, MAX_PENDING_LEAVES, MSG, type LeaveApplyInput, type LeaveDto, type LeaveStats, type LeaveStatus } from '@/lib/validation/leave';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';

type Actor = Pick<SessionUser, 'id' | 'role'>;

export const DEFAULT_LIST_LIMIT = 1000;
export const ALREADY_PROCESSED = 'Pengajuan cuti sudah diproses';
export const LEAVE_NOT_FOUND = 'Pengajuan cuti tidak ditemukan';

const leaveInclude = {
  user: { select: { name: true, position: true } },
  processedBy: { select: { name: true } },
} satisfies Prisma.LeaveRequestInclude;

type LeaveRow = Prisma.LeaveRequestGetPayload<{ include: typeof leaveInclude }>;

export function toLeaveDto(r: LeaveRow): LeaveDto {
  const startDate = dateToKey(r.startDate);
  const endDate = dateToKey(r.endDate);
  return {
    id: r.id,
    _id: r.id,
    userId: r.userId,
    userName: r.user.name,
    userPosition: r.user.position,
    type: r.type,
    reason: r.reason,
    startDate,
    endDate,
    days: daysInclusive(startDate, endDate),
    appliedAt: r.appliedAt.toISOString(),
    status: r.status,
    processedAt: r.processedAt?.toISOString() ?? null,
    processedByName: r.processedBy?.name ?? null,
  };
}

const isStaff = (actor: Actor) => actor.role === 'admin' || actor.role === 'hr';

/** Employees see only themselves; admins and HR see anyone. */
function assertCanRead(actor: Actor, userId: string): void {
  if (!isStaff(actor) && actor.id !== userId) throw forbidden('Anda hanya dapat melihat data cuti Anda sendiri.');
}

export async function applyLeave(actor: Actor, input: LeaveApplyInput): Promise<LeaveDto> {
  if (actor.role !== 'employee') throw forbidden('Hanya karyawan yang dapat mengajukan cuti.');
  if (input.userId !== undefined && input.userId.toLowerCase() !== actor.id) {
    throw forbidden('Anda hanya dapat mengajukan cuti untuk diri sendiri.');
  }
  const { timezone } = (await allowedOffices(actor.id))[0] ?? (await getMainOffice());
  const today = dateKeyInZone(new Date(), timezone);
  if (input.startDate < today) throw badRequest(MSG.startPast, 'VALIDATION', { startDate: MSG.startPast });
  if (input.startDate > addDays(today, MAX_LEAVE_HORIZON_DAYS)) throw badRequest(MSG.startTooFar, 'VALIDATION', { startDate: MSG.startTooFar });

  const start = dateKeyToDate(input.startDate);
  const end = dateKeyToDate(input.endDate);
  const created = await db.$transaction(async (tx) => {
    // Serialises this employee's applications: a second one waits here until the first commits,
    // then sees its row in the overlap check.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${actor.id}::uuid FOR UPDATE`;
    const pending = await tx.leaveRequest.count({ where: { userId: actor.id, status: 'pending' } });
    if (pending >= MAX_PENDING_LEAVES) throw conflict(MSG.tooManyPending, 'TOO_MANY_PENDING_LEAVES');
    const clash = await tx.leaveRequest.findFirst({
      where: { userId: actor.id, status: { in: ['pending', 'approved'] }, startDate: { lte: end }, endDate: { gte: start } },
      orderBy: { startDate: 'asc' },
      select: { startDate: true, endDate: true, status: true },
    });
    if (clash) {
      const range = `${formatDateShort(dateToKey(clash.startDate))} - ${formatDateShort(dateToKey(clash.endDate))}`;
      const state = clash.status === 'approved' ? 'disetujui' : 'menunggu persetujuan';
      throw conflict(`Tanggal cuti bertabrakan dengan pengajuan lain yang ${state} (${range})`, 'LEAVE_OVERLAP');
    }
    return tx.leaveRequest.create({
      data: { userId: actor.id, type: input.type, startDate: start, endDate: end, reason: input.reason },
      include: leaveInclude,
    });
  });
  return toLeaveDto(created);
}

export async function listUserLeaves(actor: Actor, userId: string): Promise<LeaveDto[]> {
  assertCanRead(actor, userId);
  const rows = await db.leaveRequest.findMany({
    where: { userId },
    include: leaveInclude,
    orderBy: [{ appliedAt: 'desc' }, { id: 'desc' }],
    take: DEFAULT_LIST_LIMIT,
  });
  return rows.map(toLeaveDto);
}

export async function userLeaveStats(actor: Actor, userId: string): Promise<LeaveStats> {
  assertCanRead(actor, userId);
  const groups = await db.leaveRequest.groupBy({ by: ['status'], where: { userId }, _count: { _all: true } });
  const stats: LeaveStats = { total: 0, approved: 0, pending: 0, rejected: 0 };
  for (const g of groups) {
    stats[g.status] = g._count._all;
    stats.total += g._count._all;
  }
  return stats;
}

/**
 * Admin/HR list, newest first. Pending requests are always all there (they wait for a decision, and
 * each employee has at most MAX_PENDING_LEAVES of them); `limit` bounds only the processed ones.
 */
export async function listAllLeaves(actor: Actor, query: { status?: LeaveStatus; limit?: number } = {}): Promise<LeaveDto[]> {
  if (!isStaff(actor)) throw forbidden();
  const order = [{ appliedAt: 'desc' as const }, { id: 'desc' as const }];
  const take = query.limit ?? DEFAULT_LIST_LIMIT;
  const [pending, processed] = await Promise.all([
    query.status && query.status !== 'pending' ? [] : db.leaveRequest.findMany({ where: { status: 'pending' }, include: leaveInclude, orderBy: order }),
    query.status === 'pending' ? [] : db.leaveRequest.findMany({ where: query.status ? { status: query.status } : { status: { not: 'pending' } }, include: leaveInclude, orderBy: order, take }),
  ]);
  const rows = [...pending, ...processed].sort((a, b) => b.appliedAt.getTime() - a.appliedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return rows.map(toLeaveDto);
}

/** pending → approved | rejected, once: concurrent calls race on one conditional UPDATE and only one wins. */
export async function setLeaveStatus(actor: Actor, id: string, status: 'approved' | 'rejected'): Promise<LeaveDto> {
  if (!isStaff(actor)) throw forbidden('Hanya admin atau HR yang dapat memproses pengajuan cuti.');
  const owner = await db.leaveRequest.findUnique({ where: { id }, select: { userId: true } });
  if (!owner) throw notFound(LEAVE_NOT_FOUND);
  if (owner.userId === actor.id) throw forbidden(MSG.ownLeave);
  const { count } = await db.leaveRequest.updateMany({
    where: { id, status: 'pending', userId: { not: actor.id } },
    data: { status, processedAt: new Date(), processedById: actor.id },
  });
  const row = await db.leaveRequest.findUnique({ where: { id }, include: leaveInclude });
  if (!row) throw notFound(LEAVE_NOT_FOUND);
  if (count === 0) throw conflict(ALREADY_PROCESSED, 'LEAVE_ALREADY_PROCESSED');
  return toLeaveDto(row);
}
