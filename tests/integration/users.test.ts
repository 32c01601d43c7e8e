import { describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/users/route';
import { PUT as updateRoute, DELETE as deleteRoute } from '@/app/api/users/[id]/route';
import { POST as resetRoute } from '@/app/api/users/[id]/reset-password/route';
import { PUT as profileRoute } from '@/app/api/users/profile/update/route';
import { PUT as passwordRoute } from '@/app/api/users/profile/change-password/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { db } from '@/lib/server/db';
import { verifyPassword } from '@/lib/server/auth/password';
import { getEnv } from '@/lib/env';
import type { Role } from '@/lib/roles';
import { call, createUser, TEST_PASSWORD, uniqueEmail } from '../helpers';
import { GUESS_LIMITS } from '@/features/auth/server/login-guard';

type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', 'employee', 'hr', 'admin'];

async function tokenFor(who: Who): Promise<string | undefined> {
  if (who === 'anonymous') return undefined;
  return (await createUser({ role: who })).token;
}

const edit = (over: Record<string, unknown> = {}) => ({
  name: 'Nama Baru',
  email: uniqueEmail('edit'),
  position: 'Posisi Baru',
  role: 'employee',
  ...over,
});

/** Leaves exactly the given admins in the database (other test cases create admins too). */
async function onlyAdmins(...ids: string[]) {
  await db.user.deleteMany({ where: { role: 'admin', id: { notIn: ids } } });
}

describe('who may call the /users endpoints', () => {
  const expected: Record<string, Record<Who, number>> = {
    'GET /users': { anonymous: 401, employee: 403, hr: 200, admin: 200 },
    // HR manages employees too (docs/roles.md); an administrator's account stays the admin's (roles.test.ts).
    'PUT /users/{id}': { anonymous: 401, employee: 403, hr: 200, admin: 200 },
    'DELETE /users/{id}': { anonymous: 401, employee: 403, hr: 200, admin: 200 },
    'POST /users/{id}/reset-password': { anonymous: 401, employee: 403, hr: 200, admin: 200 },
    'PUT /users/profile/update': { anonymous: 401, employee: 200, hr: 200, admin: 200 },
    'PUT /users/profile/change-password': { anonymous: 401, employee: 200, hr: 200, admin: 200 },
  };

  for (const who of WHO) {
    it(`${who} gets the expected status from every endpoint`, async () => {
      const token = await tokenFor(who);
      const target = (await createUser({ role: 'employee', name: 'Target Matrix' })).user;
      const target2 = (await createUser({ role: 'employee' })).user;
      const target3 = (await createUser({ role: 'employee' })).user;
      const results: Record<string, number> = {
        'GET /users': (await call(listRoute, { token })).status,
        'PUT /users/{id}': (await call(updateRoute, { method: 'PUT', token, params: { id: target.id }, body: edit() })).status,
        'DELETE /users/{id}': (await call(deleteRoute, { method: 'DELETE', token, params: { id: target2.id } })).status,
        'POST /users/{id}/reset-password': (
          await call(resetRoute, { method: 'POST', token, params: { id: target3.id }, body: { newPassword: 'x' } })
        ).status,
        'PUT /users/profile/update': (
          await call(profileRoute, { method: 'PUT', token, body: { name: 'Saya', email: uniqueEmail('me'), position: 'Staf' } })
        ).status,
        'PUT /users/profile/change-password': (
          await call(passwordRoute, { method: 'PUT', token, body: { currentPassword: TEST_PASSWORD, newPassword: 'PasswordBaru1' } })
        ).status,
      };
      const want = Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v[who]]));
      expect(results).toEqual(want);
      if (who !== 'admin' && who !== 'hr') {
        // Refused writes changed nothing.
        expect(await db.user.findUnique({ where: { id: target.id }, select: { name: true } })).toEqual({ name: 'Target Matrix' });
        expect(await db.user.count({ where: { id: target2.id } })).toBe(1);
        expect((await db.user.findUniqueOrThrow({ where: { id: target3.id } })).mustChangePassword).toBe(false);
      }
    });
  }
});

describe('GET /users', () => {
  it('lists DTOs without secrets, filters by role and searches name, email and position case-insensitively', async () => {
    const { token } = await createUser({ role: 'admin' });
    await createUser({ role: 'employee', name: 'Zulkifli Hasan', position: 'Penjaga Gudang' });
    const all = await call(listRoute, { token });
    expect(Array.isArray(all.body)).toBe(true);
    for (const u of all.body) {
      expect(u.passwordHash).toBeUndefined();
      expect(u.tokenVersion).toBeUndefined();
      expect(u.id).toBe(u._id);
    }
    const byPosition = await call(listRoute, { token, path: '/api/users?search=GUDANG' });
    expect(byPosition.body.map((u: { name: string }) => u.name)).toEqual(['Zulkifli Hasan']);
    const employees = await call(listRoute, { token, path: '/api/users?role=employee' });
    expect(employees.body.every((u: { role: string }) => u.role === 'employee')).toBe(true);
    expect((await call(listRoute, { token, path: '/api/users?role=boss' })).status).toBe(400);
  });

  it('with page, answers one page in name order, the match count and the role counts of the status in headers', async () => {
    const { token } = await createUser({ role: 'hr' });
    for (const n of ['Eka', 'Ani', 'Dodi', 'Citra', 'Bayu'])
      await createUser({ role: 'employee', name: `${n} Halaman`, position: 'Juru Halaman' });
    const page = (q: string) => call(listRoute, { token, path: `/api/users?search=juru%20halaman&${q}` });
    const second = await page('page=2&limit=2');
    expect(second.status).toBe(200);
    expect(second.body.map((u: { name: string }) => u.name)).toEqual(['Citra Halaman', 'Dodi Halaman']);
    expect(second.headers.get('X-Total-Count')).toBe('5');
    expect(second.headers.get('X-Total-Pages')).toBe('3');
    expect(second.headers.get('X-Page')).toBe('2');
    expect((await page('page=3&limit=2')).body.map((u: { name: string }) => u.name)).toEqual(['Eka Halaman']);
    expect((await page('page=4&limit=2')).body).toEqual([]);
    // The role counts are the status filter's, before the search narrows it: the same as the whole list's.
    const everyone: { role: string }[] = (await call(listRoute, { token })).body;
    const counts = JSON.parse((await page('page=1&limit=2')).headers.get('X-Role-Counts')!);
    expect(counts).toEqual({
      admin: everyone.filter((u) => u.role === 'admin').length,
      hr: everyone.filter((u) => u.role === 'hr').length,
      employee: everyone.filter((u) => u.role === 'employee').length,
    });
    expect((await page('page=1&limit=101')).status).toBe(400);
    // The pickers' short form: the same people in the same order, only who they are.
    const names = await page('view=names');
    expect(names.body).toEqual(
      ['Ani', 'Bayu', 'Citra', 'Dodi', 'Eka'].map((n) => ({
        id: expect.any(String),
        name: `${n} Halaman`,
        role: 'employee',
        position: 'Juru Halaman',
        email: expect.any(String),
      })),
    );
    expect((await page('page=0')).status).toBe(400);
  });

  it("view=names with limit: the pickers' page (name, NIK or email matched on the server), the match count in headers, or the people named by ids", async () => {
    const { token } = await createUser({ role: 'hr' });
    const tag = Math.random().toString(36).slice(2, 8);
    const made = [];
    for (const n of ['Eka', 'Ani', 'Dodi', 'Citra', 'Bayu'])
      made.push((await createUser({ role: 'employee', name: `${n} Pemilih ${tag}`, position: 'Kasir' })).user);
    const names = (r: { body: { name: string }[] }) => r.body.map((u) => u.name);
    const first = await call(listRoute, { token, path: `/api/users?view=names&limit=2&search=pemilih%20${tag}` });
    expect(first.status).toBe(200);
    expect(names(first)).toEqual([`Ani Pemilih ${tag}`, `Bayu Pemilih ${tag}`]);
    expect(Object.keys(first.body[0]).sort()).toEqual(['email', 'id', 'name', 'position', 'role']);
    expect(first.headers.get('X-Total-Count')).toBe('5');
    expect(first.headers.get('X-Total-Pages')).toBe('3');
    const third = await call(listRoute, { token, path: `/api/users?view=names&limit=2&page=3&search=pemilih%20${tag}` });
    expect(names(third)).toEqual([`Eka Pemilih ${tag}`]);
    // By email (a part of it), case-insensitive.
    const dodi = made[2]!;
    const byEmail = await call(listRoute, {
      token,
      path: `/api/users?view=names&limit=20&search=${encodeURIComponent(dodi.email.toUpperCase())}`,
    });
    expect(names(byEmail)).toContain(dodi.name);
    // The ones already chosen, by id.
    const byIds = await call(listRoute, { token, path: `/api/users?view=names&limit=20&ids=${made[0]!.id},${made[4]!.id}` });
    expect(names(byIds)).toEqual([`Bayu Pemilih ${tag}`, `Eka Pemilih ${tag}`]);
    expect((await call(listRoute, { token, path: '/api/users?view=names&limit=20&ids=nope' })).status).toBe(400);
    expect((await call(listRoute, { token, path: '/api/users?view=names&limit=101' })).status).toBe(400);
  });
});

describe('PUT /users/{id}', () => {
  it('updates name, email (lower-cased), position and role; a role change ends the user’s sessions', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user, token: userToken } = await createUser({ role: 'employee' });
    const email = uniqueEmail('Upd').toUpperCase();
    const res = await call(updateRoute, {
      method: 'PUT',
      token,
      params: { id: user.id },
      body: { name: ' Budi Baru ', email, position: 'Lead', role: 'hr' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Data karyawan Budi Baru berhasil diupdate');
    expect(res.body.user).toMatchObject({ name: 'Budi Baru', email: email.toLowerCase(), position: 'Lead', role: 'hr' });
    expect((await call(meRoute, { token: userToken })).status).toBe(401);
  });

  it.each([
    [{ name: ' ' }, 'Nama lengkap harus diisi'],
    [{ email: '' }, 'Email harus diisi'],
    [{ email: 'tanpa-titik@domain' }, 'Format email tidak valid'],
    [{ position: '' }, 'Posisi harus diisi'],
    [{ role: 'boss' }, 'Role tidak valid'],
  ])('validation %o → 400 %s, nothing changes', async (over, message) => {
    const { token } = await createUser({ role: 'admin' });
    const { user } = await createUser({ role: 'employee', name: 'Tetap Sama' });
    const res = await call(updateRoute, { method: 'PUT', token, params: { id: user.id }, body: edit(over) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'VALIDATION' });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('Tetap Sama');
  });

  it('refuses a taken email (409), an unknown id (404) and a malformed id (400)', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user: a } = await createUser({ role: 'employee' });
    const { user: b } = await createUser({ role: 'employee' });
    const dup = await call(updateRoute, { method: 'PUT', token, params: { id: a.id }, body: edit({ email: b.email.toUpperCase() }) });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Email sudah terdaftar');
    const missing = await call(updateRoute, { method: 'PUT', token, params: { id: '8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f' }, body: edit() });
    expect(missing.status).toBe(404);
    expect((await call(updateRoute, { method: 'PUT', token, params: { id: 'abc' }, body: edit() })).status).toBe(400);
  });

  it('an admin cannot demote themself; the last admin cannot be demoted', async () => {
    const { user: admin, token } = await createUser({ role: 'admin' });
    const { user: other } = await createUser({ role: 'admin' });
    await onlyAdmins(admin.id, other.id);
    const self = await call(updateRoute, { method: 'PUT', token, params: { id: admin.id }, body: edit({ role: 'employee' }) });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('SELF_DEMOTE');
    await onlyAdmins(admin.id);
    const last = await call(updateRoute, { method: 'PUT', token, params: { id: admin.id }, body: edit({ role: 'hr' }) });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'LAST_ADMIN', error: expect.stringContaining('Administrator terakhir') });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe('admin');
    // Editing their own name while staying admin is fine.
    const ok = await call(updateRoute, {
      method: 'PUT',
      token,
      params: { id: admin.id },
      body: edit({ role: 'admin', name: 'Admin Baru' }),
    });
    expect(ok.status).toBe(200);
  });
});

describe('DELETE /users/{id}', () => {
  it('deletes the user and ends their sessions', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user, token: userToken } = await createUser({ role: 'employee', name: 'Akan Dihapus' });
    expect((await call(meRoute, { token: userToken })).status).toBe(200);
    const res = await call(deleteRoute, { method: 'DELETE', token, params: { id: user.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Karyawan Akan Dihapus berhasil dihapus');
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    expect((await call(meRoute, { token: userToken })).status).toBe(401);
    expect((await call(deleteRoute, { method: 'DELETE', token, params: { id: user.id } })).status).toBe(404);
  });

  it('an admin cannot delete themself, and the last admin cannot be deleted', async () => {
    const { user: admin, token } = await createUser({ role: 'admin' });
    const { user: other } = await createUser({ role: 'admin' });
    await onlyAdmins(admin.id, other.id);
    const self = await call(deleteRoute, { method: 'DELETE', token, params: { id: admin.id } });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('SELF_DELETE');
    await onlyAdmins(admin.id);
    const last = await call(deleteRoute, { method: 'DELETE', token, params: { id: admin.id } });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'LAST_ADMIN', error: expect.stringContaining('Administrator terakhir tidak dapat dihapus') });
    expect(await db.user.count({ where: { role: 'admin' } })).toBe(1);
  });

  it('two admins deleting or demoting each other at once leave exactly one admin', async () => {
    for (const action of ['delete', 'demote'] as const) {
      const a = await createUser({ role: 'admin' });
      const b = await createUser({ role: 'admin' });
      await onlyAdmins(a.user.id, b.user.id);
      const act = (actor: typeof a, target: typeof a) =>
        action === 'delete'
          ? call(deleteRoute, { method: 'DELETE', token: actor.token, params: { id: target.user.id } })
          : call(updateRoute, { method: 'PUT', token: actor.token, params: { id: target.user.id }, body: edit({ role: 'employee' }) });
      const results = await Promise.all([act(a, b), act(b, a)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 403]).toContain(statuses[1]);
      expect(await db.user.count({ where: { role: 'admin' } })).toBe(1);
    }
  });
});

describe('POST /users/{id}/reset-password', () => {
  it('sets the default password, ends sessions and requires a change at next login', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user, token: userToken } = await createUser({ role: 'employee', name: 'Rina' });
    const res = await call(resetRoute, { method: 'POST', token, params: { id: user.id }, body: { newPassword: 'diabaikan' } });
    expect(res.status).toBe(200);
    const key = getEnv().DEFAULT_EMPLOYEE_PASSWORD;
    expect(res.body.message).toBe(`Password Rina berhasil direset ke "${key}"`);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({ mustChangePassword: true, tokenVersion: user.tokenVersion + 1 });
    expect(await verifyPassword(key, stored.passwordHash)).toBe(true);
    expect((await call(meRoute, { token: userToken })).status).toBe(401);
    const login = await call(loginRoute, { body: { email: user.email, password: key }, ip: '10.3.0.1' });
    expect(login.status).toBe(200);
    expect(login.body.user.mustChangePassword).toBe(true);
    expect((await call(resetRoute, { method: 'POST', token, params: { id: '8c6f0d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f' } })).status).toBe(404);
  });
});

describe('PUT /users/profile/update', () => {
  it('updates the caller’s own profile; another user’s id is 403 and changes nothing', async () => {
    const { user: me, token } = await createUser({ role: 'employee' });
    const { user: other } = await createUser({ role: 'employee', name: 'Orang Lain' });
    const foreign = await call(profileRoute, {
      method: 'PUT',
      token,
      body: { userId: other.id, name: 'Dibajak', email: uniqueEmail('x'), position: 'X' },
    });
    expect(foreign.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).name).toBe('Orang Lain');
    expect((await db.user.findUniqueOrThrow({ where: { id: me.id } })).name).toBe(me.name);
    const email = uniqueEmail('Saya');
    const own = await call(profileRoute, { method: 'PUT', token, body: { userId: me.id, name: 'Nama Saya', email, position: 'Analis' } });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe('Profile berhasil diupdate!');
    expect(own.body.user).toMatchObject({ id: me.id, name: 'Nama Saya', email: email.toLowerCase(), position: 'Analis' });
  });

  it('validates in order and refuses a taken email; nothing changes', async () => {
    const { user: me, token } = await createUser({ role: 'hr', name: 'Asli' });
    const { user: other } = await createUser({ role: 'employee' });
    for (const [body, message] of [
      [{ name: '', email: uniqueEmail(), position: 'A' }, 'Nama lengkap harus diisi'],
      [{ name: 'A', email: ' ', position: 'A' }, 'Email harus diisi'],
      [{ name: 'A', email: 'salah', position: 'A' }, 'Format email tidak valid'],
      [{ name: 'A', email: uniqueEmail(), position: '' }, 'Posisi harus diisi'],
    ] as const) {
      const res = await call(profileRoute, { method: 'PUT', token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const dup = await call(profileRoute, { method: 'PUT', token, body: { name: 'A', email: other.email, position: 'A' } });
    expect(dup.status).toBe(409);
    expect(await db.user.findUniqueOrThrow({ where: { id: me.id } })).toMatchObject({ name: 'Asli', email: me.email });
  });
});

describe('PUT /users/profile/change-password', () => {
  it('checks the current password, ends other sessions, clears must-change and signs this browser in again', async () => {
    const { user, token } = await createUser({ role: 'employee' });
    await db.user.update({ where: { id: user.id }, data: { mustChangePassword: true } });
    const wrong = await call(passwordRoute, { method: 'PUT', token, body: { currentPassword: 'bukan-ini', newPassword: 'BaruSekali1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'Password saat ini salah', code: 'WRONG_PASSWORD' });
    const same = await call(passwordRoute, { method: 'PUT', token, body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } });
    expect(same.status).toBe(400);
    const short = await call(passwordRoute, { method: 'PUT', token, body: { currentPassword: TEST_PASSWORD, newPassword: '12345' } });
    expect(short.body.error).toBe('Password baru minimal 6 karakter');
    expect(await verifyPassword(TEST_PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash)).toBe(true);

    const ok = await call(passwordRoute, {
      method: 'PUT',
      token,
      body: { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: 'BaruSekali1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password berhasil diubah!');
    expect(ok.body.user.mustChangePassword).toBe(false);
    expect(ok.headers.get('set-cookie')).toMatch(/absensi\.session-token=.+HttpOnly/i);
    expect((await call(meRoute, { token })).status).toBe(401);
    expect((await call(meRoute, { token: ok.body.token })).status).toBe(200);
    const oldLogin = await call(loginRoute, { body: { email: user.email, password: TEST_PASSWORD }, ip: '10.3.0.2' });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(loginRoute, { body: { email: user.email, password: 'BaruSekali1' }, ip: '10.3.0.2' });
    expect(newLogin.status).toBe(200);
  });

  it('counts wrong current passwords on the account with the login guesses: changing the e-mail gains none', async () => {
    const { user, token } = await createUser({ role: 'employee' });
    const ip = '10.3.1.1';
    for (let i = 0; i < GUESS_LIMITS.pairFree; i++) {
      const wrong = await call(passwordRoute, {
        method: 'PUT',
        token,
        ip,
        body: { currentPassword: `tebakan-${i}`, newPassword: 'BaruSekali1' },
      });
      expect(wrong.status).toBe(400);
    }
    // Even the right password now waits, and nothing changes.
    const blocked = await call(passwordRoute, {
      method: 'PUT',
      token,
      ip,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'BaruSekali1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Terlalu banyak percobaan password. Silakan coba lagi dalam 1 menit.',
    });
    // A stolen session changes the account's e-mail (Akun Saya): the counter is the account's, not the e-mail's.
    const moved = await call(profileRoute, {
      method: 'PUT',
      token,
      body: { name: user.name, email: uniqueEmail('pindah'), position: user.position },
    });
    expect(moved.status).toBe(200);
    const again = await call(passwordRoute, {
      method: 'PUT',
      token,
      ip,
      body: { currentPassword: 'tebakan-baru', newPassword: 'BaruSekali1' },
    });
    expect(again.status).toBe(429);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(TEST_PASSWORD, stored.passwordHash)).toBe(true);
    expect(stored.tokenVersion).toBe(user.tokenVersion);
    expect(await db.loginAttempt.count({ where: { accountKey: user.id, success: false } })).toBe(GUESS_LIMITS.pairFree);
    // The same counter guards the login of that account from that address; other accounts are not affected.
    const login = await call(loginRoute, { body: { email: moved.body.user.email, password: TEST_PASSWORD }, ip });
    expect(login.status).toBe(429);
    const other = await createUser({ role: 'employee' });
    const otherChange = await call(passwordRoute, {
      method: 'PUT',
      token: other.token,
      ip,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'BaruSekali1' },
    });
    expect(otherChange.status).toBe(200);
  });

  it('refuses another user’s id with 403 and changes nothing', async () => {
    const { token } = await createUser({ role: 'employee' });
    const { user: other } = await createUser({ role: 'employee' });
    const res = await call(passwordRoute, {
      method: 'PUT',
      token,
      body: { userId: other.id, currentPassword: TEST_PASSWORD, newPassword: 'Dibajak123' },
    });
    expect(res.status).toBe(403);
    const stored = await db.user.findUniqueOrThrow({ where: { id: other.id } });
    expect(await verifyPassword(TEST_PASSWORD, stored.passwordHash)).toBe(true);
    expect(stored.tokenVersion).toBe(other.tokenVersion);
  });
});

describe('admins add users through POST /auth/register with a role', () => {
  it('an added user logs in with the default password and must change it', async () => {
    const { POST: registerRoute } = await import('@/app/api/auth/register/route');
    const { token } = await createUser({ role: 'admin' });
    const key = getEnv().DEFAULT_EMPLOYEE_PASSWORD;
    const email = uniqueEmail('baru');
    const res = await call(registerRoute, { token, body: { name: 'Baru', email, position: 'Staf', role: 'employee', password: key } });
    expect(res.status).toBe(201);
    const login = await call(loginRoute, { body: { email, password: key }, ip: '10.3.0.3' });
    expect(login.body.user.mustChangePassword).toBe(true);
  });
});

describe('where and when an employee works: homeOfficeId, allowedOfficeIds, scheduleId, joinDate', () => {
  const office = (name: string, timezone = 'Asia/Makassar') =>
    db.office.create({ data: { name: `${name} ${uniqueEmail('o')}`, latitude: -5.14, longitude: 119.42, radius: 150, timezone } });
  const schedule = () =>
    db.workSchedule.create({
      data: {
        name: `Shift ${uniqueEmail('s')}`,
        breakMinutes: 60,
        lateToleranceMinutes: 0,
        days: {
          create: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            weekday,
            start: weekday < 6 ? '07:00' : null,
            end: weekday < 6 ? '15:00' : null,
          })),
        },
      },
    });

  it('PUT /users/{id} sets them in one transaction, reports them in the DTO and on GET /users, and writes one audit row', async () => {
    const { token, user: admin } = await createUser({ role: 'admin' });
    const { user } = await createUser({ role: 'employee' });
    const [makassar, jayapura, s] = await Promise.all([office('Cabang Makassar'), office('Cabang Jayapura', 'Asia/Jayapura'), schedule()]);
    const body = edit({
      homeOfficeId: makassar.id,
      allowedOfficeIds: [jayapura.id, makassar.id.toUpperCase()],
      scheduleId: s.id,
      joinDate: '2026-11-16',
    });
    const res = await call(updateRoute, { method: 'PUT', token, params: { id: user.id }, body });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      homeOfficeId: makassar.id,
      allowedOfficeIds: [jayapura.id, makassar.id].sort(),
      scheduleId: s.id,
      joinDate: '2026-11-16',
    });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { allowedOffices: true } });
    expect(row.homeOfficeId).toBe(makassar.id);
    expect(row.scheduleId).toBe(s.id);
    expect(row.joinDate?.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(row.allowedOffices.map((a) => a.officeId).sort()).toEqual([jayapura.id, makassar.id].sort());
    const listed = (await call(listRoute, { token })).body.find((u: { id: string }) => u.id === user.id);
    expect(listed).toMatchObject({ homeOfficeId: makassar.id, scheduleId: s.id, joinDate: '2026-11-16' });
    expect(listed.allowedOfficeIds).toHaveLength(2);
    const audit = await db.auditLog.findMany({ where: { kind: 'user.workplace', targetUserId: user.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      before: { homeOfficeId: null, allowedOfficeIds: [], scheduleId: null, joinDate: null },
    });
    expect(audit[0]?.after).toMatchObject({ homeOfficeId: makassar.id, scheduleId: s.id, joinDate: '2026-11-16' });

    // Absent fields stay as they are; null returns to the main office and the company schedule; [] allows no other office.
    const same = await call(updateRoute, { method: 'PUT', token, params: { id: user.id }, body: edit() });
    expect(same.body.user).toMatchObject({ homeOfficeId: makassar.id, scheduleId: s.id, joinDate: '2026-11-16' });
    expect(await db.auditLog.count({ where: { kind: 'user.workplace', targetUserId: user.id } })).toBe(1);
    const cleared = await call(updateRoute, {
      method: 'PUT',
      token,
      params: { id: user.id },
      body: edit({ homeOfficeId: null, allowedOfficeIds: [], scheduleId: null, joinDate: null }),
    });
    expect(cleared.body.user).toMatchObject({ homeOfficeId: null, allowedOfficeIds: [], scheduleId: null, joinDate: null });
    expect(await db.userOffice.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { kind: 'user.workplace', targetUserId: user.id } })).toBe(2);
  });

  it('refuses unknown or inactive offices and schedules, malformed ids and dates; nothing changes, not even the name', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user } = await createUser({ role: 'employee', name: 'Tetap Sama' });
    const closed = await db.office.update({ where: { id: (await office('Cabang Tutup')).id }, data: { active: false } });
    const oldSchedule = await db.workSchedule.update({ where: { id: (await schedule()).id }, data: { active: false } });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ homeOfficeId: unknown }, 404, 'Kantor tidak ditemukan atau tidak aktif'],
      [{ allowedOfficeIds: [closed.id] }, 404, 'Kantor tidak ditemukan atau tidak aktif'],
      [{ scheduleId: unknown }, 404, 'Jadwal kerja tidak ditemukan atau tidak aktif'],
      [{ scheduleId: oldSchedule.id }, 404, 'Jadwal kerja tidak ditemukan atau tidak aktif'],
      [{ homeOfficeId: 'bukan-id' }, 400, 'ID kantor tidak valid'],
      [{ allowedOfficeIds: 'x' }, 400, 'Daftar kantor tidak valid'],
      [{ joinDate: '2026-02-30' }, 400, 'Tanggal bergabung harus berformat YYYY-MM-DD'],
    ];
    for (const [over, status, error] of cases) {
      const res = await call(updateRoute, { method: 'PUT', token, params: { id: user.id }, body: edit({ name: 'Berubah', ...over }) });
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { allowedOffices: true } });
    expect([row.name, row.homeOfficeId, row.scheduleId, row.joinDate, row.allowedOffices]).toEqual(['Tetap Sama', null, null, null, []]);
  });

  it('POST /auth/register: an admin adds a user with them; a self-registration may not set them', async () => {
    const { POST: registerRoute } = await import('@/app/api/auth/register/route');
    const { token } = await createUser({ role: 'admin' });
    const [makassar, s] = await Promise.all([office('Cabang Makassar'), schedule()]);
    const key = getEnv().DEFAULT_EMPLOYEE_PASSWORD;
    const res = await call(registerRoute, {
      token,
      body: {
        name: 'Karyawan Cabang',
        email: uniqueEmail('cabang'),
        position: 'Staf',
        role: 'employee',
        password: key,
        homeOfficeId: makassar.id,
        allowedOfficeIds: [makassar.id],
        scheduleId: s.id,
        joinDate: '2026-12-01',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      homeOfficeId: makassar.id,
      allowedOfficeIds: [makassar.id],
      scheduleId: s.id,
      joinDate: '2026-12-01',
    });
    expect(await db.auditLog.count({ where: { kind: 'user.workplace', targetUserId: res.body.user.id } })).toBe(1);

    // An unknown office rolls the whole addition back: no half-made account.
    const email = uniqueEmail('gagal');
    const bad = await call(registerRoute, {
      token,
      body: {
        name: 'Gagal',
        email,
        position: 'Staf',
        role: 'employee',
        password: key,
        homeOfficeId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect([bad.status, bad.body.error]).toEqual([404, 'Kantor tidak ditemukan atau tidak aktif']);
    expect(await db.user.count({ where: { email } })).toBe(0);

    const selfEmail = uniqueEmail('sendiri');
    const self = await call(registerRoute, {
      body: { name: 'Sendiri', email: selfEmail, position: 'Staf', password: 'rahasia1', homeOfficeId: makassar.id },
    });
    expect([self.status, self.body.error]).toEqual([403, 'Hanya administrator yang dapat menentukan kantor dan jadwal kerja.']);
    expect(await db.user.count({ where: { email: selfEmail } })).toBe(0);
  });
});
