// Overtime after a night shift is shown on the calendar date it is worked (docs/overtime.md).
//
// Rudi works the night shift Mon–Fri 22:00–06:00 (WIB). Shift day Friday 16 October 2026: 21:55 – Saturday
// 17 October 07:40. He asks overtime for the shift day Friday 16, 06:00–08:00: the window is read after the
// shift's end, so it is Saturday 17 October 06:00–08:00 WIB (Fri 16 23:00 – Sat 17 01:00 UTC).
//   The list and the overtime recap carry both dates: date (the shift day) 2026-10-16, workDate (the
//   work) 2026-10-17; the page shows "Sabtu, 17 Oktober 2026, 06:00–08:00 (2 jam, hari kerja; shift Jumat,
//   16 Oktober 2026)" — before, "Jumat, 16 Oktober 2026, 06:00–08:00", a day early.
//   Payable: 06:00–07:40 = 100 min → rounded down to 30 min steps: 90 min = 1 h × 1.5 + 0.5 h × 2 = 2.5
//   equivalent hours.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import * as overtime from '@/app/api/overtime/route';
import * as status from '@/app/api/overtime/[id]/status/route';
import * as recap from '@/app/api/overtime/recap/[userId]/route';
import { windowText } from '@/features/overtime/components/format';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

let rudi: Awaited<ReturnType<typeof createUser>>;
let hr: Awaited<ReturnType<typeof createUser>>;
let id = '';

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-19T03:00:00Z')); // Monday 19 October 2026, 10:00 WIB
  const office = await configureMainOffice({ timezone: 'Asia/Jakarta', latitude: -6.175392, longitude: 106.827153, radius: 100 });
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await clearHolidays();
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
  const night = await db.workSchedule.create({
    data: {
      name: 'Shift Malam Uji',
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '22:00' : null, end: i < 5 ? '06:00' : null })),
      },
    },
  });
  hr = await createUser({ role: 'hr', name: 'Hana' });
  rudi = await createUser({ name: 'Rudi', createdAt: new Date('2026-01-05T02:00:00Z') });
  await db.user.update({ where: { id: rudi.user.id }, data: { scheduleId: night.id, homeOfficeId: office.id } });
  await db.attendance.create({
    data: {
      userId: rudi.user.id,
      officeId: office.id,
      workDate: dateKeyToDate('2026-10-16'),
      checkInAt: new Date('2026-10-16T21:55:00+07:00'),
      checkInLatitude: -6.175392,
      checkInLongitude: 106.827153,
      checkInDistance: 5,
      checkOutAt: new Date('2026-10-17T07:40:00+07:00'),
      checkOutLatitude: -6.175392,
      checkOutLongitude: 106.827153,
      checkOutDistance: 5,
      shiftStart: '22:00',
      shiftEnd: '06:00',
      dayStatus: 'kerja',
    },
  });
});

afterAll(() => {
  vi.useRealTimers();
});

describe('overtime after a night shift', () => {
  it('is asked on the shift day and stands on the date it is worked: Saturday 17 October', async () => {
    const asked = await call(overtime.POST, {
      token: rudi.token,
      body: { date: '2026-10-16', startTime: '06:00', endTime: '08:00', reason: 'Serah terima gudang pagi' },
    });
    expect(asked.status).toBe(201);
    id = asked.body.id;
    expect(asked.body).toMatchObject({
      date: '2026-10-16',
      workDate: '2026-10-17',
      startAt: '2026-10-16T23:00:00.000Z',
      endAt: '2026-10-17T01:00:00.000Z',
      minutes: 120,
      dayKind: 'kerja',
    });
    expect((await call(status.PUT, { method: 'PUT', token: hr.token, params: { id }, body: { status: 'approved' } })).status).toBe(200);

    const listed = await call(overtime.GET, { token: hr.token, path: `/api/overtime?userId=${rudi.user.id}` });
    const item = listed.body.find((o: { id: string }) => o.id === id);
    expect(item).toMatchObject({ date: '2026-10-16', workDate: '2026-10-17', figures: { payableMinutes: 90, equivalentHours: 2.5 } });
    expect(windowText(item)).toBe('Sabtu, 17 Oktober 2026, 06:00–08:00 (2 jam, hari kerja; shift Jumat, 16 Oktober 2026)');

    const month = await call(recap.GET, {
      token: rudi.token,
      params: { userId: rudi.user.id },
      path: `/api/overtime/recap/${rudi.user.id}?startDate=2026-10-01&endDate=2026-10-31`,
    });
    expect(month.status).toBe(200);
    expect(month.body.days).toEqual([expect.objectContaining({ id, date: '2026-10-16', workDate: '2026-10-17' })]);
    expect(month.body).toMatchObject({ payableMinutes: 90, equivalentHours: 2.5 });
  });

  it('a window on the day itself keeps that date, with no shift note', () => {
    const same = {
      date: '2026-10-19',
      workDate: '2026-10-19',
      startTime: '17:00',
      endTime: '19:00',
      minutes: 120,
      dayKind: 'kerja' as const,
    };
    expect(windowText(same)).toBe('Senin, 19 Oktober 2026, 17:00–19:00 (2 jam, hari kerja)');
  });
});
