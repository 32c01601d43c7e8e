// Logout ends that session on the server; a password the admin set must be changed before anything else.
import { describe, expect, it } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as logoutRoute } from '@/app/api/auth/logout/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { GET as settingsRoute } from '@/app/api/settings/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as changePasswordRoute } from '@/app/api/users/profile/change-password/route';
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { signToken, verifyToken } from '@/lib/server/auth/token';
import { PASSWORD_CHANGE_REQUIRED } from '@/lib/server/http';
import { call, createUser, TEST_PASSWORD, uniqueEmail, punchCall } from '../helpers';

const login = async (email: string, password = TEST_PASSWORD, ip = '10.1.1.1') => {
  const res = await call(loginRoute, { body: { email, password }, headers: { 'x-forwarded-for': ip } });
  expect(res.status).toBe(200);
  return res.body.token as string;
};

describe('logout', () => {
  it('ends that session on the server: its token (and any renewed copy) is refused; other devices stay signed in', async () => {
    const { user } = await createUser();
    const phone = await login(user.email);
    const laptop = await login(user.email);
    expect((await call(meRoute, { token: phone })).status).toBe(200);
    const out = await call(logoutRoute, { method: 'POST', token: phone });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/absensi\.session-token=;.*Max-Age=0/i);
    const after = await call(meRoute, { token: phone });
    expect(after.status).toBe(401);
    expect(after.body.error).toBeTruthy();
    // The browser's renewed cookie keeps the session id: logged out as well.
    const claims = verifyToken(phone)!;
    const renewed = signToken({ sub: claims.sub, role: claims.role, tv: claims.tv, jti: claims.jti });
    expect((await call(meRoute, { token: renewed })).status).toBe(401);
    expect((await call(meRoute, { token: laptop })).status).toBe(200);
    // The check-in route reads the session in its own statement: refused too, before its body.
    expect((await punchCall(checkInRoute, 'check-in', { token: phone, body: {} })).status).toBe(401);
    // The cookie session of a browser, from the app's own page.
    const browser = await login(user.email);
    const cookieOut = await call(logoutRoute, {
      method: 'POST',
      headers: { cookie: `absensi.session-token=${browser}`, origin: 'http://localhost' },
    });
    expect(cookieOut.status).toBe(200);
    expect((await call(meRoute, { headers: { cookie: `absensi.session-token=${browser}` } })).status).toBe(401);
    // Twice, or without a session: still fine.
    expect((await call(logoutRoute, { method: 'POST', token: phone })).status).toBe(200);
    expect((await call(logoutRoute, { method: 'POST' })).status).toBe(200);
  });

  it('keeps the revoked-session table small: rows of expired tokens go on the next logout', async () => {
    const { user, token } = await createUser();
    await db.revokedSession.create({
      data: { id: '11111111-1111-4111-8111-111111111111', userId: user.id, expiresAt: new Date(Date.now() - 1000) },
    });
    await call(logoutRoute, { method: 'POST', token });
    const rows = await db.revokedSession.findMany({ where: { userId: user.id } });
    expect(rows.map((r) => r.id)).toEqual([verifyToken(token)!.jti]);
    expect(await db.revokedSession.count({ where: { expiresAt: { lt: new Date() } } })).toBe(0);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3600 * 1000);
  });
});

describe('mustChangePassword on the server', () => {
  it('an account added by an admin answers only me, change-password and logout until the password is changed', async () => {
    const admin = await createUser({ role: 'admin' });
    const email = uniqueEmail('baru');
    const added = await call(registerRoute, {
      token: admin.token,
      body: { name: 'Dewi Baru', email, position: 'Staf', role: 'employee', password: getEnv().DEFAULT_EMPLOYEE_PASSWORD },
    });
    expect(added.status).toBe(201);
    const token = await login(email, getEnv().DEFAULT_EMPLOYEE_PASSWORD, '10.1.1.2');
    const me = await call(meRoute, { token });
    expect(me.status).toBe(200);
    expect(me.body.user.mustChangePassword).toBe(true);
    const refused = [
      await call(settingsRoute, { token }),
      await call(applyRoute, {
        token,
        body: { type: 'cuti', startDate: '2099-01-01', endDate: '2099-01-02', reason: 'Acara keluarga besar' },
      }),
      await punchCall(checkInRoute, 'check-in', { token, body: {} }),
    ];
    for (const res of refused) expect(res.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', error: PASSWORD_CHANGE_REQUIRED });
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(await db.leaveRequest.count()).toBe(0);
    const changed = await call(changePasswordRoute, {
      method: 'PUT',
      token,
      body: { currentPassword: getEnv().DEFAULT_EMPLOYEE_PASSWORD, newPassword: 'PasswordSendiri9' },
    });
    expect(changed.status).toBe(200);
    expect((await call(settingsRoute, { token: changed.body.token })).status).toBe(200);
    expect((await call(logoutRoute, { method: 'POST', token: changed.body.token })).status).toBe(200);
  });
});
