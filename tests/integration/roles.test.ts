// HR does the people and time work, the admin keeps the system (docs/roles.md): HR adds employees, edits,
// deactivates and resets every account but an administrator's, never gives or changes a role; the holiday
// calendar, the daily close and Tutup Periode are HR's too, audited under HR's name. Every route for every
// role is in access-matrix.test.ts; this file holds the rules a route's status alone does not show.
import { describe, expect, it } from 'vitest';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { PUT as updateRoute, DELETE as deleteRoute } from '@/app/api/users/[id]/route';
import { POST as resetRoute } from '@/app/api/users/[id]/reset-password/route';
import { POST as reactivateRoute } from '@/app/api/users/[id]/reactivate/route';
import { POST as holidayRoute } from '@/app/api/holidays/route';
import { PUT as officeLocationRoute } from '@/app/api/settings/office-location/route';
import { PUT as registrationRoute } from '@/app/api/settings/registration/route';
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { NAVIGATION } from '@/lib/navigation';
import { call, createUser, uniqueEmail } from '../helpers';

const person = (role: string) => ({
  name: 'Rina Baru',
  email: uniqueEmail('baru'),
  position: 'Staf Gudang',
  role,
  password: getEnv().DEFAULT_EMPLOYEE_PASSWORD,
});

describe('HR manages people, not roles and not administrators', () => {
  it('adds an employee; an HR or administrator account is refused and nothing is made', async () => {
    const hr = await createUser({ role: 'hr', name: 'Hana HR' });
    const added = await call(registerRoute, { token: hr.token, body: person('employee') });
    expect(added.status).toBe(201);
    expect(added.body.user).toMatchObject({ role: 'employee', name: 'Rina Baru' });
    for (const role of ['hr', 'admin']) {
      const body = person(role);
      const res = await call(registerRoute, { token: hr.token, body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Hanya administrator yang dapat menambah akun HR atau administrator.');
      expect(await db.user.count({ where: { email: body.email } })).toBe(0);
    }
  });

  it('edits an employee, keeps the role; an administrator account is out of reach', async () => {
    const hr = await createUser({ role: 'hr' });
    const admin = await createUser({ role: 'admin', name: 'Pemilik' });
    const emp = await createUser({ name: 'Dedi' });
    const edit = (role: string) => ({ name: 'Dedi Saputra', email: uniqueEmail('dedi'), position: 'Kasir', role });
    const ok = await call(updateRoute, { method: 'PUT', token: hr.token, params: { id: emp.user.id }, body: edit('employee') });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ name: 'Dedi Saputra', role: 'employee' });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'user.update', targetUserId: emp.user.id } });
    expect(audit.actorId).toBe(hr.user.id);

    const promote = await call(updateRoute, { method: 'PUT', token: hr.token, params: { id: emp.user.id }, body: edit('hr') });
    expect(promote.status).toBe(403);
    expect(promote.body.error).toBe('Hanya administrator yang dapat mengubah role pengguna.');
    expect((await db.user.findUniqueOrThrow({ where: { id: emp.user.id } })).role).toBe('employee');

    const refusals = [
      await call(updateRoute, { method: 'PUT', token: hr.token, params: { id: admin.user.id }, body: edit('admin') }),
      await call(deleteRoute, { method: 'DELETE', token: hr.token, params: { id: admin.user.id } }),
      await call(resetRoute, { method: 'POST', token: hr.token, params: { id: admin.user.id }, body: {} }),
      await call(reactivateRoute, { method: 'POST', token: hr.token, params: { id: admin.user.id } }),
    ];
    expect(refusals.map((r) => [r.status, r.body.error])).toEqual(
      Array.from({ length: 4 }, () => [403, 'HR tidak dapat mengelola akun administrator.']),
    );
    const after = await db.user.findUniqueOrThrow({ where: { id: admin.user.id } });
    expect([after.name, after.deactivatedAt, after.mustChangePassword, after.tokenVersion]).toEqual(['Pemilik', null, false, 0]);
  });

  it('deactivates and reactivates an employee with records, and resets a password', async () => {
    const hr = await createUser({ role: 'hr' });
    const emp = await createUser({ name: 'Eka' });
    await db.leaveRequest.create({
      data: { userId: emp.user.id, type: 'sakit', startDate: new Date('2026-10-12'), endDate: new Date('2026-10-12'), reason: 'Demam' },
    });
    expect((await call(deleteRoute, { method: 'DELETE', token: hr.token, params: { id: emp.user.id } })).body.deactivated).toBe(true);
    expect((await call(reactivateRoute, { method: 'POST', token: hr.token, params: { id: emp.user.id } })).status).toBe(200);
    expect((await call(resetRoute, { method: 'POST', token: hr.token, params: { id: emp.user.id }, body: {} })).status).toBe(200);
    const kinds = await db.auditLog.findMany({ where: { targetUserId: emp.user.id, actorId: hr.user.id }, orderBy: { id: 'asc' } });
    expect(kinds.map((k) => k.kind)).toEqual(['user.deactivate', 'user.reactivate', 'user.reset_password']);
  });
});

describe('HR keeps the calendar; the office and the registration policy stay the admin’s', () => {
  it('adds a company day off (audited under HR); the office location and registration policy are refused', async () => {
    const hr = await createUser({ role: 'hr' });
    const res = await call(holidayRoute, {
      token: hr.token,
      body: { date: '2026-12-28', name: 'Libur Perusahaan', kind: 'libur_perusahaan' },
    });
    expect(res.status).toBe(200);
    expect(await db.auditLog.count({ where: { actorId: hr.user.id, kind: { startsWith: 'holiday.' } } })).toBe(1);
    const location = { officeLocation: { latitude: -6.2, longitude: 106.8, radius: 150, address: 'Jl. Sudirman 1' } };
    expect((await call(officeLocationRoute, { method: 'PUT', token: hr.token, body: location })).status).toBe(403);
    expect((await call(registrationRoute, { method: 'PUT', token: hr.token, body: { policy: 'open' } })).status).toBe(403);
  });

  it('the HR menu has the people and time pages, and none of the system settings', () => {
    const hrefs = NAVIGATION.hr.map((i) => i.href);
    for (const page of ['/hr/employees', '/hr/holidays', '/hr/schedules', '/hr/periods', '/hr/recap', '/hr/audit'])
      expect(hrefs).toContain(page);
    expect(hrefs.some((h) => /offices|settings/.test(h))).toBe(false);
  });
});
