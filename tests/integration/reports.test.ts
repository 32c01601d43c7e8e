// Report figures on a small hand-built data set; every expected number is worked out in the comments.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { GET as employeesRoute } from '@/app/api/reports/employees/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, createUser, setDefaultWorkingDays } from '../helpers';

// Period Mon 2026-11-02 .. Sun 2026-11-15: working days (Mon–Fri) 2–6 and 9–13 = 10; weekend 7, 8, 14, 15.
const PERIOD = 'startDate=2026-11-02&endDate=2026-11-15';
const at = (key: string, hhmm = '08:00') => new Date(`${key}T${hhmm}:00+07:00`);

async function attend(userId: string, key: string) {
  await db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(key),
      checkInAt: at(key),
      checkInLatitude: -6.1754,
      checkInLongitude: 106.8272,
      checkInDistance: 5,
    },
  });
}
async function leave(userId: string, start: string, end: string, status: 'approved' | 'pending' | 'rejected') {
  await db.leaveRequest.create({
    data: {
      userId,
      type: 'cuti',
      startDate: dateKeyToDate(start),
      endDate: dateKeyToDate(end),
      reason: 'Keperluan keluarga penting',
      status,
    },
  });
}

let adminToken = '';
let hrToken = '';
let employeeToken = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  adminToken = (await createUser({ role: 'admin', name: 'Admin' })).token;
  // Ani joined before the period. Present Mon 2 – Fri 6, Mon 9, Tue 10 and Saturday 7 (weekend work) = 8.
  // Approved leave Tue 10 – Thu 12: Tue 10 she came anyway (present), so leave = Wed 11 + Thu 12 = 2.
  // A rejected leave on Fri 13 changes nothing: absent = 10 working days − 7 worked − 2 leave = 1 (Fri 13).
  // Rate = 8 / (8 + 1) = 88.9.
  const ani = await createUser({ name: 'Ani', createdAt: new Date('2026-10-01T02:00:00Z') });
  // Budi joined on Mon 9 in Jakarta (Sun 8 at 20:00 UTC is Mon 9, 03:00 WIB): 5 working days are his.
  // Present 9, 10, 11 → absent 12, 13 = 2; rate = 3 / 5 = 60.
  const budi = await createUser({ name: 'Budi', createdAt: new Date('2026-11-08T20:00:00Z') });
  // Citra: approved leave over the whole fortnight, no attendance: leave 10, absent 0, rate 0 (nothing due).
  const citra = await createUser({ name: 'Citra', createdAt: new Date('2026-01-05T02:00:00Z') });
  // Dedi joined after the period (2026-11-20): not part of this report at all.
  const dedi = await createUser({ name: 'Dedi', createdAt: new Date('2026-11-20T02:00:00Z') });
  // Hana only reads the report: off the payroll, so not one of the people counted (payroll members are).
  const hr = await createUser({ role: 'hr', name: 'Hana', onPayroll: false });
  hrToken = hr.token;
  employeeToken = ani.token;
  Object.assign(ids, { ani: ani.user.id, budi: budi.user.id, citra: citra.user.id, dedi: dedi.user.id });

  for (const d of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-09', '2026-11-10'])
    await attend(ani.user.id, d);
  await leave(ani.user.id, '2026-11-10', '2026-11-12', 'approved');
  await leave(ani.user.id, '2026-11-13', '2026-11-13', 'rejected');
  for (const d of ['2026-11-09', '2026-11-10', '2026-11-11']) await attend(budi.user.id, d);
  await leave(budi.user.id, '2026-11-12', '2026-11-13', 'pending');
  await leave(citra.user.id, '2026-10-28', '2026-11-13', 'approved');
  // Records of non-employees never count.
  const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
  await attend(admin.id, '2026-11-02');
  await attend(hr.user.id, '2026-11-03');
});

afterEach(async () => {
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
});

describe('GET /api/reports/summary', () => {
  it('computes the summary, per-employee statistics and the daily series in the database', async () => {
    const res = await call(summaryRoute, { path: `/api/reports/summary?${PERIOD}`, token: adminToken });
    expect(res.status).toBe(200);
    // Present 8 + 3 + 0 = 11, absent 1 + 2 + 0 = 3, leave 2 + 0 + 10 = 12, rate 11 / 14 = 78.6.
    expect(res.body.summary).toEqual({
      totalEmployees: 3,
      totalPresent: 11,
      totalAbsent: 3,
      totalLeave: 12,
      attendanceRate: 78.6,
      dateRange: { startDate: '2026-11-02', endDate: '2026-11-15' },
      totalDays: 10,
      workingDays: { min: 10, max: 10 },
      calendarDays: 14,
      totalRecords: 11,
    });
    const byName = Object.fromEntries(res.body.employeeStats.map((e: { name: string }) => [e.name, e]));
    expect(Object.keys(byName)).toEqual(['Ani', 'Budi', 'Citra']);
    expect(byName.Ani).toMatchObject({
      userId: ids.ani,
      present: 8,
      absent: 1,
      leave: 2,
      totalDays: 10,
      attendanceRate: 88.9,
      joinDate: '2026-10-01',
    });
    expect(byName.Budi).toMatchObject({ present: 3, absent: 2, leave: 0, totalDays: 5, attendanceRate: 60, joinDate: '2026-11-09' });
    expect(byName.Citra).toMatchObject({ present: 0, absent: 0, leave: 10, totalDays: 10, attendanceRate: 0 });

    // Per day: before Mon 9 only Ani and Citra are employed (Ani present, Citra on leave).
    const day = (date: string, present: number, absent: number, leave: number, workingDay = true) => ({
      date,
      present,
      absent,
      leave,
      workingDay,
    });
    expect(res.body.dailyStats).toEqual([
      day('2026-11-02', 1, 0, 1),
      day('2026-11-03', 1, 0, 1),
      day('2026-11-04', 1, 0, 1),
      day('2026-11-05', 1, 0, 1),
      day('2026-11-06', 1, 0, 1),
      day('2026-11-07', 1, 0, 0, false), // Saturday with a presence; weekends without one are left out
      day('2026-11-09', 2, 0, 1),
      day('2026-11-10', 2, 0, 1), // Ani came despite her leave
      day('2026-11-11', 1, 0, 2),
      day('2026-11-12', 0, 1, 2), // Budi absent (his leave is only pending)
      day('2026-11-13', 0, 2, 1), // Ani's leave that day was rejected
    ]);
    const sum = (k: 'present' | 'absent' | 'leave') => res.body.dailyStats.reduce((s: number, d: Record<string, number>) => s + d[k]!, 0);
    expect([sum('present'), sum('absent'), sum('leave')]).toEqual([11, 3, 12]);
  });

  it('follows the company working days (Saturday made a working day)', async () => {
    await setDefaultWorkingDays([1, 2, 3, 4, 5, 6]);
    const res = await call(summaryRoute, { path: `/api/reports/summary?${PERIOD}`, token: hrToken });
    expect(res.status).toBe(200);
    // 12 working days (Sat 7 and 14 added). Ani: 8 worked, 2 leave, absent 13 and 14 = 2, rate 8/10 = 80.
    // Budi: Mon 9 – Sat 14 = 6 days, 3 worked, absent 3, rate 50. Citra: leave until Fri 13 covers Sat 7, not Sat 14 → absent 1.
    const byName = Object.fromEntries(res.body.employeeStats.map((e: { name: string }) => [e.name, e]));
    expect(byName.Ani).toMatchObject({ present: 8, absent: 2, leave: 2, totalDays: 12, attendanceRate: 80 });
    expect(byName.Budi).toMatchObject({ present: 3, absent: 3, leave: 0, totalDays: 6, attendanceRate: 50 });
    expect(byName.Citra).toMatchObject({ present: 0, absent: 1, leave: 11, totalDays: 12, attendanceRate: 0 });
    expect(res.body.summary).toMatchObject({ totalPresent: 11, totalAbsent: 6, totalLeave: 13, totalDays: 12, attendanceRate: 64.7 });
  });

  it('never counts days after today as absent', async () => {
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    const res = await call(summaryRoute, {
      path: `/api/reports/summary?startDate=${addDays(today, 1)}&endDate=${addDays(today, 30)}`,
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(today);
    expect(res.body.summary).toMatchObject({ totalPresent: 0, totalAbsent: 0, totalDays: 0, attendanceRate: 0, calendarDays: 30 });
    expect(res.body.dailyStats).toEqual([]);
    expect(res.body.summary.totalEmployees).toBe(4); // Dedi has joined by then
  });

  it.each([
    ['startDate=2026-11-15&endDate=2026-11-02', 'Tanggal mulai tidak boleh setelah tanggal selesai'],
    ['startDate=2025-01-01&endDate=2026-01-02', 'Rentang waktu maksimal 1 tahun'],
    ['startDate=2026-02-30&endDate=2026-03-02', 'Tanggal mulai harus berformat YYYY-MM-DD'],
    ['endDate=2026-03-02', 'Tanggal mulai harus diisi'],
    ['startDate=2026-03-02', 'Tanggal selesai harus diisi'],
  ])('refuses %s with 400 "%s"', async (qs, message) => {
    const res = await call(summaryRoute, { path: `/api/reports/summary?${qs}`, token: adminToken });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('accepts a full leap year (366 days, end minus start = 365)', async () => {
    const res = await call(summaryRoute, { path: '/api/reports/summary?startDate=2024-01-01&endDate=2024-12-31', token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.summary.calendarDays).toBe(366);
  });

  it('is for admins and HR only', async () => {
    expect((await call(summaryRoute, { path: `/api/reports/summary?${PERIOD}` })).status).toBe(401);
    expect((await call(summaryRoute, { path: `/api/reports/summary?${PERIOD}`, token: employeeToken })).status).toBe(403);
    expect((await call(employeesRoute, { token: employeeToken })).status).toBe(403);
  });
});

describe('GET /api/reports/employees', () => {
  it('lists the employees (no admins, no HR, no secrets) and the office timezone', async () => {
    const res = await call(employeesRoute, { token: hrToken });
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe('Asia/Jakarta');
    expect(res.body.employees.map((e: { name: string }) => e.name)).toEqual(['Ani', 'Budi', 'Citra', 'Dedi']);
    expect(Object.keys(res.body.employees[0]).sort()).toEqual(['email', 'id', 'name', 'officeId', 'position']);
  });
});
