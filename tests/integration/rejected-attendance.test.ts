// A record a reviewer rejected is no presence, in any figure: reports, the admin dashboard (today, the
// month's rate, top performers, recent activity), the employee dashboard and the histories' status.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { GET as employeeSummaryRoute } from '@/app/api/attendance/summary/[userId]/route';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { adminDashboard } from '@/features/reports/server/dashboard';
import { toSessionUser } from '@/lib/server/auth/session';
import { dayStatus } from '@/features/attendance/lib/rules';
import { dayStatus as adminDayStatus } from '@/features/attendance/components/format';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, createUser, setDefaultWorkingDays } from '../helpers';

const at = (key: string, hhmm = '08:00') => new Date(`${key}T${hhmm}:00+07:00`);

async function attend(userId: string, key: string, flagged = false) {
  return db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(key),
      checkInAt: at(key),
      checkOutAt: at(key, '17:00'),
      checkOutLatitude: -6.1754,
      checkOutLongitude: 106.8272,
      checkInLatitude: -6.1754,
      checkInLongitude: 106.8272,
      checkInDistance: 5,
      faceCheckStatus: flagged ? 'flagged' : 'verified',
    },
  });
}

let adminToken = '';
let admin: Awaited<ReturnType<typeof createUser>>['user'];
let rina: Awaited<ReturnType<typeof createUser>>;
const rejected: string[] = [];

beforeAll(async () => {
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  const a = await createUser({ role: 'admin', name: 'Admin' });
  adminToken = a.token;
  admin = a.user;
  // Rina, joined in October, the only employee of this file. Mon 2 – Fri 6 November 2026: 5 working days,
  // a record on each; Wed 4 and Fri 6 were flagged and a reviewer rejects them (through the route).
  rina = await createUser({ name: 'Rina', createdAt: new Date('2026-10-01T02:00:00Z') });
  for (const d of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']) {
    const r = await attend(rina.user.id, d, d === '2026-11-04' || d === '2026-11-06');
    if (d === '2026-11-04' || d === '2026-11-06') {
      const res = await call(reviewRoute, {
        token: adminToken,
        params: { id: r.id },
        body: { decision: 'rejected', note: 'Bukan orang yang sama' },
      });
      expect(res.status).toBe(200);
      rejected.push(r.id);
    }
  }
});

describe('rejected attendance is not present', () => {
  it('in the report: 5 working days, 3 present, 2 absent, rate 3 / 5 = 60', async () => {
    const res = await call(summaryRoute, { path: '/api/reports/summary?startDate=2026-11-02&endDate=2026-11-06', token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({ totalEmployees: 1, totalPresent: 3, totalAbsent: 2, totalLeave: 0, attendanceRate: 60 });
    expect(res.body.employeeStats[0]).toMatchObject({ name: 'Rina', present: 3, absent: 2, attendanceRate: 60 });
    // Per day: Wed 4 and Fri 6 show nobody present and Rina absent.
    const days = Object.fromEntries(res.body.dailyStats.map((d: { date: string }) => [d.date, d]));
    expect(days['2026-11-04']).toMatchObject({ present: 0, absent: 1 });
    expect(days['2026-11-05']).toMatchObject({ present: 1, absent: 0 });
  });

  it('on the admin dashboard of Fri 6 November: today 0 present / 1 absent; month 3 of 5 = 60; the activity says Tidak Hadir', async () => {
    const d = await adminDashboard(
      toSessionUser({ ...admin, role: 'admin', tokenVersion: 0, pendingApproval: false }),
      at('2026-11-06', '12:00'),
    );
    expect(d.stats).toMatchObject({ totalEmployees: 1, todayPresent: 0, todayAbsent: 1, todayOnLeave: 0, attendanceRate: 0 });
    // Month 1–6 November: working days 2–6 = 5, present 2, 3, 5 = 3, absent 4, 6 = 2 → 3 / 5 = 60.
    expect(d.topPerformers).toEqual([{ id: rina.user.id, name: 'Rina', position: 'Staf', presentDays: 3, performanceRate: 60 }]);
    const byId = Object.fromEntries(d.recentActivity.map((a) => [a.id, a.status]));
    expect(byId[rejected[0]!]).toBe('alpa');
    expect(byId[rejected[1]!]).toBe('alpa');
    expect(Object.values(byId).filter((s) => s === 'hadir')).toHaveLength(3);
  });

  it('on the employee dashboard: of two records this month, the rejected one is not present', async () => {
    const emp = await createUser({ name: 'Sari', createdAt: new Date('2026-01-05T02:00:00Z') });
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    const first = `${today.slice(0, 8)}01`;
    const second = today > first ? addDays(first, 1) : first;
    await attend(emp.user.id, first);
    if (second !== first) {
      const r = await attend(emp.user.id, second, true);
      await db.attendance.update({
        where: { id: r.id },
        data: { reviewDecision: 'rejected', reviewedAt: new Date(), reviewedById: admin.id },
      });
    }
    const res = await call(employeeSummaryRoute, { token: emp.token, params: { userId: emp.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.presentDays).toBe(1);
  });

  it("in the histories' Status column: Tidak Hadir", async () => {
    const res = await call(historyRoute, {
      path: '/api/attendance/history/x?startDate=2026-11-02&endDate=2026-11-06',
      token: rina.token,
      params: { userId: rina.user.id },
    });
    expect(res.status).toBe(200);
    const statuses = Object.fromEntries(
      res.body.map((e: { date: string; checkIn: unknown; checkOut: unknown; reviewDecision: string | null }) => [e.date, dayStatus(e)]),
    );
    expect(statuses).toEqual({
      '2026-11-02': 'Lengkap',
      '2026-11-03': 'Lengkap',
      '2026-11-04': 'Tidak Hadir',
      '2026-11-05': 'Lengkap',
      '2026-11-06': 'Tidak Hadir',
    });
    expect(adminDayStatus({ checkIn: { timestamp: '', latitude: 0, longitude: 0 }, checkOut: null, reviewDecision: 'rejected' })).toBe(
      'Tidak Hadir',
    );
    expect(adminDayStatus({ checkIn: { timestamp: '', latitude: 0, longitude: 0 }, checkOut: null, reviewDecision: 'confirmed' })).toBe(
      'Hanya Check-in',
    );
  });
});
