// Dashboard Karyawan's month (GET /api/attendance/summary/{userId}): today is not over, so it is never
// absent — at midday without a check-in yet it is not counted at all — and "Tidak Hadir" equals the
// recap's alpa over the closed days.
//
// Kantor Pusat, Jakarta; Mon–Fri 08:00–17:00, no holidays. Sari joined Thu 1 October 2026. "Now" is
// Wed 14 October 2026, 12:00 WIB. Working days so far: Thu 1, Fri 2, Mon 5 – Fri 9, Mon 12, Tue 13,
// Wed 14 = 10.
//   Present 1, 2, 5, 6, 7, 8, 12 = 7; approved leave Fri 9 = 1; Tue 13 nothing → absent 1.
//   Wed 14 (today) at 12:00, not checked in yet: not counted (it counted as a second absence before).
//   counted 9, rate 7 / (7 + 1) = 87.5 → 88 %.
//   The recap of October (days 1–13 closed): alpa 1, the 14th belum ditutup.
//   After a check-in at 12:30: present 8, absent 1, counted 10, rate 8 / 9 = 88.9 → 89 %.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as summaryRoute } from '@/app/api/attendance/summary/[userId]/route';
import { GET as recapRoute } from '@/app/api/recap/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
let sari: Awaited<ReturnType<typeof createUser>>;
let hr: Awaited<ReturnType<typeof createUser>>;
let office = '';

async function attend(date: string, inAt: string, outAt: string | null) {
  await db.attendance.create({
    data: {
      userId: sari.user.id,
      workDate: dateKeyToDate(date),
      officeId: office,
      checkInAt: wib(date, inAt),
      checkInLatitude: -6.175392,
      checkInLongitude: 106.827153,
      checkInDistance: 5,
      ...(outAt ? { checkOutAt: wib(date, outAt), checkOutLatitude: -6.175392, checkOutLongitude: 106.827153, checkOutDistance: 5 } : {}),
      shiftStart: '08:00',
      shiftEnd: '17:00',
      dayStatus: 'kerja',
      faceCheckStatus: 'verified',
    },
  });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-14T05:00:00Z')); // Wednesday 14 October 2026, 12:00 WIB
  await clearHolidays();
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  office = (await getMainOffice()).id;
  hr = await createUser({ role: 'hr', name: 'Hana' });
  sari = await createUser({ name: 'Sari', createdAt: new Date('2026-09-01T02:00:00Z') });
  await db.user.update({ where: { id: sari.user.id }, data: { homeOfficeId: office, joinDate: dateKeyToDate('2026-10-01') } });
  // Admin and HR are not employees of this month's recap: an office of their own.
  const other = await db.office.create({ data: { name: 'Kantor Direksi', latitude: 0, longitude: 0, timezone: 'Asia/Jakarta' } });
  await db.user.update({ where: { id: hr.user.id }, data: { homeOfficeId: other.id } });
  for (const d of ['01', '02', '05', '06', '07', '08', '12']) await attend(`2026-10-${d}`, '08:00', '17:00');
  const annual = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
  await db.leaveRequest.create({
    data: {
      userId: sari.user.id,
      type: 'cuti',
      leaveTypeId: annual.id,
      category: 'cuti',
      startDate: dateKeyToDate('2026-10-09'),
      endDate: dateKeyToDate('2026-10-09'),
      days: 1,
      reason: 'Urusan keluarga',
      status: 'approved',
    },
  });
  for (let d = '2026-10-01'; d <= '2026-10-13'; d = addDays(d, 1)) await closeOfficeDay(office, d);
});

afterAll(() => {
  vi.useRealTimers();
});

const summary = async () => {
  const res = await call(summaryRoute, { token: sari.token, params: { userId: sari.user.id } });
  expect(res.status).toBe(200);
  return res.body;
};

describe('Dashboard Karyawan: this month so far', () => {
  it('at midday without a check-in, today is not absent: Tidak Hadir 1, as the recap says', async () => {
    expect(await summary()).toMatchObject({
      month: '2026-10',
      dayOfMonth: 14,
      countedDays: 9,
      presentDays: 7,
      leaveDays: 1,
      absentDays: 1,
      attendanceRate: 88,
    });
    const recap = await call(recapRoute, { token: hr.token, path: '/api/recap?month=2026-10' });
    expect(recap.status).toBe(200);
    const row = recap.body.rows.find((r: { userId: string }) => r.userId === sari.user.id);
    expect(row).toMatchObject({ present: 7, alpa: 1, cuti: 1 });
    expect(row.openDays).toBe(31 - 13); // 14–31 October not closed yet
  });

  it('once checked in today, today counts as present', async () => {
    vi.setSystemTime(new Date('2026-10-14T05:30:00Z')); // 12:30 WIB
    await attend('2026-10-14', '12:30', null);
    expect(await summary()).toMatchObject({ countedDays: 10, presentDays: 8, leaveDays: 1, absentDays: 1, attendanceRate: 89 });
  });
});
