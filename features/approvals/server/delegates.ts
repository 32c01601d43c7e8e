// A supervisor's delegate for a date range (docs/leave.md, "Nothing stalls"): while it covers today, the
// delegate takes the supervisor's step of the team's leave and overtime in the supervisor's place
// (features/approvals/server/routing.ts). A supervisor names their own; admin and HR name anyone's.
// Both the naming and its removal are audited.
import { db } from '@/lib/server/db';
import { badRequest, forbidden, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import { isStaff } from '@/lib/server/auth/policy';
import type { DelegateCandidatesQuery, DelegateInput } from '@/features/approvals/validation/approvals';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import type { DelegateCandidateDto, DelegateDto } from '@/features/approvals/types/approvals';

type Row = { id: string; supervisorId: string; delegateId: string; startDate: Date; endDate: Date };

async function toDtos(rows: Row[]): Promise<DelegateDto[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.supervisorId, r.delegateId]))];
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );
  return rows.map((r) => ({
    id: r.id,
    supervisorId: r.supervisorId,
    supervisorName: names.get(r.supervisorId) ?? '',
    delegateId: r.delegateId,
    delegateName: names.get(r.delegateId) ?? '',
    startDate: dateToKey(r.startDate),
    endDate: dateToKey(r.endDate),
  }));
}

/** GET /api/delegates: admin and HR see every naming; anyone else the ones they made or received. */
export async function listDelegates(actor: SessionUser): Promise<DelegateDto[]> {
  const rows = await db.supervisorDelegate.findMany({
    where: isStaff(actor) ? {} : { OR: [{ supervisorId: actor.id }, { delegateId: actor.id }] },
    orderBy: [{ startDate: 'desc' }, { createdAt: 'desc' }],
    take: 500,
  });
  return toDtos(rows);
}

/**
 * GET /api/delegates/candidates: the people a supervisor may name (every active account but their own), for
 * Tunjuk Pengganti. Admin and HR (who name anyone's) get the same list; anyone without a team gets none.
 */
export async function listDelegateCandidates(actor: SessionUser): Promise<DelegateCandidateDto[]> {
  if (!(await mayNameDelegate(actor))) return [];
  return db.user.findMany({
    where: candidatesWhere(actor),
    select: { id: true, name: true, position: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: 2000,
  });
}

async function mayNameDelegate(actor: SessionUser): Promise<boolean> {
  return isStaff(actor) || (await db.user.count({ where: { supervisorId: actor.id } })) > 0;
}

function candidatesWhere(actor: SessionUser, search?: string): Prisma.UserWhereInput {
  const term = search?.trim();
  return {
    id: { not: actor.id },
    deactivatedAt: null,
    pendingApproval: false,
    ...(term
      ? {
          OR: [
            { name: { contains: term, mode: 'insensitive' } },
            { employeeNumber: { contains: term, mode: 'insensitive' } },
            { position: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

/** GET /api/delegates/candidates?limit=: one page of the candidates matching `search` (name, NIK, position), for the picker. */
export async function listDelegateCandidatesPage(
  actor: SessionUser,
  query: DelegateCandidatesQuery & { limit: number },
): Promise<PageInfo & { people: DelegateCandidateDto[] }> {
  const page = query.page ?? 1;
  const empty = { people: [], page, pageSize: query.limit, total: 0, totalPages: 1 };
  if (!(await mayNameDelegate(actor))) return empty;
  const where = candidatesWhere(actor, query.search);
  const [people, total] = await Promise.all([
    db.user.findMany({
      where,
      select: { id: true, name: true, position: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (page - 1) * query.limit,
      take: query.limit,
    }),
    db.user.count({ where }),
  ]);
  return { people, page, pageSize: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

const fail = (field: string, message: string) => badRequest(message, 'VALIDATION', { [field]: message });

/** POST /api/delegates: the supervisor (the caller, or for admin and HR `supervisorId`) names a delegate. */
export async function createDelegate(actor: SessionUser, input: DelegateInput): Promise<DelegateDto> {
  const supervisorId = input.supervisorId ?? actor.id;
  if (supervisorId !== actor.id && !isStaff(actor)) throw forbidden('Anda hanya dapat menunjuk pengganti untuk diri sendiri.');
  if (input.delegateId === supervisorId) throw fail('delegateId', 'Pengganti tidak boleh atasan itu sendiri');
  const team = await db.user.count({ where: { supervisorId } });
  if (!team) throw fail('supervisorId', 'Hanya atasan (yang memiliki anggota tim) yang dapat menunjuk pengganti');
  const delegate = await db.user.findUnique({ where: { id: input.delegateId }, select: { deactivatedAt: true, pendingApproval: true } });
  if (!delegate || delegate.deactivatedAt || delegate.pendingApproval) throw fail('delegateId', 'Pengganti tidak ditemukan');
  const row = await db.$transaction(async (tx) => {
    const created = await tx.supervisorDelegate.create({
      data: {
        supervisorId,
        delegateId: input.delegateId,
        startDate: dateKeyToDate(input.startDate),
        endDate: dateKeyToDate(input.endDate),
        createdById: actor.id,
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'approval.delegate',
      entity: 'SupervisorDelegate',
      entityId: created.id,
      targetUserId: supervisorId,
      after: { delegateId: input.delegateId, startDate: input.startDate, endDate: input.endDate },
    });
    return created;
  });
  return (await toDtos([row]))[0]!;
}

/** DELETE /api/delegates/{id}: the supervisor who named it, or admin and HR. */
export async function deleteDelegate(actor: SessionUser, id: string): Promise<{ message: string }> {
  const row = await db.supervisorDelegate.findUnique({ where: { id } });
  if (!row) throw notFound('Pengganti tidak ditemukan');
  if (row.supervisorId !== actor.id && !isStaff(actor)) throw forbidden('Anda hanya dapat menghapus pengganti yang Anda tunjuk.');
  await db.$transaction(async (tx) => {
    await tx.supervisorDelegate.delete({ where: { id } });
    await recordAudit(tx, {
      actor,
      kind: 'approval.delegate_remove',
      entity: 'SupervisorDelegate',
      entityId: id,
      targetUserId: row.supervisorId,
      before: { delegateId: row.delegateId, startDate: dateToKey(row.startDate), endDate: dateToKey(row.endDate) },
    });
  });
  return { message: 'Pengganti dihapus' };
}
