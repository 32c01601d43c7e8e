// Accounts and sessions: registration, login with database-backed rate limiting.
import { timingSafeEqual, createHash } from 'node:crypto';
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { AppError, conflict, forbidden, unauthenticated } from '@/lib/server/errors';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import { signToken } from '@/lib/server/auth/token';
import { toUserDto, type UserDto } from '@/lib/server/dto';
import { accountPending, type SessionUser } from '@/lib/server/auth/session';
import { admitSelfRegistration, PENDING_REGISTERED } from '@/lib/server/services/registration';
import { recordAudit } from '@/lib/server/services/audit';
import type { RegisterPayload } from '@/lib/validation/auth';

export const MAX_FAILED_LOGINS = 10;
/**
 * Per client address the limit is higher: an office's employees usually share one public address
 * (NAT), and a few typos each must not lock the whole office out; one address trying many accounts
 * is still stopped.
 */
export const MAX_FAILED_PER_ADDRESS = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid credentials';

export type Session = { token: string; user: UserDto };

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function issueSession(user: Parameters<typeof toUserDto>[0] & { tokenVersion: number }): Session {
  return { token: signToken({ sub: user.id, role: user.role, tv: user.tokenVersion }), user: toUserDto(user) };
}

/**
 * Password guesses against one account or from one address: failed logins and wrong current
 * passwords on a password change share one counter, so a stolen session cannot guess the password
 * either (10 per account, 50 per address in 15 minutes, then 429 for the rest of the window).
 */
export async function assertPasswordGuessesAllowed(email: string, ip: string, message = 'Terlalu banyak percobaan login. Silakan coba lagi dalam 15 menit.'): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    db.loginAttempt.count({ where: { email, success: false, createdAt: { gte: since } } }),
    db.loginAttempt.count({ where: { ip, success: false, createdAt: { gte: since } } }),
  ]);
  if (byEmail >= MAX_FAILED_LOGINS || byIp >= MAX_FAILED_PER_ADDRESS) throw new AppError(429, 'RATE_LIMITED', message);
}

export async function recordFailedPasswordGuess(email: string, ip: string): Promise<void> {
  await db.loginAttempt.create({ data: { email, ip, success: false } });
  // Old rows are useless for the window; keep the table small.
  await db.loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 24 * 3600 * 1000) } } });
}

export async function clearFailedPasswordGuesses(email: string): Promise<void> {
  await db.loginAttempt.deleteMany({ where: { email, success: false } });
}

export async function login(input: { email: string; password: string }, ip: string): Promise<Session> {
  await assertPasswordGuessesAllowed(input.email, ip);
  const user = await db.user.findUnique({ where: { email: input.email } });
  const ok = (await verifyPassword(input.password, user?.passwordHash)) && !!user;
  if (!ok || !user) {
    await recordFailedPasswordGuess(input.email, ip);
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await clearFailedPasswordGuesses(input.email);
  // Only after the right password: a stranger learns nothing about the account.
  if (user.pendingApproval) throw accountPending();
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
    if (actor.role !== 'admin') throw forbidden('Hanya administrator yang dapat menambah pengguna.');
    role = input.role;
  } else if (input.adminToken && input.adminToken.trim() !== '') {
    const expected = getEnv().ADMIN_REGISTRATION_TOKEN;
    if (!expected || !sameSecret(input.adminToken.trim(), expected)) throw forbidden('Admin token tidak valid');
    role = 'admin';
  }
  const addedByAdmin = !!input.role;
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict('Email sudah terdaftar', 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  const data = { name: input.name, email: input.email, position: input.position, role, passwordHash, mustChangePassword: addedByAdmin };
  // The same e-mail registered at the same moment (another request, maybe another instance): the unique index decides.
  const taken = (err: unknown): never => {
    if ((err as { code?: string })?.code === 'P2002') throw conflict('Email sudah terdaftar', 'EMAIL_TAKEN');
    throw err;
  };
  const user = addedByAdmin
    ? await db.user.create({ data }).catch(taken)
    : await db.$transaction(async (tx) => {
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
      }).catch(taken);
  const message = addedByAdmin
    ? `Pengguna ${user.name} berhasil ditambahkan`
    : user.pendingApproval
      ? PENDING_REGISTERED
      : role === 'admin'
        ? 'Registrasi berhasil. Akun Admin berhasil dibuat.'
        : 'Registrasi berhasil';
  return { session: addedByAdmin || user.pendingApproval ? null : issueSession(user), user: toUserDto(user), message };
}
