import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { POST as logoutRoute } from '@/app/api/auth/logout/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { db } from '@/lib/server/db';
import { signToken } from '@/lib/server/auth/token';
import { verifyPassword } from '@/lib/server/auth/password';
import { call, createUser, TEST_PASSWORD, uniqueEmail } from '../helpers';

const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Rina Wulandari',
  email: uniqueEmail('rina'),
  position: 'Akuntan',
  password: 'rahasia1',
  ...over,
});

describe('POST /api/auth/register', () => {
  it('creates an employee with a bcrypt hash, returns token + user + message and sets the session cookie', async () => {
    const payload = registration({ email: '  Rina.Case@Test.Local ' });
    const res = await call(registerRoute, { body: payload });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: 'Rina Wulandari', email: 'rina.case@test.local', role: 'employee', position: 'Akuntan' });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.body.message).not.toContain('Admin');
    expect(typeof res.body.token).toBe('string');
    expect(res.headers.get('set-cookie')).toMatch(/absensi\.session-token=.+HttpOnly/i);
    const stored = await db.user.findUniqueOrThrow({ where: { email: 'rina.case@test.local' } });
    expect(stored.passwordHash).toMatch(/^\$2[aby]\$1\d\$/);
    expect(await verifyPassword('rahasia1', stored.passwordHash)).toBe(true);
  });

  it('refuses a duplicate email, whatever its case, with 409 and creates nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await call(registerRoute, { body: registration({ email }) })).status).toBe(201);
    const again = await call(registerRoute, { body: registration({ email: email.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Email sudah terdaftar');
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it.each([
    [{ name: '  ' }, 'Nama lengkap harus diisi'],
    [{ email: '' }, 'Email harus diisi'],
    [{ email: 'bukan email' }, 'Format email tidak valid'],
    [{ position: '' }, 'Posisi harus diisi'],
    [{ password: '' }, 'Password harus diisi'],
    [{ password: '12345' }, 'Password minimal 6 karakter'],
  ])('validates %o → %s (400, nothing created)', async (over, message) => {
    const before = await db.user.count();
    const res = await call(registerRoute, { body: registration(over) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'VALIDATION' });
    expect(await db.user.count()).toBe(before);
  });

  it('makes an admin only with the configured token', async () => {
    const bad = await call(registerRoute, { body: registration({ adminToken: 'wrong-token' }) });
    expect(bad.status).toBe(403);
    const good = await call(registerRoute, { body: registration({ adminToken: 'admin-token-for-tests-5c1e9a7f3b2d8064' }) });
    expect(good.status).toBe(201);
    expect(good.body.user.role).toBe('admin');
    expect(good.body.message).toContain('Admin');
  });

  it('lets only an admin add a user with a role; the new user must change the password', async () => {
    const { token: employeeToken } = await createUser({ role: 'employee' });
    const { token: adminToken } = await createUser({ role: 'admin' });
    const asAnon = await call(registerRoute, { body: registration({ role: 'hr' }) });
    expect(asAnon.status).toBe(401);
    const asEmployee = await call(registerRoute, { body: registration({ role: 'admin' }), token: employeeToken });
    expect(asEmployee.status).toBe(403);
    const email = uniqueEmail('added');
    const asAdmin = await call(registerRoute, { body: registration({ role: 'hr', email }), token: adminToken });
    expect(asAdmin.status).toBe(201);
    expect(asAdmin.body.token).toBeUndefined();
    expect(asAdmin.headers.get('set-cookie')).toBeNull();
    const created = await db.user.findUniqueOrThrow({ where: { email } });
    expect(created).toMatchObject({ role: 'hr', mustChangePassword: true });
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token that authenticates as a bearer and a cookie', async () => {
    const { user } = await createUser({ role: 'hr' });
    const res = await call(loginRoute, { body: { email: user.email.toUpperCase(), password: TEST_PASSWORD }, ip: '10.9.0.1' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, role: 'hr' });
    const me = await call(meRoute, { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const viaCookie = await call(meRoute, { headers: { cookie } });
    expect(viaCookie.body.user.id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { user } = await createUser();
    const wrong = await call(loginRoute, { body: { email: user.email, password: 'salah-sekali' }, ip: '10.9.0.2' });
    const unknown = await call(loginRoute, { body: { email: uniqueEmail('nobody'), password: 'salah-sekali' }, ip: '10.9.0.2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid credentials');
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ email: ' ', password: 'x' }, 'Email harus diisi'],
    [{ email: 'abc', password: '' }, 'Password harus diisi'],
    [{ email: 'a b@c.d', password: 'x' }, 'Format email tidak valid'],
  ])('validates in the spec order: %o → %s', async (body, message) => {
    const res = await call(loginRoute, { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('sessions', () => {
  it('a session cookie that is not valid percent-encoding is anonymous (401), never a 500', async () => {
    const { token } = await createUser();
    for (const cookie of ['absensi.session-token=%E0%A4%A', 'absensi.session-token=%', `absensi.session-token=${token}%ZZ`]) {
      const res = await call(meRoute, { headers: { cookie } });
      expect([cookie, res.status]).toEqual([cookie, 401]);
    }
    // A broken cookie of someone else's beside a good session cookie does not matter.
    const good = await call(meRoute, { headers: { cookie: `x=%E0%A4%A; absensi.session-token=${token}` } });
    expect(good.status).toBe(200);
  });

  it('401 without a token, with a forged, expired, alg-none or revoked token; x-middleware-subrequest changes nothing', async () => {
    const { user, token } = await createUser();
    expect((await call(meRoute)).status).toBe(401);
    expect((await call(meRoute, { headers: { 'x-middleware-subrequest': 'middleware:proxy:src/proxy' } })).status).toBe(401);
    const forged = jwt.sign({ role: 'admin', tv: 0 }, 'another-secret-another-secret-another', {
      subject: user.id,
      issuer: 'absensi',
      audience: 'absensi',
    });
    expect((await call(meRoute, { token: forged })).status).toBe(401);
    const none = jwt.sign({ role: 'admin', tv: 0, sub: user.id, iss: 'absensi', aud: 'absensi' }, '', { algorithm: 'none' as never });
    expect((await call(meRoute, { token: none })).status).toBe(401);
    const expired = jwt.sign({ role: user.role, tv: 0, exp: Math.floor(Date.now() / 1000) - 10 }, process.env.AUTH_SECRET!, {
      subject: user.id,
      issuer: 'absensi',
      audience: 'absensi',
    });
    expect((await call(meRoute, { token: expired })).status).toBe(401);
    expect((await call(meRoute, { token })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { tokenVersion: { increment: 1 } } });
    const revoked = await call(meRoute, { token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBeTruthy();
    const fresh = signToken({ sub: user.id, role: user.role, tv: 1 });
    expect((await call(meRoute, { token: fresh })).status).toBe(200);
    await db.user.delete({ where: { id: user.id } });
    expect((await call(meRoute, { token: fresh })).status).toBe(401);
  });

  it('logout clears the cookie', async () => {
    const res = await call(logoutRoute, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/absensi\.session-token=;.*Max-Age=0/i);
  });

  it('rejects malformed JSON and oversized bodies without a 5xx', async () => {
    expect((await call(loginRoute, { rawBody: '{"email":' })).status).toBe(400);
    const huge = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(70_000) });
    expect((await call(loginRoute, { rawBody: huge })).status).toBe(413);
  });
});
