// Self-registration: a per-address limit, and the company's policy (open, e-mail domains, approval).
import { afterEach, describe, expect, it } from 'vitest';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { GET as policyGet, PUT as policyPut } from '@/app/api/settings/registration/route';
import { GET as pendingRoute } from '@/app/api/users/pending/route';
import { POST as approveRoute } from '@/app/api/users/[id]/approve/route';
import { GET as usersRoute } from '@/app/api/users/route';
import { GET as reportEmployeesRoute } from '@/app/api/reports/employees/route';
import { GET as dashboardRoute } from '@/app/api/dashboard/admin/route';
import { db } from '@/lib/server/db';
import { resetEnvCache } from '@/lib/env';
import { signToken } from '@/lib/server/auth/token';
import { ACCOUNT_PENDING } from '@/lib/server/auth/session';
import { register } from '@/features/auth/server/auth';
import { PENDING_REGISTERED, TOO_MANY_SIGNUPS } from '@/features/employees/server/registration';
import { withRequestContext } from '@/lib/server/request-context';
import { registerPayloadSchema } from '@/features/auth/validation/auth';
import { POST as importRoute } from '@/app/api/users/import/route';
import { NO_PASSWORD } from '@/features/employees/server/import/import-commit';
import { call, createUser, uniqueEmail, punchCall } from '../helpers';

const signup = (email = uniqueEmail('daftar')) => ({ name: 'Pendaftar Baru', email, position: 'Staf', password: 'rahasia1' });

afterEach(() => {
  delete process.env.SIGNUPS_PER_ADDRESS_PER_HOUR;
  resetEnvCache();
});

describe('sign-ups per address', () => {
  it('allows SIGNUPS_PER_ADDRESS_PER_HOUR self-registrations from one address, even at once; then 429 with a clear message', async () => {
    process.env.SIGNUPS_PER_ADDRESS_PER_HOUR = '3';
    resetEnvCache();
    const before = await db.user.count();
    const results = await Promise.all(Array.from({ length: 6 }, () => call(registerRoute, { body: signup() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(results.find((r) => r.status === 429)!.body).toMatchObject({ code: 'RATE_LIMITED', error: TOO_MANY_SIGNUPS });
    expect(await db.user.count()).toBe(before + 3);
    expect(await db.auditLog.count({ where: { kind: 'user.register' } })).toBe(3);
    // Another address is not affected.
    const other = await withRequestContext({ ip: '10.77.0.1' }, () => register(null, registerPayloadSchema.parse(signup()), '10.77.0.1'));
    expect(other.session).not.toBeNull();
    // An admin adding users is not a sign-up.
    const admin = await createUser({ role: 'admin' });
    const added = await call(registerRoute, { token: admin.token, body: { ...signup(), role: 'employee' } });
    expect(added.status).toBe(201);
  });
});

describe('registration policy', () => {
  it('is open by default (the spec flow) and only an admin reads or changes it; each change is audited', async () => {
    const admin = await createUser({ role: 'admin', name: 'Admin Kebijakan' });
    expect((await call(policyGet, { token: admin.token })).body).toEqual({ policy: 'open', domains: [], defaultPasswordOnboarding: true });
    const bad = await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'domains', domains: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.domains).toBe('Isi minimal satu domain email yang diizinkan');
    const invalid = await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'domains', domains: ['bukan domain'] } });
    expect(invalid.status).toBe(400);
    const saved = await call(policyPut, {
      method: 'PUT',
      token: admin.token,
      body: { policy: 'domains', domains: ['@Kantor.co.id', 'kantor.co.id', 'cabang.kantor.co.id'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ policy: 'domains', domains: ['kantor.co.id', 'cabang.kantor.co.id'] });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'settings.registration' } });
    expect(audit).toMatchObject({ actorName: 'Admin Kebijakan', before: { policy: 'open', domains: [] }, after: { policy: 'domains' } });
  });

  it('the default password for imported people is a company setting: off, they get only an activation link (audited)', async () => {
    const admin = await createUser({ role: 'admin', name: 'Admin Impor' });
    const off = await call(policyPut, {
      method: 'PUT',
      token: admin.token,
      body: { policy: 'open', domains: [], defaultPasswordOnboarding: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ defaultPasswordOnboarding: false });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'settings.registration' }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ before: { defaultPassword: true }, after: { defaultPassword: false } });
    // Left out of a later save: unchanged.
    await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'open', domains: [] } });
    expect((await call(policyGet, { token: admin.token })).body.defaultPasswordOnboarding).toBe(false);
    const csv = `NIK;Nama;Email\nP777;Tanpa Password;${uniqueEmail('tanpa')}\n`;
    const res = await call(importRoute, {
      method: 'POST',
      path: '/api/users/import',
      token: admin.token,
      body: { filename: 'a.csv', file: `data:text/csv;base64,${Buffer.from(csv).toString('base64')}` },
    });
    expect(res.status).toBe(200);
    const made = await db.user.findUniqueOrThrow({ where: { employeeNumber: 'P777' } });
    expect(made).toMatchObject({ passwordHash: NO_PASSWORD, mustChangePassword: false });
    expect(
      (await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'open', defaultPasswordOnboarding: 'ya' } })).status,
    ).toBe(400);
    await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'open', domains: [], defaultPasswordOnboarding: true } });
  });

  it('domains: only addresses of an allowed domain may register', async () => {
    const admin = await createUser({ role: 'admin' });
    await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'domains', domains: ['kantor.co.id'] } });
    const before = await db.user.count();
    const refused = await call(registerRoute, { body: signup('orang@gmail.com') });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'Pendaftaran hanya untuk email dengan domain @kantor.co.id. Hubungi administrator untuk dibuatkan akun.',
    );
    // A look-alike domain is not the domain.
    expect((await call(registerRoute, { body: signup('orang@evilkantor.co.id') })).status).toBe(403);
    expect(await db.user.count()).toBe(before);
    const ok = await call(registerRoute, { body: signup('Rudi@Kantor.co.id') });
    expect(ok.status).toBe(201);
    expect(ok.body.token).toBeTruthy();
  });

  it('approval: the account waits, cannot log in or check in, counts nowhere, until an admin approves it (audited)', async () => {
    const admin = await createUser({ role: 'admin' });
    await createUser({ name: 'Karyawan Lama' });
    const employeesBefore = (await call(dashboardRoute, { token: admin.token })).body.stats.totalEmployees as number;
    await call(policyPut, { method: 'PUT', token: admin.token, body: { policy: 'approval', domains: [] } });
    const email = uniqueEmail('tunggu');
    const res = await call(registerRoute, { body: signup(email) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PENDING_REGISTERED);
    expect(res.body.token).toBeUndefined();
    expect(res.headers.get('set-cookie')).toBeNull();
    const pendingUser = await db.user.findUniqueOrThrow({ where: { email } });
    expect(pendingUser.pendingApproval).toBe(true);

    const login = await call(loginRoute, { body: { email, password: 'rahasia1' } });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'ACCOUNT_PENDING', error: ACCOUNT_PENDING });
    // A wrong password still reads as wrong credentials: nothing is revealed to a stranger.
    expect((await call(loginRoute, { body: { email, password: 'salah-salah' } })).status).toBe(401);
    const token = signToken({ sub: pendingUser.id, role: 'employee', tv: pendingUser.tokenVersion });
    const checkIn = await punchCall(checkInRoute, 'check-in', { token, body: {} });
    expect(checkIn.status).toBe(403);
    expect(checkIn.body.error).toBe(ACCOUNT_PENDING);

    const users = await call(usersRoute, { token: admin.token });
    expect(users.body.map((u: { email: string }) => u.email)).not.toContain(email);
    const employees = await call(reportEmployeesRoute, { token: admin.token });
    expect(employees.body.employees.map((u: { email: string }) => u.email)).not.toContain(email);
    const dashboard = await call(dashboardRoute, { token: admin.token });
    expect(dashboard.body.stats.totalEmployees).toBe(employeesBefore);
    const pending = await call(pendingRoute, { token: admin.token });
    expect(pending.body).toEqual([expect.objectContaining({ id: pendingUser.id, email, name: 'Pendaftar Baru' })]);

    const approved = await call(approveRoute, { token: admin.token, params: { id: pendingUser.id }, method: 'POST' });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Akun Pendaftar Baru berhasil disetujui');
    expect(await db.auditLog.count({ where: { kind: 'user.approve', targetUserId: pendingUser.id } })).toBe(1);
    expect((await call(approveRoute, { token: admin.token, params: { id: pendingUser.id }, method: 'POST' })).status).toBe(409);
    expect((await call(loginRoute, { body: { email, password: 'rahasia1' } })).status).toBe(200);
    expect((await call(dashboardRoute, { token: admin.token })).body.stats.totalEmployees).toBe(employeesBefore + 1);
    expect((await call(pendingRoute, { token: admin.token })).body).toEqual([]);
  });
});
