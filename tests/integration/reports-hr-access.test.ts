// The HR role (docs/roles.md): reports, dashboard and attendance yes; people and time work yes (the access
// matrix proves each route); an administrator's account, roles and the system settings no.
import { beforeAll, describe, expect, it } from 'vitest';
import { PUT as updateUserRoute } from '@/app/api/users/[id]/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { PUT as settingsRoute } from '@/app/api/settings/route';
import { PUT as officeRoute } from '@/app/api/settings/office-location/route';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { GET as dashboardRoute } from '@/app/api/dashboard/admin/route';
import { GET as listRoute } from '@/app/api/attendance/all/route';
import { db } from '@/lib/server/db';
import { call, createUser, uniqueEmail } from '../helpers';

let hr = '';
let target = { id: '', name: '', email: '', position: '', role: 'employee' };

beforeAll(async () => {
  hr = (await createUser({ role: 'hr' })).token;
  const e = await createUser({ name: 'Target Karyawan' });
  target = { id: e.user.id, name: e.user.name, email: e.user.email, position: e.user.position, role: 'employee' };
});

describe('HR', () => {
  it('reads the dashboard, reports and the attendance list', async () => {
    expect((await call(dashboardRoute, { token: hr })).status).toBe(200);
    expect((await call(summaryRoute, { token: hr, path: '/api/reports/summary?startDate=2026-11-01&endDate=2026-11-15' })).status).toBe(
      200,
    );
    expect((await call(listRoute, { token: hr, path: '/api/attendance/all?limit=5' })).status).toBe(200);
  });

  it('is refused roles and administrators and changes nothing', async () => {
    const params = { id: target.id };
    const before = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    const attempts = [
      await call(updateUserRoute, { method: 'PUT', token: hr, params, body: { ...target, role: 'admin', name: 'Diubah HR' } }),
      await call(registerRoute, {
        token: hr,
        body: { name: 'Buatan HR', email: uniqueEmail('hr-made'), position: 'Staf', role: 'admin', password: 'rahasia1' },
      }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([403, 403]);
    const after = await db.user.findUniqueOrThrow({ where: { id: target.id } });
    expect(after).toEqual(before);
    expect(await db.user.count({ where: { name: 'Buatan HR' } })).toBe(0);
  });

  it('is refused settings writes and changes nothing', async () => {
    const before = await db.settings.findUnique({ where: { id: 1 } });
    const offices = await db.office.findMany();
    const days = await db.workScheduleDay.findMany({ orderBy: [{ scheduleId: 'asc' }, { weekday: 'asc' }] });
    const attempts = [
      await call(settingsRoute, {
        method: 'PUT',
        token: hr,
        body: { companyName: 'Diubah HR', workingHours: { start: '07:00', end: '16:00' } },
      }),
      await call(officeRoute, {
        method: 'PUT',
        token: hr,
        body: { officeLocation: { latitude: -6.2, longitude: 106.8, radius: 200, address: 'Alamat HR' } },
      }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([403, 403]);
    expect(await db.settings.findUnique({ where: { id: 1 } })).toEqual(before);
    expect(await db.office.findMany()).toEqual(offices);
    expect(await db.workScheduleDay.findMany({ orderBy: [{ scheduleId: 'asc' }, { weekday: 'asc' }] })).toEqual(days);
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id }, select: { scheduleId: true } })).toEqual({ scheduleId: null });
  });
});
