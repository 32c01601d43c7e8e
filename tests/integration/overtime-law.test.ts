// Overtime where the law gives the figure (docs/overtime.md), over the API on the real database:
//   - a public holiday on the shortest working day of a 6-day week has its own table (PP 35/2021 art. 31(3));
//   - work on a cuti bersama day is an ordinary working day (overtime only after the shift, working-day
//     rates) unless the company opts in to holiday rates (Settings.overtimeCutiBersamaHolidayRate).
// Every figure is worked out by hand in the comments.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate, instantInZone, isoWeekday } from '@/lib/dates';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';
import * as overtime from '@/app/api/overtime/route';
import * as status from '@/app/api/overtime/[id]/status/route';
import * as settings from '@/app/api/settings/overtime/route';
import { overtimeFiguresForRange } from '@/features/overtime/server/overtime-figures';

const WIB = 'Asia/Jakarta';
const at = (date: string, hhmm: string) => instantInZone(date, hhmm, WIB);
const today = () => dateKeyInZone(new Date(), WIB);
/** The latest date on or before `from` whose ISO weekday is `weekday`. */
const last = (from: string, weekday: number) => {
  let d = from;
  while (isoWeekday(d) !== weekday) d = addDays(d, -1);
  return d;
};
type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, officeId: string;

const employee = (name: string) => createUser({ name, createdAt: new Date(Date.now() - 200 * 86_400_000) });
const ask = (token: string, body: Record<string, unknown>) =>
  call(overtime.POST, { token, body: { reason: 'Stok opname akhir bulan', ...body } });
const approve = (id: string) => call(status.PUT, { method: 'PUT', token: hr.token, params: { id }, body: { status: 'approved' } });
const punch = (userId: string, date: string, checkIn: string, checkOut: string, dayStatus: string) =>
  db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: at(date, checkIn),
      checkOutAt: at(date, checkOut),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 0,
      dayStatus,
      officeId,
    },
  });

beforeAll(async () => {
  const office = await configureMainOffice({ timezone: WIB, latitude: -6.175392, longitude: 106.827153, radius: 100 });
  officeId = office.id;
  await setDefaultWorkingDays([1, 2, 3, 4, 5], { start: '08:00', end: '17:00' });
  await clearHolidays();
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30, cutiBersamaPolicy: 'potong_cuti' } });
  admin = await createUser({ role: 'admin', name: 'Admin Hukum Lembur' });
  hr = await createUser({ role: 'hr', name: 'HR Hukum Lembur' });
});

describe('a public holiday on the shortest working day of a 6-day week (PP 35/2021 art. 31(3))', () => {
  it('Saturday of a 7-7-7-7-7-5 week pays 5 × 2 + 1 × 3 + 3 × 4 = 25 for 9 hours; Friday the rest-day table, 21; the recap adds 46', async () => {
    // Monday–Friday 08:00–15:00 (7 h), Saturday 08:00–13:00 (5 h): 40 hours in 6 days; Saturday is the shortest day.
    const schedule = await db.workSchedule.create({
      data: {
        name: 'Enam Hari 7-5',
        days: {
          create: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            weekday,
            start: weekday <= 6 ? '08:00' : null,
            end: weekday <= 5 ? '15:00' : weekday === 6 ? '13:00' : null,
          })),
        },
      },
    });
    const { user, token } = await employee('Karyawan Enam Hari');
    await db.user.update({ where: { id: user.id }, data: { scheduleId: schedule.id } });
    const saturday = last(addDays(today(), -1), 6);
    const friday = addDays(saturday, -1);
    await db.holiday.createMany({
      data: [
        { date: dateKeyToDate(saturday), name: 'Libur Nasional Sabtu', kind: 'libur_nasional' },
        { date: dateKeyToDate(friday), name: 'Libur Nasional Jumat', kind: 'libur_nasional' },
      ],
    });

    // The table covers 9 hours: 07:00–16:30 (9 h 30 min) is refused.
    const tooLong = await ask(token, { date: saturday, startTime: '07:00', endTime: '16:30' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.code).toBe('OVERTIME_REST_DAY_MAX');

    const sat = await ask(token, { date: saturday, startTime: '07:00', endTime: '16:00' });
    expect(sat.status).toBe(201);
    expect(sat.body).toMatchObject({ dayKind: 'libur_hari_pendek', weekDays: 6, minutes: 540 });
    const fri = await ask(token, { date: friday, startTime: '07:00', endTime: '16:00' });
    expect(fri.status).toBe(201);
    expect(fri.body).toMatchObject({ dayKind: 'libur', weekDays: 6, minutes: 540 });

    // Saturday: in 06:55, out 16:10; window 07:00–16:00 ∩ punches = 540 min (a multiple of 30) →
    //   hours 1–5: 5 × 2 = 10, hour 6: 1 × 3 = 3, hours 7–9: 3 × 4 = 12 → 25 equivalent hours.
    // Friday: in 07:00, out 16:00 = 540 min → rest-day table, 6-day week: 7 × 2 + 1 × 3 + 1 × 4 = 21.
    await punch(user.id, saturday, '06:55', '16:10', 'libur_nasional');
    await punch(user.id, friday, '07:00', '16:00', 'libur_nasional');
    expect((await approve(sat.body.id)).status).toBe(200);
    expect((await approve(fri.body.id)).status).toBe(200);

    const recap = await overtimeFiguresForRange(user.id, friday, saturday);
    expect(recap.days.map((d) => [d.date, d.dayKind, d.figures.payableMinutes, d.figures.equivalentHours])).toEqual([
      [friday, 'libur', 540, 21],
      [saturday, 'libur_hari_pendek', 540, 25],
    ]);
    // Per multiplier: 2 × 300 + 420 = 720 min, 3 × 60 + 60 = 120, 4 × 180 + 60 = 240;
    // 12 h × 2 + 2 h × 3 + 4 h × 4 = 24 + 6 + 16 = 46.
    expect(recap.classes).toEqual([
      { multiplier: 2, minutes: 720 },
      { multiplier: 3, minutes: 120 },
      { multiplier: 4, minutes: 240 },
    ]);
    expect(recap.equivalentHours).toBe(46);
  });

  it('a 5-day week, or a 6-day week whose days are all the same length, keeps the rest-day table', async () => {
    const even = await db.workSchedule.create({
      data: {
        name: 'Enam Hari Rata',
        days: {
          create: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            weekday,
            start: weekday <= 6 ? '08:00' : null,
            end: weekday <= 6 ? '14:40' : null,
          })),
        },
      },
    });
    const six = await employee('Karyawan Enam Hari Rata');
    await db.user.update({ where: { id: six.user.id }, data: { scheduleId: even.id } });
    const five = await employee('Karyawan Lima Hari');
    // A weekday holiday two weeks back (Wednesday): a working day of both schedules.
    const wednesday = last(addDays(today(), -8), 3);
    await db.holiday.create({ data: { date: dateKeyToDate(wednesday), name: 'Libur Nasional Rabu', kind: 'libur_nasional' } });
    const a = await ask(six.token, { date: wednesday, startTime: '08:00', endTime: '14:00' });
    expect(a.body).toMatchObject({ dayKind: 'libur', weekDays: 6 });
    const b = await ask(five.token, { date: wednesday, startTime: '08:00', endTime: '14:00' });
    expect(b.body).toMatchObject({ dayKind: 'libur', weekDays: 5 });
  });
});

describe('cuti bersama: an ordinary working day unless the company opts in', () => {
  it('by default: only after the shift, working-day rates (1.5 then 2), inside the 4-hour cap; the opt-in pays holiday rates from then on', async () => {
    expect((await call(settings.GET, { token: hr.token })).body).toEqual({
      roundingMinutes: 30,
      cutiBersamaHolidayRate: false,
      // Rest-day and holiday work paid, Cuti Pengganti valid 90 days: the defaults (docs/overtime.md).
      compensation: 'upah',
      compensatoryExpiryDays: 90,
    });
    const { user, token } = await employee('Karyawan Cuti Bersama');
    // Two cuti bersama days: a Tuesday and the Thursday after it, both in the past.
    const tuesday = last(addDays(today(), -3), 2);
    const thursday = addDays(tuesday, 2);
    await db.holiday.createMany({
      data: [
        { date: dateKeyToDate(tuesday), name: 'Cuti Bersama Selasa', kind: 'cuti_bersama' },
        { date: dateKeyToDate(thursday), name: 'Cuti Bersama Kamis', kind: 'cuti_bersama' },
      ],
    });

    // The shift (08:00–17:00) is normal work that day: a window from 08:00 is refused, so is one over 4 hours.
    const early = await ask(token, { date: tuesday, startTime: '08:00', endTime: '17:00' });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      code: 'OVERTIME_BEFORE_SHIFT_END',
      error: 'Lembur pada hari kerja dimulai setelah jam kerja berakhir (17:00)',
    });
    expect((await ask(token, { date: tuesday, startTime: '17:00', endTime: '21:30' })).body.code).toBe('OVERTIME_DAILY_CAP');
    const tue = await ask(token, { date: tuesday, startTime: '17:00', endTime: '20:00' });
    expect(tue.status).toBe(201);
    expect(tue.body).toMatchObject({ dayKind: 'kerja', weekDays: 5, minutes: 180 });
    expect(await db.overtimeRequest.findUniqueOrThrow({ where: { id: tue.body.id } })).toMatchObject({
      shiftStart: '08:00',
      shiftEnd: '17:00',
    });

    // In 07:58, out 19:47: after the shift's end 17:00–19:47 = 167 min → 150 (30-minute steps)
    //   = 1 h × 1.5 + 1.5 h × 2 = 1.5 + 3 = 4.5 (holiday rates would have paid the whole day).
    await punch(user.id, tuesday, '07:58', '19:47', 'cuti_bersama');
    expect((await approve(tue.body.id)).status).toBe(200);

    // The admin opts in (audited); the next request on a cuti bersama day is holiday overtime.
    const put = await call(settings.PUT, { method: 'PUT', token: admin.token, body: { cutiBersamaHolidayRate: true } });
    expect(put.body).toMatchObject({ roundingMinutes: 30, cutiBersamaHolidayRate: true });
    expect(
      await db.auditLog.findFirstOrThrow({ where: { kind: 'settings.overtime', actorId: admin.user.id }, orderBy: { createdAt: 'desc' } }),
    ).toMatchObject({
      before: { roundingMinutes: 30, cutiBersamaHolidayRate: false },
      after: { roundingMinutes: 30, cutiBersamaHolidayRate: true },
    });
    const thu = await ask(token, { date: thursday, startTime: '08:00', endTime: '17:00' });
    expect(thu.status).toBe(201);
    expect(thu.body).toMatchObject({ dayKind: 'libur', minutes: 540 });
    // In 07:58, out 17:05: window 08:00–17:00 = 540 min → 5-day week holiday table: 8 × 2 + 1 × 3 = 19.
    await punch(user.id, thursday, '07:58', '17:05', 'cuti_bersama');
    expect((await approve(thu.body.id)).status).toBe(200);

    // Tuesday keeps the day kind it was asked with: 4.5. Together 4.5 + 19 = 23.5:
    //   1.5 × 60 min; 2 × (90 + 480) = 570 min; 3 × 60 min → 1.5 + 19 + 3 = 23.5.
    const recap = await overtimeFiguresForRange(user.id, tuesday, thursday);
    expect(recap.days.map((d) => [d.date, d.dayKind, d.figures.payableMinutes, d.figures.equivalentHours])).toEqual([
      [tuesday, 'kerja', 150, 4.5],
      [thursday, 'libur', 540, 19],
    ]);
    expect(recap.classes).toEqual([
      { multiplier: 1.5, minutes: 60 },
      { multiplier: 2, minutes: 570 },
      { multiplier: 3, minutes: 60 },
    ]);
    expect(recap.equivalentHours).toBe(23.5);

    // Off again: back to the law.
    await call(settings.PUT, { method: 'PUT', token: admin.token, body: { cutiBersamaHolidayRate: false } });
    const other = await employee('Karyawan Cuti Bersama Dua');
    expect((await ask(other.token, { date: thursday, startTime: '17:00', endTime: '18:00' })).body).toMatchObject({ dayKind: 'kerja' });
  });

  it('under the policy "tetap masuk" the day is a working day anyway; a cuti bersama on a rest day stays a rest day', async () => {
    const { token } = await employee('Karyawan Tetap Masuk');
    const monday = last(addDays(today(), -15), 1);
    const sunday = addDays(monday, -1);
    await db.holiday.createMany({
      data: [
        { date: dateKeyToDate(monday), name: 'Cuti Bersama Senin', kind: 'cuti_bersama' },
        { date: dateKeyToDate(sunday), name: 'Cuti Bersama Minggu', kind: 'cuti_bersama' },
      ],
    });
    expect((await ask(token, { date: sunday, startTime: '08:00', endTime: '12:00' })).body).toMatchObject({ dayKind: 'istirahat' });
    await db.settings.update({ where: { id: 1 }, data: { cutiBersamaPolicy: 'masuk' } });
    try {
      expect((await ask(token, { date: monday, startTime: '17:00', endTime: '19:00' })).body).toMatchObject({ dayKind: 'kerja' });
    } finally {
      await db.settings.update({ where: { id: 1 }, data: { cutiBersamaPolicy: 'potong_cuti' } });
    }
  });
});
