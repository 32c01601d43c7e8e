// Laporan and the admin dashboard count the people the recap counts: payroll members (absensi_on_payroll,
// docs/recap.md), not a role. An HR officer on the payroll who works is counted; an admin account off the
// payroll is not, even with a check-in; an employee taken off the payroll is not.
//
// Monday 5 – Friday 9 October 2026, Mon–Fri, no holidays, "today" 26 November 2026: 5 working days each.
//   Rani (HR, on the payroll): in on 5, 6, 7 → present 3, absent 2.
//   Dewi (employee): in on 5 → present 1, absent 4.
//   Adi (admin, off the payroll): in on 5 → not listed.
//   Toni (employee, taken off the payroll): not listed.
//   Summary: 2 employees, present 3 + 1 = 4, absent 2 + 4 = 6, rate 4 / 10 = 40 %.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { call, clearHolidays, createUser, setDefaultWorkingDays } from '../helpers';

const WEEK = 'startDate=2026-10-05&endDate=2026-10-09';
const JOINED = new Date('2026-09-01T02:00:00Z');
let adminToken = '';

async function punch(userId: string, officeId: string, day: string) {
  await db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(day),
      checkInAt: new Date(`${day}T01:00:00Z`),
      checkInLatitude: -6.2,
      checkInLongitude: 106.8,
      checkInDistance: 5,
      officeId,
    },
  });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T05:00:00Z')); // Thursday 26 November 2026, 12:00 WIB
  await clearHolidays();
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  const office = (await getMainOffice()).id;
  const admin = await createUser({ role: 'admin', name: 'Adi', createdAt: JOINED });
  adminToken = admin.token;
  const rani = await createUser({ role: 'hr', name: 'Rani', createdAt: JOINED });
  const dewi = await createUser({ name: 'Dewi', createdAt: JOINED });
  const toni = await createUser({ name: 'Toni', createdAt: JOINED, onPayroll: false });
  for (const day of ['2026-10-05', '2026-10-06', '2026-10-07']) await punch(rani.user.id, office, day);
  await punch(dewi.user.id, office, '2026-10-05');
  await punch(admin.user.id, office, '2026-10-05');
  await punch(toni.user.id, office, '2026-10-05');
});

afterAll(() => {
  vi.useRealTimers();
});

describe('Laporan counts payroll members', () => {
  it('an HR officer on the payroll is counted; an admin off it and an employee taken off it are not', async () => {
    const res = await call(summaryRoute, { path: `/api/reports/summary?${WEEK}`, token: adminToken });
    expect(res.status).toBe(200);
    const body = res.body as {
      summary: { totalEmployees: number; totalPresent: number; totalAbsent: number; attendanceRate: number };
      employeeStats: { name: string; present: number; absent: number }[];
    };
    expect(body.employeeStats.map((e) => [e.name, e.present, e.absent])).toEqual([
      ['Dewi', 1, 4],
      ['Rani', 3, 2],
    ]);
    expect(body.summary).toMatchObject({ totalEmployees: 2, totalPresent: 4, totalAbsent: 6, attendanceRate: 40 });
  });
});
