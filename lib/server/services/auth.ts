// Accounts and sessions: registration, login with database-backed rate limiting.
import { timingSafeEqual, createHash } from 'node:crypto';
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { AppError, conflict, forbidden, unauthenticated } from '@/lib/server/errors';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import { signToken } from '@/lib/server/auth/token';
import { toUserDto, type UserDto } from '@/lib/server/dto';
import type { SessionUser } from '@/lib/server/auth/session';
import type { RegisterPayload } from '@/lib/validation/auth';
import { applyWorkplace, withOffices } from '@/lib/server/services/workplace';

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
  return issueSession(user);
}

/**
 * Self-registration (employee, or admin with the registration token) when `actor` is null;
 * an admin adding a user (any role, must change the password at first login) otherwise.
 */
export async function register(
  actor: SessionUser | null,
  input: RegisterPayload,
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
  const workplace = { homeOfficeId: input.homeOfficeId, allowedOfficeIds: input.allowedOfficeIds, scheduleId: input.scheduleId, joinDate: input.joinDate };
  const setsWorkplace = Object.values(workplace).some((v) => v !== undefined);
  if (setsWorkplace && !addedByAdmin) throw forbidden('Hanya administrator yang dapat menentukan kantor dan jadwal kerja.');
  const passwordHash = await hashPassword(input.password);
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: { name: input.name, email: input.email, position: input.position, role, passwordHash, mustChangePassword: addedByAdmin },
    });
    if (!setsWorkplace || !actor) return created;
    await applyWorkplace(tx, actor, created.id, workplace);
    return tx.user.findUniqueOrThrow({ where: { id: created.id }, include: withOffices });
  });
  const message = addedByAdmin
    ? `Pengguna ${user.name} berhasil ditambahkan`
    : role === 'admin'
      ? 'Registrasi berhasil. Akun Admin berhasil dibuat.'
      : 'Registrasi berhasil';
  return { session: addedByAdmin ? null : issueSession(user), user: toUserDto(user), message };
}
