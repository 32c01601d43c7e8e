// Laporan's "hari kerja" (features/reports/server/reports.ts): the employees' own working days, a range
// when they differ and the count most of them have as the single figure — not every date on which anyone
// was due.
//
// October 2026 (Thu 1 – Sat 31), Kantor Pusat in Jakarta, no holidays, "today" 26 November 2026:
//   Sundays 4, 11, 18, 25 (4); Saturdays 3, 10, 17, 24, 31 (5).
//   Mon–Fri (the company default): 31 − 9 = 22 working days.   Mon–Sat: 31 − 4 = 27.
// Ani and Citra follow the default; Eko a Mon–Sat schedule. Ani also has a roster cell on Saturday 17
// (08:00–17:00), which adds a day to her own figures.
//   Per employee (totalDays): Ani 22 + 1 = 23, Citra 22, Eko 27.
//   The report: 22, 23 and 27 → "22–27 hari kerja"; totalDays 22 (a tie of one each: the fewer).
//   Before: every date someone was due counted, so Eko's Saturdays (and Ani's roster Saturday) made 27.
// Without Eko (only Mon–Fri employees): Ani 23, Citra 22 → "22–23", totalDays 22 (it was 23 for everyone
// before).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { call, clearHolidays, createUser, setDefaultWorkingDays } from '../helpers';

const OCTOBER = 'startDate=2026-10-01&endDate=2026-10-31';
const JOINED = new Date('2026-09-01T02:00:00Z');
let hr = '';
let jakarta = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T05:00:00Z')); // Thursday 26 November 2026, 12:00 WIB
  await clearHolidays();
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  jakarta = (await getMainOffice()).id;
  const monSat = await db.workSchedule.create({
    data: {
      name: 'Senin–Sabtu',
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 6 ? '08:00' : null, end: i < 6 ? '16:00' : null })),
      },
    },
  });
  hr = (await createUser({ role: 'hr', name: 'Hana' })).token;
  for (const name of ['Ani', 'Citra', 'Eko']) {
    const made = await createUser({ name, createdAt: JOINED });
    ids[name] = made.user.id;
    await db.user.update({
      where: { id: made.user.id },
      data: { homeOfficeId: jakarta, ...(name === 'Eko' ? { scheduleId: monSat.id } : {}) },
    });
  }
  await db.rosterEntry.create({ data: { userId: ids.Ani!, date: dateKeyToDate('2026-10-17'), start: '08:00', end: '17:00' } });
});

afterAll(() => {
  vi.useRealTimers();
});

const report = async (qs = '') => {
  const res = await call(summaryRoute, { path: `/api/reports/summary?${OCTOBER}${qs}`, token: hr });
  expect(res.status).toBe(200);
  return res.body as {
    summary: { totalDays: number; workingDays: { min: number; max: number }; totalEmployees: number };
    employeeStats: { name: string; totalDays: number }[];
  };
};

describe('Laporan: hari kerja', () => {
  it('October 2026 in Jakarta: Mon–Fri 22 and Mon–Sat 27, shown as a range; each employee their own', async () => {
    const body = await report(`&officeId=${jakarta}`);
    expect(Object.fromEntries(body.employeeStats.map((e) => [e.name, e.totalDays]))).toEqual({ Ani: 23, Citra: 22, Eko: 27 });
    expect(body.summary).toMatchObject({ totalEmployees: 3, totalDays: 22, workingDays: { min: 22, max: 27 } });
  });

  it('only Mon–Fri employees: 22, with the range up to the one who has a roster Saturday (23)', async () => {
    await db.user.update({ where: { id: ids.Eko! }, data: { endDate: dateKeyToDate('2026-09-30') } });
    try {
      const body = await report();
      expect(body.employeeStats.map((e) => e.name)).toEqual(['Ani', 'Citra']);
      expect(body.summary).toMatchObject({ totalEmployees: 2, totalDays: 22, workingDays: { min: 22, max: 23 } });
    } finally {
      await db.user.update({ where: { id: ids.Eko! }, data: { endDate: null } });
    }
  });

  it('up to today: 1–14 October counts the working days so far (Mon–Fri 10, Mon–Sat 12)', async () => {
    // 1–14 Oct: Thu 1, Fri 2, Mon 5 – Fri 9, Mon 12 – Wed 14 = 10 weekdays; Saturdays 3 and 10 → 12.
    vi.setSystemTime(new Date('2026-10-14T05:00:00Z'));
    try {
      const body = await report();
      expect(body.summary).toMatchObject({ totalDays: 10, workingDays: { min: 10, max: 12 } });
    } finally {
      vi.setSystemTime(new Date('2026-11-26T05:00:00Z'));
    }
  });
});
