// Activation links (docs/onboarding.md): one-time, 7 days, stored hashed, revocable; the person sets a
// password with the registration rules and signs in with it.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { POST as inviteRoute, DELETE as revokeRoute, GET as statusRoute } from '@/app/api/users/[id]/invite/route';
import { POST as activateRoute } from '@/app/api/auth/activate/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { NextRequest } from 'next/server';
import { POST as printRoute } from '@/app/api/users/invites/route';
import { pdfPages } from '../pdf-text';
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

describe('activation cards (POST /api/users/invites)', () => {
  const print = async (token: string, userIds: string[]) => {
    const req = new NextRequest(new URL('/api/users/invites', 'http://localhost'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ userIds }),
    });
    const res = await printRoute(req, { params: Promise.resolve({}) });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('HR prints a card with a QR code per person: new links, the old ones revoked, audited; an admin is left out', async () => {
    const hr = await createUser({ role: 'hr', name: 'HR Cetak' });
    const rini = await createUser({ name: 'Rini Kartu' });
    const sigit = await createUser({ name: 'Sigit Kartu' });
    const boss = await createUser({ role: 'admin', name: 'Admin Kartu' });
    await db.user.update({ where: { id: rini.user.id }, data: { employeeNumber: 'R100' } });
    // Rini's earlier link stops working when the card is printed.
    const old = await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: rini.user.id }, path: '/api/users/x/invite' });
    const res = await print(hr.token, [rini.user.id, sigit.user.id, boss.user.id, '8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-invites')).toBe('2');
    const text = pdfPages(res.bytes).join(' ');
    expect(text).toContain('Rini Kartu');
    expect(text).toContain('NIK R100');
    expect(text).toContain('Sigit Kartu');
    expect(text).not.toContain('Admin Kartu');
    // Each card's link is a new one-time link: the old one is refused, the printed one activates.
    expect((await call(activateRoute, { body: { token: tokenOf(old.body.link), password: 'rahasia123' } })).status).not.toBe(200);
    const open = await db.userInvite.findMany({ where: { userId: { in: [rini.user.id, sigit.user.id] }, usedAt: null, revokedAt: null } });
    expect(open).toHaveLength(2);
    const links = [...text.replace(/\s+/g, '').matchAll(/activate\?token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    expect(open.map((o) => o.tokenHash).sort()).toEqual(links.map((t) => createHash('sha256').update(t).digest('hex')).sort());
    expect((await call(activateRoute, { body: { token: links[0]!, password: 'rahasia123' } })).status).toBe(200);
    const audits = await db.auditLog.findMany({
      where: { kind: 'user.invite', actorId: hr.user.id, targetUserId: { in: [rini.user.id, sigit.user.id] } },
    });
    expect(audits.filter((a) => (a.after as { printed?: boolean }).printed)).toHaveLength(2);
    // Nobody who can be invited: 422, nothing written.
    const before = await db.userInvite.count();
    const none = await print(hr.token, [boss.user.id, hr.user.id]);
    expect(none.status).toBe(422);
    expect(await db.userInvite.count()).toBe(before);
    expect((await print(hr.token, [])).status).toBe(400);
    expect((await print(sigit.token, [rini.user.id])).status).toBe(403);
  });
});
