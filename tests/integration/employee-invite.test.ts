// Activation links (docs/onboarding.md): one-time, 7 days, stored hashed, revocable; the person sets a
// password with the registration rules and signs in with it.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { POST as inviteRoute, DELETE as revokeRoute, GET as statusRoute } from '@/app/api/users/[id]/invite/route';
import { POST as activateRoute } from '@/app/api/auth/activate/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { db } from '@/lib/server/db';
import { call, createUser } from '../helpers';
import { INVITE_EXPIRED, INVITE_INVALID, INVITE_USED } from '@/features/employees/validation/invites';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('activation links', () => {
  it('HR makes a link; the person sets a password once and signs in; the link is spent', async () => {
    const hr = await createUser({ role: 'hr' });
    const emp = await createUser({ name: 'Nia Baru' });
    const res = await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: emp.user.id }, path: '/api/users/x/invite' });
    expect(res.status).toBe(200);
    expect(res.body.link).toMatch(/^http:\/\/localhost\/activate\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(res.body.link);
    const stored = await db.userInvite.findFirstOrThrow({ where: { userId: emp.user.id } });
    // Only the hash is kept; valid seven days.
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Math.round((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000)).toBe(7 * 24);
    expect((await call(statusRoute, { token: hr.token, params: { id: emp.user.id } })).body.status).toBe('open');

    const short = await call(activateRoute, { body: { token, password: '12345' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password minimal 6 karakter');
    const ok = await call(activateRoute, { body: { token, password: 'PasswordNia1' } });
    expect(ok.status).toBe(200);
    const login = await call(loginRoute, { body: { email: emp.user.email, password: 'PasswordNia1' } });
    expect(login.status).toBe(200);
    const again = await call(activateRoute, { body: { token, password: 'PasswordLain1' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(INVITE_USED);
    expect((await call(statusRoute, { token: hr.token, params: { id: emp.user.id } })).body.status).toBe('used');
    expect(await db.auditLog.count({ where: { kind: 'auth.activate', targetUserId: emp.user.id } })).toBe(1);
  });

  it('a new link replaces the open one; a revoked, expired or made-up link is refused and changes nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const emp = await createUser({});
    const first = tokenOf((await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: emp.user.id } })).body.link);
    const second = tokenOf((await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: emp.user.id } })).body.link);
    const hashBefore = (await db.user.findUniqueOrThrow({ where: { id: emp.user.id } })).passwordHash;
    const r1 = await call(activateRoute, { body: { token: first, password: 'PasswordBaru1' } });
    expect(r1.status).toBe(400);
    expect(r1.body.error).toBe(INVITE_INVALID);
    expect((await call(revokeRoute, { method: 'DELETE', token: admin.token, params: { id: emp.user.id } })).status).toBe(200);
    expect((await call(activateRoute, { body: { token: second, password: 'PasswordBaru1' } })).body.error).toBe(INVITE_INVALID);
    const third = tokenOf((await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: emp.user.id } })).body.link);
    await db.userInvite.updateMany({
      where: { userId: emp.user.id, usedAt: null, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const r3 = await call(activateRoute, { body: { token: third, password: 'PasswordBaru1' } });
    expect(r3.status).toBe(400);
    expect(r3.body.error).toBe(INVITE_EXPIRED);
    expect((await call(activateRoute, { body: { token: 'x'.repeat(43), password: 'PasswordBaru1' } })).body.error).toBe(INVITE_INVALID);
    expect((await db.user.findUniqueOrThrow({ where: { id: emp.user.id } })).passwordHash).toBe(hashBefore);
  });

  it('HR may not make a link for an administrator', async () => {
    const hr = await createUser({ role: 'hr' });
    const admin = await createUser({ role: 'admin' });
    expect((await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: admin.user.id } })).status).toBe(403);
  });
});
