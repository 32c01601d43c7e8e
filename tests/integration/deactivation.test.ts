// No history is ever erased: DELETE /users/{id} deactivates a user with records (every record stays, no
// login, sessions end, gone from the active list and from figures after the end date); only a user
// without records is deleted. Reactivation is an admin's, audited.
import { describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/users/route';
import { DELETE as deleteRoute } from '@/app/api/users/[id]/route';
import { POST as reactivateRoute } from '@/app/api/users/[id]/reactivate/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { db } from '@/lib/server/db';
import { ACCOUNT_DEACTIVATED } from '@/lib/server/auth/session';
import { dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import { call, createUser, setDefaultWorkingDays, TEST_PASSWORD } from '../helpers';

const at = (key: string, hhmm = '08:00') => new Date(`${key}T${hhmm}:00+07:00`);

describe('DELETE /users/{id} of a user with records', () => {
  it('deactivates: every record stays, login is refused, sessions end, the active list hides them', async () => {
    await setDefaultWorkingDays([1, 2, 3, 4, 5]);
    const { token } = await createUser({ role: 'admin', name: 'Admin' });
    const dewi = await createUser({ role: 'employee', name: 'Dewi Keluar', createdAt: new Date('2026-09-01T02:00:00Z') });
    const id = dewi.user.id;
    await db.attendance.create({
      data: {
        userId: id,
        workDate: dateKeyToDate('2026-10-05'),
        checkInAt: at('2026-10-05'),
        checkInLatitude: -6.2,
        checkInLongitude: 106.8,
        checkInDistance: 3,
      },
    });
    await db.leaveRequest.create({
      data: {
        userId: id,
        type: 'cuti',
        startDate: dateKeyToDate('2026-10-07'),
        endDate: dateKeyToDate('2026-10-07'),
        reason: 'Urusan keluarga',
        status: 'approved',
      },
    });
    expect((await call(meRoute, { token: dewi.token })).status).toBe(200);

    const res = await call(deleteRoute, { method: 'DELETE', token, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.deactivated).toBe(true);
    // Every record stays.
    const row = await db.user.findUniqueOrThrow({ where: { id } });
    expect(row.deactivatedAt).not.toBeNull();
    // End date: today in the office's zone (the main office, Asia/Jakarta).
    expect(dateToKey(row.endDate!)).toBe(dateKeyInZone(new Date(), 'Asia/Jakarta'));
    expect(await db.attendance.count({ where: { userId: id } })).toBe(1);
    expect(await db.leaveRequest.count({ where: { userId: id } })).toBe(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'user.deactivate', targetUserId: id } });
    expect(audit.after).toMatchObject({ deactivated: true });

    // The session in hand ends; a new login is refused with the Indonesian message (after the right password only).
    expect((await call(meRoute, { token: dewi.token })).status).toBe(401);
    const login = await call(loginRoute, { body: { email: dewi.user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ error: ACCOUNT_DEACTIVATED, code: 'ACCOUNT_DEACTIVATED' });
    expect((await call(loginRoute, { body: { email: dewi.user.email, password: 'salah-salah' } })).status).toBe(401);

    // Gone from the active list; listed with a filter.
    const active = await call(listRoute, { token });
    expect(active.body.map((u: { id: string }) => u.id)).not.toContain(id);
    const gone = await call(listRoute, { token, path: '/api/users?status=nonaktif' });
    expect(gone.body.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(gone.body[0]).toMatchObject({ deactivated: true, endDate: dateToKey(row.endDate!) });
    const all = await call(listRoute, { token, path: '/api/users?status=semua' });
    expect(all.body.map((u: { id: string }) => u.id)).toContain(id);

    // Her October still counts in October's report (5 – 9 October: 5 working days, 1 present, 1 leave, 3 absent).
    const oct = await call(summaryRoute, { token, path: '/api/reports/summary?startDate=2026-10-05&endDate=2026-10-09' });
    expect(oct.body.employeeStats.find((e: { userId: string }) => e.userId === id)).toMatchObject({
      present: 1,
      leave: 1,
      absent: 3,
      totalDays: 5,
    });

    // A second DELETE changes nothing and still answers as a deactivation.
    const again = await call(deleteRoute, { method: 'DELETE', token, params: { id } });
    expect(again.status).toBe(200);
    expect(again.body.deactivated).toBe(true);
    expect(await db.auditLog.count({ where: { kind: 'user.deactivate', targetUserId: id } })).toBe(1);
  });

  it('after the end date a deactivated employee is in no report', async () => {
    const { token } = await createUser({ role: 'admin' });
    const eko = await createUser({ role: 'employee', name: 'Eko Lama', createdAt: new Date('2026-01-05T02:00:00Z') });
    await db.user.update({
      where: { id: eko.user.id },
      data: { deactivatedAt: new Date('2026-08-31T10:00:00Z'), endDate: dateKeyToDate('2026-08-31') },
    });
    const sep = await call(summaryRoute, { token, path: '/api/reports/summary?startDate=2026-09-01&endDate=2026-09-30' });
    expect(sep.body.employeeStats.map((e: { userId: string }) => e.userId)).not.toContain(eko.user.id);
    const aug = await call(summaryRoute, { token, path: '/api/reports/summary?startDate=2026-08-01&endDate=2026-08-31' });
    expect(aug.body.employeeStats.map((e: { userId: string }) => e.userId)).toContain(eko.user.id);
  });

  it('a user without records is really deleted', async () => {
    const { token } = await createUser({ role: 'admin' });
    const { user } = await createUser({ role: 'employee', name: 'Tanpa Riwayat' });
    const res = await call(deleteRoute, { method: 'DELETE', token, params: { id: user.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Karyawan Tanpa Riwayat berhasil dihapus', deactivated: false });
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
  });
});

describe('POST /users/{id}/reactivate', () => {
  it('an admin reactivates (audited); login works again; an active account answers 409', async () => {
    const { token } = await createUser({ role: 'admin' });
    const other = await createUser({ role: 'employee' });
    const fajar = await createUser({ role: 'employee', name: 'Fajar' });
    await db.leaveRequest.create({
      data: {
        userId: fajar.user.id,
        type: 'sakit',
        startDate: dateKeyToDate('2026-10-12'),
        endDate: dateKeyToDate('2026-10-12'),
        reason: 'Demam tinggi',
        status: 'pending',
      },
    });
    expect((await call(deleteRoute, { method: 'DELETE', token, params: { id: fajar.user.id } })).body.deactivated).toBe(true);
    // An employee may not (HR may, for every account but an administrator's: roles.test.ts).
    expect((await call(reactivateRoute, { token: other.token, params: { id: fajar.user.id } })).status).toBe(403);
    const res = await call(reactivateRoute, { token, params: { id: fajar.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ deactivated: false, endDate: null });
    expect(await db.auditLog.count({ where: { kind: 'user.reactivate', targetUserId: fajar.user.id } })).toBe(1);
    expect((await call(loginRoute, { body: { email: fajar.user.email, password: TEST_PASSWORD } })).status).toBe(200);
    const again = await call(reactivateRoute, { token, params: { id: fajar.user.id } });
    expect(again.status).toBe(409);
  });
});
