// User management (admins and HR): the list, edits, deactivation and deletion, password resets. The caller's
// own account (profile, password change) is in profile.ts. HR manages every account but an administrator's
// and never changes a role: roles stay the admin's (docs/roles.md).
// Role changes, deletions and resets run in a transaction that locks every admin row first, so two
// admins demoting or deleting each other at once can never leave the company without an admin.
import { getEnv } from '@/lib/env';
import { db } from '@/lib/server/db';
import { badRequest, conflict, forbidden, notFound } from '@/lib/server/errors';
import { hashPassword } from '@/lib/server/auth/password';
import { toUserDto, type UserDto } from '@/lib/server/dto';
import type { SessionUser } from '@/lib/server/auth/session';
import { recordAudit } from '@/lib/server/audit';
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { applyWorkplace, withOffices } from '@/features/calendar/server/workplace';
import { closedMonthsNotice, type PeriodNotice } from '@/features/periods/server/period-notice';
import { classifyClosedDays } from '@/features/daily-close/server/reclassify';
import { applyPeople, withDivision } from '@/features/employees/server/people';
import type { ListUsersQuery, UpdateUserInput } from '@/features/employees/validation/users';
import { assertStaff, isAdmin } from '@/lib/server/auth/policy';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import type { PersonName, RoleCounts } from '@/features/employees/lib/users-page';

type Tx = Prisma.TransactionClient;

const EMAIL_TAKEN = 'Email sudah terdaftar';
export const LAST_ADMIN_DELETE = 'Administrator terakhir tidak dapat dihapus. Tambahkan administrator lain terlebih dahulu.';
export const LAST_ADMIN_DEMOTE = 'Administrator terakhir tidak dapat diubah rolenya. Tambahkan administrator lain terlebih dahulu.';

export const HR_NOT_ADMIN_ACCOUNT = 'HR tidak dapat mengelola akun administrator.';
export const HR_NO_ROLE_CHANGE = 'Hanya administrator yang dapat mengubah role pengguna.';

function assertAdmin(actor: SessionUser): void {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengelola karyawan.');
}

/** HR acts on every account but an administrator's (`role` is the target's). */
function assertMayManage(actor: SessionUser, role: string): void {
  if (!isAdmin(actor) && role === 'admin') throw forbidden(HR_NOT_ADMIN_ACCOUNT);
}

/** Locks every admin row until the transaction ends and checks an admin actor is still one of them. */
async function lockAdmins(tx: Tx, actor: SessionUser): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM "User" WHERE role = 'admin' ORDER BY id FOR UPDATE`;
  const ids = rows.map((r) => r.id);
  if (isAdmin(actor) && !ids.includes(actor.id)) throw forbidden('Hanya administrator yang dapat mengelola pengguna.');
  return ids;
}

export async function assertEmailFree(tx: Tx | typeof db, email: string, exceptId: string): Promise<void> {
  const other = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (other && other.id !== exceptId) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
}

/** Prisma's unique violation on email (a concurrent writer took it) reads as the same 409. */
export function mapUnique(err: unknown): never {
  if ((err as { code?: string })?.code === 'P2002') throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
  throw err;
}

function listWhere(query: ListUsersQuery, withSearch = true): Prisma.UserWhereInput {
  const search = withSearch ? query.search?.trim() : undefined;
  return {
    // Accounts waiting for approval are listed apart (GET /users/pending) and count nowhere.
    pendingApproval: false,
    // Deactivated (nonaktif) accounts are kept with their records but leave the active list.
    ...(query.status === 'semua' ? {} : { deactivatedAt: query.status === 'nonaktif' ? { not: null } : null }),
    ...(query.role ? { role: query.role } : {}),
    ...(query.ids ? { id: { in: query.ids } } : {}),
    ...(withSearch && query.divisionId ? { divisionId: query.divisionId === 'none' ? null : query.divisionId } : {}),
    ...(search
      ? {
          OR: [
            { employeeNumber: { contains: search, mode: 'insensitive' } },
            { name: { contains: search, mode: 'insensitive' } },
            { email: { contains: search, mode: 'insensitive' } },
            { position: { contains: search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
}

const ORDER: Prisma.UserOrderByWithRelationInput[] = [{ name: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }];

/** The pickers' list (GET /users?view=names): who, by name, without the workplace and division joins. */
export async function listUserNames(actor: SessionUser, query: ListUsersQuery = {}): Promise<PersonName[]> {
  assertStaff(actor);
  return db.user.findMany({
    where: listWhere(query),
    orderBy: ORDER,
    select: { id: true, name: true, role: true, position: true, email: true },
  });
}

export type NamesPage = PageInfo & { people: PersonName[] };

/**
 * One page of the pickers' list (GET /users?view=names&limit=): a picker asks the server for the few people
 * matching what was typed (name, NIK, email, position), never the whole company.
 */
export async function listUserNamesPage(actor: SessionUser, query: ListUsersQuery & { limit: number }): Promise<NamesPage> {
  assertStaff(actor);
  const page = query.page ?? 1;
  const where = listWhere(query);
  const [people, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: ORDER,
      skip: (page - 1) * query.limit,
      take: query.limit,
      select: { id: true, name: true, role: true, position: true, email: true },
    }),
    db.user.count({ where }),
  ]);
  return { people, page, pageSize: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

export async function listUsers(actor: SessionUser, query: ListUsersQuery = {}): Promise<UserDto[]> {
  assertStaff(actor);
  const users = await db.user.findMany({ where: listWhere(query), orderBy: ORDER, include: { ...withOffices, ...withDivision } });
  return users.map((u) => toUserDto(u));
}

export type UsersPage = PageInfo & { users: UserDto[]; roleCounts: RoleCounts };

/** One page of Kelola Karyawan: filtered, searched and counted in SQL, so a company of thousands never reaches the browser whole. */
export async function listUsersPage(actor: SessionUser, query: ListUsersQuery & { page: number }): Promise<UsersPage> {
  assertStaff(actor);
  const limit = query.limit ?? 20;
  const where = listWhere(query);
  const [users, total, byRole] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: ORDER,
      skip: (query.page - 1) * limit,
      take: limit,
      include: { ...withOffices, ...withDivision },
    }),
    db.user.count({ where }),
    db.user.groupBy({ by: ['role'], where: listWhere(query, false), _count: { _all: true } }),
  ]);
  const roleCounts: RoleCounts = { admin: 0, hr: 0, employee: 0 };
  for (const r of byRole) roleCounts[r.role as keyof RoleCounts] = r._count._all;
  return {
    users: users.map((u) => toUserDto(u)),
    roleCounts,
    page: query.page,
    pageSize: limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}

export async function updateUser(
  actor: SessionUser,
  id: string,
  input: UpdateUserInput,
): Promise<{ message: string; user: UserDto; periodNotice: PeriodNotice | null }> {
  assertAdmin(actor);
  const { user, periodNotice } = await db
    .$transaction(async (tx) => {
      const admins = await lockAdmins(tx, actor);
      const target = await tx.user.findUnique({ where: { id } });
      if (!target) throw notFound('Pengguna tidak ditemukan');
      assertMayManage(actor, target.role);
      if (!isAdmin(actor) && input.role !== target.role) throw forbidden(HR_NO_ROLE_CHANGE);
      if (target.role === 'admin' && input.role !== 'admin') {
        if (admins.length <= 1) throw conflict(LAST_ADMIN_DEMOTE, 'LAST_ADMIN');
        if (target.id === actor.id) throw conflict('Anda tidak dapat menurunkan role akun Anda sendiri.', 'SELF_DEMOTE');
      }
      await assertEmailFree(tx, input.email, id);
      if (input.supervisorId) {
        if (input.supervisorId === id)
          throw badRequest('Karyawan tidak dapat menjadi atasannya sendiri', 'VALIDATION', {
            supervisorId: 'Karyawan tidak dapat menjadi atasannya sendiri',
          });
        if (!(await tx.user.count({ where: { id: input.supervisorId } })))
          throw badRequest('Atasan tidak ditemukan', 'VALIDATION', { supervisorId: 'Atasan tidak ditemukan' });
      }
      const updated = await tx.user.update({
        where: { id },
        data: {
          name: input.name,
          email: input.email,
          position: input.position,
          role: input.role,
          ...(input.supervisorId !== undefined ? { supervisorId: input.supervisorId } : {}),
          ...(input.onPayroll !== undefined ? { onPayroll: input.onPayroll } : {}),
          // A new role means new menus and rights: the old sessions (which carry the role) end.
          ...(target.role !== input.role ? { tokenVersion: { increment: 1 } } : {}),
        },
      });
      await recordAudit(tx, {
        actor,
        kind: 'user.update',
        entity: 'User',
        entityId: id,
        targetUserId: id,
        before: {
          name: target.name,
          email: target.email,
          position: target.position,
          role: target.role,
          supervisorId: target.supervisorId,
          onPayroll: target.onPayroll,
        },
        after: {
          name: updated.name,
          email: updated.email,
          position: updated.position,
          role: updated.role,
          supervisorId: updated.supervisorId,
          onPayroll: updated.onPayroll,
        },
      });
      await applyWorkplace(tx, actor, id, input);
      await applyPeople(tx, actor, id, input);
      // Put on the payroll: the days already closed in open months get their rows now (off it, the rows
      // stay but no figure counts them). A closed month keeps its snapshot.
      if (updated.onPayroll && !target.onPayroll) await classifyClosedDays(tx, id);
      // A new home office, schedule or payroll membership reaches back over the whole employment; a closed
      // month keeps its days, and the answer says from when the change applies.
      const periodNotice = await closedMonthsNotice(tx);
      return { user: await tx.user.findUniqueOrThrow({ where: { id }, include: { ...withOffices, ...withDivision } }), periodNotice };
    })
    .catch(mapUnique);
  return { message: `Data karyawan ${user.name} berhasil diupdate`, user: toUserDto(user), periodNotice };
}

/**
 * Whether anything of the user's history exists: attendance, leave, balance entries, or audit rows about
 * them beyond the account's own management (user.*), logins (auth.*) and browsers subscribed to push
 * (push.*, which go with the account: PushSubscription cascades). Such a user is only deactivated.
 */
async function hasRecords(tx: Tx, id: string): Promise<boolean> {
  const [attendance, leave, ledger, audit] = await Promise.all([
    tx.attendance.count({ where: { userId: id }, take: 1 }),
    tx.leaveRequest.count({ where: { userId: id }, take: 1 }),
    tx.leaveLedgerEntry.count({ where: { userId: id }, take: 1 }),
    tx.auditLog.count({
      where: {
        targetUserId: id,
        NOT: [{ kind: { startsWith: 'user.' } }, { kind: { startsWith: 'auth.' } }, { kind: { startsWith: 'push.' } }],
      },
      take: 1,
    }),
  ]);
  return attendance + leave + ledger + audit > 0;
}

/** Today in the user's home office zone (the main office's when none). */
async function todayOf(tx: Tx, id: string): Promise<string> {
  const [row] = await tx.$queryRaw<{ today: string }[]>`
    SELECT (now() AT TIME ZONE coalesce(o.timezone, m.timezone, 'Asia/Jakarta'))::date::text AS today
    FROM "User" u
    LEFT JOIN "Office" o ON o.id = u."homeOfficeId"
    LEFT JOIN "Settings" s ON s.id = 1
    LEFT JOIN "Office" m ON m.id = s."mainOfficeId"
    WHERE u.id = ${id}::uuid`;
  return row?.today ?? new Date().toISOString().slice(0, 10);
}

/**
 * DELETE /users/{id}: a user with records is deactivated (nonaktif, end date today in their office's
 * zone, sessions ended, no login) and keeps every record; only a user with none is deleted.
 */
export async function deleteUser(actor: SessionUser, id: string): Promise<{ message: string; deactivated: boolean }> {
  assertAdmin(actor);
  const removed = await db.$transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor);
    const target = await tx.user.findUnique({ where: { id }, select: { id: true, name: true, role: true, deactivatedAt: true } });
    if (!target) throw notFound('Pengguna tidak ditemukan');
    assertMayManage(actor, target.role);
    if (target.role === 'admin' && admins.length <= 1) throw conflict(LAST_ADMIN_DELETE, 'LAST_ADMIN');
    if (target.id === actor.id) throw conflict('Anda tidak dapat menghapus akun Anda sendiri.', 'SELF_DELETE');
    const { deactivatedAt: _, ...before } = target;
    if (await hasRecords(tx, id)) {
      if (target.deactivatedAt) return { ...target, deactivated: true };
      const endDate = await todayOf(tx, id);
      // The token version moves on: every session of the account ends now.
      await tx.user.update({
        where: { id },
        data: { deactivatedAt: new Date(), endDate: dateKeyToDate(endDate), tokenVersion: { increment: 1 } },
      });
      await recordAudit(tx, {
        actor,
        kind: 'user.deactivate',
        entity: 'User',
        entityId: id,
        targetUserId: id,
        before,
        after: { deactivated: true, endDate },
        note: 'sessions ended; records kept',
      });
      return { ...target, deactivated: true };
    }
    // No history: the row goes, and with it every session (a token of a missing user is refused). Its
    // notifications go too (and their deliveries with them): they have no foreign key to cascade.
    await tx.notification.deleteMany({ where: { userId: id } });
    await tx.user.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'user.delete', entity: 'User', entityId: id, targetUserId: id, before });
    return { ...target, deactivated: false };
  });
  return {
    message: removed.deactivated
      ? `Karyawan ${removed.name} dinonaktifkan; riwayatnya tetap tersimpan`
      : `Karyawan ${removed.name} berhasil dihapus`,
    deactivated: removed.deactivated,
  };
}

/** POST /users/{id}/reactivate: a deactivated account works again (end date cleared), audited. */
export async function reactivateUser(actor: SessionUser, id: string): Promise<{ message: string; user: UserDto }> {
  assertAdmin(actor);
  const user = await db.$transaction(async (tx) => {
    await lockAdmins(tx, actor);
    const target = await tx.user.findUnique({ where: { id }, select: { id: true, endDate: true, role: true } });
    if (!target) throw notFound('Pengguna tidak ditemukan');
    assertMayManage(actor, target.role);
    const { count } = await tx.user.updateMany({
      where: { id, deactivatedAt: { not: null } },
      data: { deactivatedAt: null, endDate: null },
    });
    if (count !== 1) throw conflict('Akun ini masih aktif.', 'NOT_DEACTIVATED');
    await recordAudit(tx, {
      actor,
      kind: 'user.reactivate',
      entity: 'User',
      entityId: id,
      targetUserId: id,
      before: { deactivated: true, endDate: target.endDate ? dateToKey(target.endDate) : null },
      after: { deactivated: false },
    });
    return tx.user.findUniqueOrThrow({ where: { id }, include: withOffices });
  });
  return { message: `Karyawan ${user.name} berhasil diaktifkan kembali`, user: toUserDto(user) };
}

export async function resetPassword(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor);
  if (id === actor.id) throw conflict('Gunakan halaman Akun Saya untuk mengganti password Anda sendiri.', 'SELF_RESET');
  const password = getEnv().DEFAULT_EMPLOYEE_PASSWORD;
  const passwordHash = await hashPassword(password);
  const user = await db.$transaction(async (tx) => {
    await lockAdmins(tx, actor);
    const found = await tx.user.findUnique({ where: { id }, select: { id: true, mustChangePassword: true, role: true } });
    if (!found) throw notFound('Pengguna tidak ditemukan');
    assertMayManage(actor, found.role);
    const updated = await tx.user.update({
      where: { id },
      data: { passwordHash, tokenVersion: { increment: 1 }, mustChangePassword: true },
      select: { name: true },
    });
    await recordAudit(tx, {
      actor,
      kind: 'user.reset_password',
      entity: 'User',
      entityId: id,
      targetUserId: id,
      before: { mustChangePassword: found.mustChangePassword },
      after: { mustChangePassword: true },
      note: 'sessions ended',
    });
    return updated;
  });
  return { message: `Password ${user.name} berhasil direset ke "${password}"` };
}
