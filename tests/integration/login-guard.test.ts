// Password guessing (features/auth/server/login-guard.ts): guessing stays slow without letting a stranger
// who knows an e-mail lock its owner out; an admin lifts a lock (audited); the admin registration token
// is rate-limited and must be long. Time passes by moving the counted attempts back in time.
import { describe, expect, it } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { POST as unlockRoute } from '@/app/api/users/[id]/unlock/route';
import { GET as locksRoute } from '@/app/api/users/login-locks/route';
import { db } from '@/lib/server/db';
import { getEnv, resetEnvCache } from '@/lib/env';
import { ADMIN_TOKEN_TRIES, GUESS_LIMITS, LOGIN_MESSAGES, pairDelayMs } from '@/features/auth/server/login-guard';
import { call, createUser, TEST_PASSWORD, uniqueEmail } from '../helpers';

const login = (email: string, password: string, ip: string) => call(loginRoute, { body: { email, password }, ip });
/** Moves every counted attempt of an account `ms` into the past. */
const age = (accountKey: string, ms: number) =>
  db.$executeRaw`UPDATE "LoginAttempt" SET "createdAt" = "createdAt" - make_interval(secs => ${ms / 1000}) WHERE "accountKey" = ${accountKey}`;
let net = 0;
const freshIp = () => `198.51.${(++net >> 8) & 255}.${net & 255}`;

describe('progressive delay per (account, address)', () => {
  it('5 wrong passwords are free, then each next try waits longer, even with the right password', async () => {
    const { user } = await createUser();
    const ip = freshIp();
    for (let i = 0; i < GUESS_LIMITS.pairFree; i++) expect((await login(user.email, `salah-${i}`, ip)).status).toBe(401);
    const waiting = await login(user.email, TEST_PASSWORD, ip);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toMatchObject({ code: 'RATE_LIMITED', error: 'Terlalu banyak percobaan login. Silakan coba lagi dalam 1 menit.' });
    // Another address is not slowed down by this one.
    expect((await login(user.email, 'salah-lain', freshIp())).status).toBe(401);
    // 15 s later one more try is allowed; after it the wait doubles.
    await age(user.id, pairDelayMs(5) + 1000);
    expect((await login(user.email, 'salah-lagi', ip)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(429);
    expect([5, 6, 7, 8, 9, 10, 11, 20].map(pairDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    // Once the wait is over the right password works, and forgives this address its wrong ones.
    await age(user.id, pairDelayMs(6) + 1000);
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(200);
    expect(await db.loginAttempt.count({ where: { accountKey: user.id, ip } })).toBe(0);
  });

  it('counts on the account, whatever the case or spacing of the e-mail typed', async () => {
    const { user } = await createUser();
    const ip = freshIp();
    for (let i = 0; i < GUESS_LIMITS.pairFree; i++) await login(i % 2 ? user.email.toUpperCase() : ` ${user.email} `, 'salah', ip);
    expect(await db.loginAttempt.count({ where: { accountKey: user.id } })).toBe(GUESS_LIMITS.pairFree);
    expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(429);
  });
});

describe('account ceiling: strangers cannot lock the owner out', () => {
  it('20 wrong passwords from new addresses lock them out for an hour, never an address the owner used before', async () => {
    const { user } = await createUser();
    const home = freshIp();
    expect((await login(user.email, TEST_PASSWORD, home)).status).toBe(200);
    // A stranger spreads guesses over many addresses, each under its own delay.
    for (let i = 0; i < GUESS_LIMITS.accountCeiling; i++) expect((await login(user.email, `tebak-${i}`, freshIp())).status).toBe(401);
    const stranger = await login(user.email, TEST_PASSWORD, freshIp());
    expect(stranger.status).toBe(429);
    expect(stranger.body.error).toBe(LOGIN_MESSAGES.locked);
    // The owner, from where they signed in before, still gets in; their own typo there does not lock them.
    expect((await login(user.email, 'typo', home)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, home)).status).toBe(200);
    // One audit row for the lock, however long the attack goes on.
    for (let i = 0; i < 3; i++) expect((await login(user.email, `lagi-${i}`, freshIp())).status).toBe(429);
    const audit = await db.auditLog.findMany({ where: { kind: 'auth.lockout', targetUserId: user.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, entity: 'User', entityId: user.id });
    const lock = await db.loginLock.findUniqueOrThrow({ where: { accountKey: user.id } });
    expect(lock.lockedUntil.getTime() - Date.now()).toBeGreaterThan(GUESS_LIMITS.lockMs - 60_000);
    // An hour without wrong passwords from strangers and the lock is over.
    await db.loginLock.update({ where: { accountKey: user.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    await age(user.id, GUESS_LIMITS.accountWindowMs);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(200);
  });

  it('an e-mail without an account answers exactly like one that has (no audit row)', async () => {
    const email = uniqueEmail('tidak-ada');
    const lockouts = await db.auditLog.count({ where: { kind: 'auth.lockout' } });
    for (let i = 0; i < GUESS_LIMITS.accountCeiling; i++) expect((await login(email, `tebak-${i}`, freshIp())).status).toBe(401);
    const locked = await login(email, TEST_PASSWORD, freshIp());
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(LOGIN_MESSAGES.locked);
    expect(await db.auditLog.count({ where: { kind: 'auth.lockout' } })).toBe(lockouts);
  });

  it('an admin lifts the lock (POST /api/users/{id}/unlock, audited); HR and the owner cannot', async () => {
    const { user } = await createUser();
    const admin = await createUser({ role: 'admin', name: 'Admin Pembuka' });
    const hr = await createUser({ role: 'hr' });
    for (let i = 0; i < GUESS_LIMITS.accountCeiling; i++) await login(user.email, `tebak-${i}`, freshIp());
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(429);
    // The employees page learns who is locked (accounts only, never an e-mail without one).
    const locks = await call(locksRoute, { token: admin.token });
    expect(locks.body).toContainEqual({ userId: user.id, lockedUntil: expect.any(String) });
    expect(locks.body.every((l: { userId: string }) => /^[0-9a-f-]{36}$/.test(l.userId))).toBe(true);
    expect((await call(locksRoute, { token: hr.token })).status).toBe(403);
    expect((await call(unlockRoute, { method: 'POST', token: hr.token, params: { id: user.id } })).status).toBe(403);
    expect(await db.loginLock.count({ where: { accountKey: user.id } })).toBe(1);
    const res = await call(unlockRoute, { method: 'POST', token: admin.token, params: { id: user.id }, ip: '10.20.0.1' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Kunci login ${user.name} telah dibuka`);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(200);
    expect((await call(locksRoute, { token: admin.token })).body).not.toContainEqual(expect.objectContaining({ userId: user.id }));
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'auth.unlock', targetUserId: user.id } });
    expect(audit).toMatchObject({ actorId: admin.user.id, actorName: 'Admin Pembuka', ip: '10.20.0.1' });
    expect(audit.before).toMatchObject({ failedAttempts: GUESS_LIMITS.accountCeiling });
    const missing = await call(unlockRoute, { method: 'POST', token: admin.token, params: { id: '8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f' } });
    expect(missing.status).toBe(404);
  });
});

describe('per address', () => {
  // 50 logins, each a bcrypt comparison: seconds alone, over a minute on two cores shared with a build.
  it(
    '50 wrong guesses from one address over many accounts stop that address only; a few typos stop nobody',
    { timeout: 300_000 },
    async () => {
      const ip = freshIp();
      const { user } = await createUser();
      for (let i = 0; i < GUESS_LIMITS.addressCeiling; i++) {
        await login(uniqueEmail('x'), 'salah', ip);
        // Ten typos by colleagues behind the same address do not lock anyone else out.
        if (i === 10) expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(200);
      }
      expect((await login(user.email, TEST_PASSWORD, ip)).status).toBe(429);
      expect((await login(user.email, TEST_PASSWORD, freshIp())).status).toBe(200);
    },
  );
});

describe('admin registration token', () => {
  const registration = (adminToken: string) => ({
    name: 'Calon Admin',
    email: uniqueEmail('calon'),
    position: 'IT',
    password: 'rahasia1',
    adminToken,
  });

  it(`${ADMIN_TOKEN_TRIES} wrong tokens per address in an hour, then 429 even for the right one`, async () => {
    const ip = freshIp();
    for (let i = 0; i < ADMIN_TOKEN_TRIES; i++) {
      const wrong = await call(registerRoute, { body: registration(`tebakan-${i}`), ip });
      expect(wrong.status).toBe(403);
    }
    const right = registration(getEnv().ADMIN_REGISTRATION_TOKEN!);
    const limited = await call(registerRoute, { body: right, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Terlalu banyak percobaan admin token. Silakan coba lagi dalam 1 jam.');
    expect(await db.user.count({ where: { email: right.email } })).toBe(0);
    const elsewhere = await call(registerRoute, { body: registration(getEnv().ADMIN_REGISTRATION_TOKEN!), ip: freshIp() });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.user.role).toBe('admin');
  });

  it.each(['admin-token', 'a'.repeat(40), 'x'.repeat(31)])('a short or repetitive token (%s) is refused at start-up', (token) => {
    const saved = process.env.ADMIN_REGISTRATION_TOKEN;
    process.env.ADMIN_REGISTRATION_TOKEN = token;
    resetEnvCache();
    try {
      expect(() => getEnv()).toThrow(/ADMIN_REGISTRATION_TOKEN/);
    } finally {
      process.env.ADMIN_REGISTRATION_TOKEN = saved;
      resetEnvCache();
    }
  });
});
