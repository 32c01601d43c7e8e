// Accounts and sessions: registration, login with database-backed rate limiting.
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { AppError, conflict, forbidden, unauthenticated } from '@/lib/server/errors';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import { signToken } from '@/lib/server/auth/token';
import { toUserDto, type UserDto } from '@/lib/server/dto';
import { accountDeactivated, accountPending, type SessionUser } from '@/lib/server/auth/session';
import { admitSelfRegistration, PENDING_REGISTERED } from '@/features/employees/server/registration';
import { recordAudit } from '@/lib/server/audit';
import type { RegisterPayload } from '@/features/auth/validation/auth';
import {
  assertGuessAllowed,
  checkAdminToken,
  LOGIN_MESSAGES,
  loginGuess,
  recordFailedGuess,
  recordSuccessfulGuess,
} from '@/features/auth/server/login-guard';
import { applyWorkplace, withOffices } from '@/features/calendar/server/workplace';
import { applyPeople } from '@/features/employees/server/people';
import { assertStaff, isAdmin } from '@/lib/server/auth/policy';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export type Session = { token: string; user: UserDto };

export function issueSession(user: Parameters<typeof toUserDto>[0] & { tokenVersion: number }): Session {
  return { token: signToken({ sub: user.id, role: user.role, tv: user.tokenVersion }), user: toUserDto(user) };
}

/** Password guesses are limited per account and address (features/auth/server/login-guard.ts). */
export async function login(input: { email: string; password: string }, ip: string): Promise<Session> {
  const user = await db.user.findUnique({ where: { email: input.email } });
  const guess = loginGuess(user, input.email, ip);
  await assertGuessAllowed(guess, LOGIN_MESSAGES);
  const ok = (await verifyPassword(input.password, user?.passwordHash)) && !!user;
  if (!ok || !user) {
    await recordFailedGuess(guess);
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await recordSuccessfulGuess(guess);
  // Only after the right password: a stranger learns nothing about the account.
  if (user.pendingApproval) throw accountPending();
  if (user.deactivatedAt) throw accountDeactivated();
  return issueSession(user);
}

/**
 * Self-registration (employee, or admin with the registration token) when `actor` is null, under the
 * company's registration policy and the per-address limit (`ip`); an admin adding a user (any role,
 * must change the password at first login) otherwise.
 */
export async function register(
  actor: SessionUser | null,
  input: RegisterPayload,
  ip = 'unknown',
): Promise<{ session: Session | null; user: UserDto; message: string }> {
  let role: 'admin' | 'hr' | 'employee' = 'employee';
  if (input.role) {
    if (!actor) throw unauthenticated('Silakan login sebagai administrator untuk menambah pengguna.');
    assertStaff(actor, 'Hanya administrator atau HR yang dapat menambah pengguna.');
    // HR adds employees; giving a role (HR, admin) stays the admin's (docs/roles.md).
    if (!isAdmin(actor) && input.role !== 'employee')
      throw forbidden('Hanya administrator yang dapat menambah akun HR atau administrator.');
    role = input.role;
  } else if (input.adminToken && input.adminToken.trim() !== '') {
    await checkAdminToken(input.adminToken.trim(), getEnv().ADMIN_REGISTRATION_TOKEN, input.email, ip);
    role = 'admin';
  }
  const addedByAdmin = !!input.role;
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict('Email sudah terdaftar', 'EMAIL_TAKEN');
  const workplace = {
    homeOfficeId: input.homeOfficeId,
    allowedOfficeIds: input.allowedOfficeIds,
    scheduleId: input.scheduleId,
    joinDate: input.joinDate,
  };
  const setsWorkplace = Object.values(workplace).some((v) => v !== undefined);
  if (setsWorkplace && !addedByAdmin) throw forbidden('Hanya administrator yang dapat menentukan kantor dan jadwal kerja.');
  const passwordHash = await hashPassword(input.password);
  // Ikut penggajian: the admin's choice when adding, else the role's default (admin accounts are not).
  const onPayroll = addedByAdmin && input.onPayroll !== undefined ? input.onPayroll : role !== 'admin';
  const data = {
    name: input.name,
    email: input.email,
    position: input.position,
    role,
    passwordHash,
    mustChangePassword: addedByAdmin,
    onPayroll,
  };
  // The same e-mail registered at the same moment (another request, maybe another instance): the unique index decides.
  const taken = (err: unknown): never => {
    if ((err as { code?: string })?.code === 'P2002') throw conflict('Email sudah terdaftar', 'EMAIL_TAKEN');
    throw err;
  };
  const user = addedByAdmin
    ? await db
        .$transaction(async (tx) => {
          const created = await tx.user.create({ data });
          await recordAudit(tx, {
            actor,
            kind: 'user.create',
            entity: 'User',
            entityId: created.id,
            targetUserId: created.id,
            after: {
              name: created.name,
              email: created.email,
              position: created.position,
              role: created.role,
              mustChangePassword: true,
              onPayroll: created.onPayroll,
            },
          });
          if (actor) await applyPeople(tx, actor, created.id, input);
          if (!setsWorkplace || !actor) return created;
          await applyWorkplace(tx, actor, created.id, workplace);
          return tx.user.findUniqueOrThrow({ where: { id: created.id }, include: withOffices });
        })
        .catch(taken)
    : await db
        .$transaction(async (tx) => {
          // An administrator registering with the token counts against the address's limit but is not
          // subject to the employees' policy.
          const { pendingApproval } = await admitSelfRegistration(tx, input.email, ip, role === 'employee');
          const created = await tx.user.create({ data: { ...data, pendingApproval } });
          await recordAudit(tx, {
            actor: { id: created.id, name: created.name, role: created.role },
            kind: 'user.register',
            entity: 'User',
            entityId: created.id,
            targetUserId: created.id,
            after: { email: created.email, role: created.role, pendingApproval },
          });
          return created;
        })
        .catch(taken);
  const message = addedByAdmin
    ? `Pengguna ${user.name} berhasil ditambahkan`
    : user.pendingApproval
      ? PENDING_REGISTERED
      : role === 'admin'
        ? 'Registrasi berhasil. Akun Admin berhasil dibuat.'
        : 'Registrasi berhasil';
  return { session: addedByAdmin || user.pendingApproval ? null : issueSession(user), user: toUserDto(user), message };
}
