// Password guessing without lock-outs by strangers (docs/quality.md, "Password guesses and lock-outs").
//
// Every guess is counted on the account (its user id: changing the e-mail changes nothing) and the
// client address (lib/server/client-ip.ts). Three limits, each refusing with 429 before the password
// is even compared:
// 1. Per (account, address), a progressive delay: 5 wrong passwords are free, then each next try
//    waits 15 s, 30 s, 1 min, … up to 15 min after the last wrong one (window: 1 hour).
// 2. Per account, a ceiling: 20 wrong passwords in an hour from addresses the account has never signed
//    in from lock it against all such addresses for an hour (renewed while they go on). Addresses the
//    owner has signed in from before (90 days) are never locked out, so a stranger who knows the
//    e-mail cannot keep the owner out. An administrator can lift the lock (audited: 'auth.lockout',
//    'auth.unlock').
// 3. Per address, 50 wrong guesses in 15 minutes over all accounts (one address trying many accounts).
// An e-mail with no account is counted under `email:<address>` and behaves exactly the same, so the
// answers never tell whether an account exists.
import { createHash, timingSafeEqual } from 'node:crypto';
import { db } from '@/lib/server/db';
import { AppError, forbidden, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { LoginLockDto } from '@/features/employees/types/users';
import { assertAdmin } from '@/lib/server/auth/policy';

export const GUESS_LIMITS = {
  pairFree: 5,
  pairBaseDelayMs: 15_000,
  pairMaxDelayMs: 15 * 60_000,
  pairWindowMs: 60 * 60_000,
  accountCeiling: 20,
  accountWindowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
  addressCeiling: 50,
  addressWindowMs: 15 * 60_000,
  knownAddressDays: 90,
} as const;

/** One guess: whose secret (accountKey), the real account if there is one, and from where. */
export type Guess = { accountKey: string; userId: string | null; email: string; ip: string };
export type GuessMessages = { wait: (minutes: number) => string; locked: string };

export const LOGIN_MESSAGES: GuessMessages = {
  wait: (m) => `Terlalu banyak percobaan login. Silakan coba lagi dalam ${m} menit.`,
  locked:
    'Terlalu banyak percobaan login yang salah untuk akun ini. Akun dikunci sementara untuk jaringan yang belum pernah Anda pakai: masuk dari jaringan yang biasa Anda pakai, coba lagi dalam 1 jam, atau hubungi administrator.',
};

export const PASSWORD_CHANGE_MESSAGES: GuessMessages = {
  wait: (m) => `Terlalu banyak percobaan password. Silakan coba lagi dalam ${m} menit.`,
  locked: 'Terlalu banyak percobaan password yang salah. Silakan coba lagi dalam 1 jam atau hubungi administrator.',
};

export function loginGuess(user: { id: string } | null, email: string, ip: string): Guess {
  return { accountKey: user ? user.id : `email:${email}`, userId: user?.id ?? null, email, ip };
}

/** How long the (account, address) pair waits after its `failures`-th wrong password. */
export function pairDelayMs(failures: number): number {
  if (failures < GUESS_LIMITS.pairFree) return 0;
  return Math.min(GUESS_LIMITS.pairMaxDelayMs, GUESS_LIMITS.pairBaseDelayMs * 2 ** (failures - GUESS_LIMITS.pairFree));
}

async function isKnownAddress(userId: string | null, ip: string): Promise<boolean> {
  if (!userId || ip === 'unknown') return false;
  const since = new Date(Date.now() - GUESS_LIMITS.knownAddressDays * 86_400_000);
  return (await db.knownLoginAddress.count({ where: { userId, ip, lastSeenAt: { gte: since } } })) > 0;
}

const rateLimited = (message: string) => new AppError(429, 'RATE_LIMITED', message);

export async function assertGuessAllowed(g: Guess, messages: GuessMessages): Promise<void> {
  const now = Date.now();
  const failed = { success: false } as const;
  const [byAddress, pair, lock] = await Promise.all([
    db.loginAttempt.count({ where: { ...failed, ip: g.ip, createdAt: { gte: new Date(now - GUESS_LIMITS.addressWindowMs) } } }),
    db.loginAttempt.aggregate({
      where: { ...failed, accountKey: g.accountKey, ip: g.ip, createdAt: { gte: new Date(now - GUESS_LIMITS.pairWindowMs) } },
      _count: { _all: true },
      _max: { createdAt: true },
    }),
    db.loginLock.findUnique({ where: { accountKey: g.accountKey } }),
  ]);
  if (byAddress >= GUESS_LIMITS.addressCeiling) throw rateLimited(messages.wait(Math.round(GUESS_LIMITS.addressWindowMs / 60_000)));
  const last = pair._max.createdAt?.getTime();
  const waitUntil = last === undefined ? 0 : last + pairDelayMs(pair._count._all);
  if (waitUntil > now) throw rateLimited(messages.wait(Math.max(1, Math.ceil((waitUntil - now) / 60_000))));
  if (lock && lock.lockedUntil.getTime() > now && !(await isKnownAddress(g.userId, g.ip))) throw rateLimited(messages.locked);
}

export async function recordFailedGuess(g: Guess): Promise<void> {
  const known = await isKnownAddress(g.userId, g.ip);
  await db.loginAttempt.create({ data: { accountKey: g.accountKey, email: g.email, ip: g.ip, success: false, fromKnownAddress: known } });
  // Old rows are useless for every window; keep the table small.
  await db.loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
  if (known) return;
  const now = new Date();
  const strangers = await db.loginAttempt.count({
    where: {
      accountKey: g.accountKey,
      success: false,
      fromKnownAddress: false,
      createdAt: { gte: new Date(now.getTime() - GUESS_LIMITS.accountWindowMs) },
    },
  });
  if (strangers < GUESS_LIMITS.accountCeiling) return;
  const lockedUntil = new Date(now.getTime() + GUESS_LIMITS.lockMs);
  await db.$transaction(async (tx) => {
    const before = await tx.loginLock.findUnique({ where: { accountKey: g.accountKey } });
    await tx.loginLock.upsert({
      where: { accountKey: g.accountKey },
      create: { accountKey: g.accountKey, lockedAt: now, lockedUntil },
      update: before && before.lockedUntil > now ? { lockedUntil } : { lockedAt: now, lockedUntil },
    });
    // One audit row per lock, not per guess while it lasts; no row for an e-mail without an account.
    if (g.userId && !(before && before.lockedUntil > now)) {
      await recordAudit(tx, {
        actor: null,
        kind: 'auth.lockout',
        entity: 'User',
        entityId: g.userId,
        targetUserId: g.userId,
        after: { lockedUntil: lockedUntil.toISOString() },
        note: `${strangers} password salah dalam 1 jam dari alamat yang belum pernah dipakai akun ini; alamat yang dikenal tetap bisa masuk`,
      });
    }
  });
}

/** The right password from this address: its own wrong guesses are forgiven and the address is known. */
export async function recordSuccessfulGuess(g: Guess): Promise<void> {
  await db.loginAttempt.deleteMany({ where: { accountKey: g.accountKey, ip: g.ip, success: false } });
  if (!g.userId || g.ip === 'unknown') return;
  const now = new Date();
  await db.knownLoginAddress.upsert({
    where: { userId_ip: { userId: g.userId, ip: g.ip } },
    create: { userId: g.userId, ip: g.ip, lastSeenAt: now },
    update: { lastSeenAt: now },
  });
  await db.knownLoginAddress.deleteMany({
    where: { userId: g.userId, lastSeenAt: { lt: new Date(now.getTime() - GUESS_LIMITS.knownAddressDays * 86_400_000) } },
  });
}

/** Is the account locked against new addresses right now (admin screens)? */
export async function lockedUntil(userId: string): Promise<Date | null> {
  const lock = await db.loginLock.findUnique({ where: { accountKey: userId } });
  return lock && lock.lockedUntil > new Date() ? lock.lockedUntil : null;
}

/**
 * Admin only: the account can be signed into from anywhere again. Its lock and its counted wrong
 * passwords are deleted; the audit trail keeps who lifted it and what it was.
 */
export async function unlockAccount(actor: SessionUser, userId: string): Promise<{ message: string }> {
  assertAdmin(actor, 'Hanya administrator yang dapat membuka kunci login.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  await db.$transaction(async (tx) => {
    const lock = await tx.loginLock.findUnique({ where: { accountKey: userId } });
    const { count: failures } = await tx.loginAttempt.deleteMany({ where: { accountKey: userId, success: false } });
    await tx.loginLock.deleteMany({ where: { accountKey: userId } });
    await recordAudit(tx, {
      actor,
      kind: 'auth.unlock',
      entity: 'User',
      entityId: userId,
      targetUserId: userId,
      before: { lockedUntil: lock && lock.lockedUntil > new Date() ? lock.lockedUntil.toISOString() : null, failedAttempts: failures },
      after: { lockedUntil: null, failedAttempts: 0 },
    });
  });
  return { message: `Kunci login ${user.name} telah dibuka` };
}

const ADMIN_TOKEN_KEY = 'admin-token';
/** Wrong admin registration tokens per address in an hour before 429 (the token itself is long and random). */
export const ADMIN_TOKEN_TRIES = 5;
const ADMIN_TOKEN_WINDOW_MS = 60 * 60_000;

/** Counts a registration token attempt: 429 after ADMIN_TOKEN_TRIES wrong ones, 403 for a wrong one. */
export async function checkAdminToken(given: string, expected: string | undefined, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - ADMIN_TOKEN_WINDOW_MS);
  const wrong = await db.loginAttempt.count({ where: { accountKey: ADMIN_TOKEN_KEY, ip, success: false, createdAt: { gte: since } } });
  if (wrong >= ADMIN_TOKEN_TRIES) throw rateLimited('Terlalu banyak percobaan admin token. Silakan coba lagi dalam 1 jam.');
  if (expected && sameSecret(given, expected)) return;
  await db.loginAttempt.create({ data: { accountKey: ADMIN_TOKEN_KEY, email, ip, success: false } });
  throw forbidden('Admin token tidak valid');
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export type { LoginLockDto } from '@/features/employees/types/users';

/** Admin only: the accounts locked right now (the employees page shows an unlock button for them). */
export async function listLoginLocks(actor: SessionUser): Promise<LoginLockDto[]> {
  assertAdmin(actor);
  const locks = await db.loginLock.findMany({
    where: { lockedUntil: { gt: new Date() }, accountKey: { not: { startsWith: 'email:' } } },
    orderBy: { lockedAt: 'asc' },
  });
  return locks.map((l) => ({ userId: l.accountKey, lockedUntil: l.lockedUntil.toISOString() }));
}
