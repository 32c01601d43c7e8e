// Every figure about past days reads the classified days (docs/recap.md, "One source"): Laporan, the admin
// dashboard, the employee's month summary and Rekap Bulanan count a closed day from its AttendanceDay row;
// only days not closed yet come from the calendar. A month where the calendar and the classified days
// differ, worked by hand:
//   Kantor Pusat (Jakarta), company schedule Mon–Fri 08:00–17:00, no tolerance. Ani's account was made
//   Tue 1 September 2026. Every day of September and October is closed; September then closed by Tutup
//   Periode; then Ani gets her own Mon–Sat schedule (it applies from 1 October: a job re-classifies
//   October's Saturdays as working days, September keeps its rows).
//   September: Mon–Fri working days 1–4, 7–11, 14–18, 21–25, 28–30 = 22; she worked Mon 28 only:
//     classified  due 22, present 1, absent 21.
//     calendar now (Mon–Sat, 4 Saturdays more)            due 26, present 1, absent 25 — the old Laporan.
//   October (Thu 1 – Sat 31; Mon–Sat: 31 − 4 Sundays = 27 working days): punches Thu 1, Fri 2 and Thu 8
//   (08:30, 30 min late); an admin's correction adds 08:00–17:00 to Mon 5 (no punch); dinas luar Tue 6
//   (no punch); sick leave Wed 7; every other working day alpa.
//     classified  due 27, present 5 (1, 2, 5, 6, 8), sakit 1, absent 27 − 5 − 1 = 21, rate 5/26 = 19.2 %.
//     calendar + records (the old Laporan): present 3, absent 23 — the correction and dinas luar not seen.
//   Rekap Bulanan October: workDays 27, present 5, dinasLuar 1, alpa 21, sakit 1, late 1 × 30 min.
//   Dashboard at Sat 31 October 10:00 WIB (month 1–31 October): Ani 5 days present, 19.2 %.
//   Employee summary at the same moment: today (Sat 31, a working day without a punch) is still open, so
//   1–30 October: 26 working days, present 5, leave 1, absent 20 — Laporan over 1–30 October says the same.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { adminDashboard } from '@/features/reports/server/dashboard';
import { summary } from '@/features/attendance/server/attendance-today';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { GET as reportRoute } from '@/app/api/reports/summary/route';
import { GET as recapRoute } from '@/app/api/recap/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, ani: Made;
let office: string;

async function punch(date: string, inUtc: string, outUtc: string, lateMinutes: number) {
  await db.attendance.create({
    data: {
      userId: ani.user.id,
      workDate: dateKeyToDate(date),
      checkInAt: new Date(`${date}T${inUtc}:00Z`),
      checkOutAt: new Date(`${date}T${outUtc}:00Z`),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      lateMinutes,
      earlyMinutes: 0,
      officeId: office,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
      faceCheckStatus: 'verified',
    },
  });
}

async function correction(date: string, data: { kind: 'tambah_jam' | 'dinas_luar'; checkInAt?: Date; checkOutAt?: Date; note?: string }) {
  await db.attendanceCorrection.create({
    data: {
      userId: ani.user.id,
      date: dateKeyToDate(date),
      reason: 'Koreksi oleh administrator',
      status: 'approved',
      direct: true,
      requestedById: admin.user.id,
      requestedByName: admin.user.name,
      decidedById: admin.user.id,
      decidedByName: admin.user.name,
      decidedAt: new Date('2026-10-10T03:00:00Z'),
      ...data,
    },
  });
}

const report = async (start: string, end: string) => {
  const res = await call(reportRoute, { path: `/api/reports/summary?startDate=${start}&endDate=${end}`, token: admin.token });
  expect(res.status).toBe(200);
  const e = res.body.employeeStats.find((x: { userId: string }) => x.userId === ani.user.id);
  return { present: e.present, absent: e.absent, leave: e.leave, totalDays: e.totalDays, rate: e.attendanceRate };
};
const recap = async (month: string) => {
  const res = await call(recapRoute, { path: `/api/recap?month=${month}`, token: admin.token });
  expect(res.status).toBe(200);
  return res.body.rows.find((r: { userId: string }) => r.userId === ani.user.id);
};

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await configureMainOffice({ timezone: 'Asia/Jakarta' });
  office = (await getMainOffice()).id;
  admin = await createUser({ role: 'admin', name: 'Admin' });
  ani = await createUser({ name: 'Ani', createdAt: new Date('2026-09-01T01:00:00Z') });
  await punch('2026-09-28', '01:00', '10:00', 0);
  await punch('2026-10-01', '01:00', '10:00', 0);
  await punch('2026-10-02', '01:00', '10:00', 0);
  await punch('2026-10-08', '01:30', '10:00', 30);
  await correction('2026-10-05', {
    kind: 'tambah_jam',
    checkInAt: new Date('2026-10-05T01:00:00Z'),
    checkOutAt: new Date('2026-10-05T10:00:00Z'),
  });
  await correction('2026-10-06', { kind: 'dinas_luar', note: 'Kunjungan klien di Bekasi' });
  await db.leaveRequest.create({
    data: {
      userId: ani.user.id,
      type: 'sakit',
      category: 'sakit',
      startDate: dateKeyToDate('2026-10-07'),
      endDate: dateKeyToDate('2026-10-07'),
      days: 1,
      reason: 'Demam',
      status: 'approved',
    },
  });
  for (let d = '2026-09-01'; d <= '2026-10-31'; d = addDays(d, 1)) await closeOfficeDay(office, d);
  await db.period.create({ data: { month: '2026-09', status: 'closed' } });
  const sixDays = await db.workSchedule.create({
    data: {
      name: 'Senin–Sabtu',
      lateToleranceMinutes: 0,
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 6 ? '08:00' : null, end: i < 6 ? '17:00' : null })),
      },
    },
  });
  await db.user.update({ where: { id: ani.user.id }, data: { scheduleId: sixDays.id } });
  expect(await runDueJobs()).toMatchObject({ failed: 0 });
}, 300_000);

describe('one source: every reader counts the classified days', () => {
  it('September, closed before the new schedule: Laporan and the recap read it as it was closed', async () => {
    expect(await report('2026-09-01', '2026-09-30')).toEqual({ present: 1, absent: 21, leave: 0, totalDays: 22, rate: 4.5 });
    expect(await recap('2026-09')).toMatchObject({ workDays: 22, present: 1, alpa: 21, istirahat: 8, openDays: 0 });
  });

  it('October: the correction and dinas luar are presence, Saturdays working days, in Laporan and the recap alike', async () => {
    expect(await report('2026-10-01', '2026-10-31')).toEqual({ present: 5, absent: 21, leave: 1, totalDays: 27, rate: 19.2 });
    expect(await recap('2026-10')).toMatchObject({
      workDays: 27,
      present: 5,
      dinasLuar: 1,
      alpa: 21,
      sakit: 1,
      lateCount: 1,
      lateMinutes: 30,
      openDays: 0,
    });
  });

  it('the admin dashboard and the employee summary agree with Laporan', async () => {
    const now = new Date('2026-10-31T03:00:00Z');
    const actor = { ...admin.user, mustChangePassword: false };
    const dash = await adminDashboard(actor, now);
    expect(dash.topPerformers.find((t) => t.id === ani.user.id)).toMatchObject({ presentDays: 5, performanceRate: 19.2 });
    // Today, Sat 31 October, is a working day of hers without a punch.
    expect(dash.stats).toMatchObject({ todayPresent: 0, todayAbsent: 1, todayOnLeave: 0 });

    const mine = await summary({ ...ani.user, mustChangePassword: false }, ani.user.id, now);
    expect(mine).toMatchObject({ countedDays: 26, presentDays: 5, leaveDays: 1, absentDays: 20, attendanceRate: 20 });
    expect(await report('2026-10-01', '2026-10-30')).toEqual({ present: 5, absent: 20, leave: 1, totalDays: 26, rate: 20 });
  });

  it('by office: moved to another branch afterwards, September stays the old office’s in Laporan and the recap, October is the new one’s', async () => {
    const branch = (await db.office.create({ data: { name: 'Cabang Bekasi', timezone: 'Asia/Jakarta' } })).id;
    await db.user.update({ where: { id: ani.user.id }, data: { homeOfficeId: branch } });
    expect(await runDueJobs()).toMatchObject({ failed: 0 });
    const inOffice = async (start: string, end: string, officeId: string) => {
      const res = await call(reportRoute, {
        path: `/api/reports/summary?startDate=${start}&endDate=${end}&officeId=${officeId}`,
        token: admin.token,
      });
      return res.body.employeeStats
        .filter((x: { userId: string }) => x.userId === ani.user.id)
        .map((x: { present: number; absent: number }) => [x.present, x.absent]);
    };
    const recapIn = async (month: string, officeId: string) => {
      const res = await call(recapRoute, { path: `/api/recap?month=${month}&officeId=${officeId}`, token: admin.token });
      return res.body.rows
        .filter((r: { userId: string }) => r.userId === ani.user.id)
        .map((r: { present: number; alpa: number }) => [r.present, r.alpa]);
    };
    expect(await inOffice('2026-09-01', '2026-09-30', office)).toEqual([[1, 21]]);
    expect(await recapIn('2026-09', office)).toEqual([[1, 21]]);
    expect(await inOffice('2026-09-01', '2026-09-30', branch)).toEqual([]);
    expect(await recapIn('2026-09', branch)).toEqual([]);
    expect(await inOffice('2026-10-01', '2026-10-31', branch)).toEqual([[5, 21]]);
    expect(await recapIn('2026-10', branch)).toEqual([[5, 21]]);
    expect(await inOffice('2026-10-01', '2026-10-31', office)).toEqual([]);
    expect(await recapIn('2026-10', office)).toEqual([]);
  });
});
