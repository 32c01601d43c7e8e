// The calendar (docs/calendar.md) with answers worked out by hand: holidays and the cuti bersama policy,
// a schedule change in mid-month, a mid-month joiner, a branch-only holiday, a night shift crossing
// midnight and a WITA branch whose date differs from Jakarta's at 23:30 WIB.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import jpeg from 'jpeg-js';
import { GET as calendarRoute } from '@/app/api/calendar/[userId]/route';
import { GET as summaryRoute } from '@/app/api/reports/summary/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { PUT as policyRoute } from '@/app/api/settings/cuti-bersama-policy/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { zoneOf, zonesOf } from '@/features/calendar/server/calendar';
import { call, configureMainOffice, createUser, enrolFace, setDefaultWorkingDays, punchCall } from '../helpers';

const JAKARTA = { latitude: -6.175392, longitude: 106.827153 };
const MAKASSAR = { latitude: -5.147665, longitude: 119.432732 };
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const punch = (at: { latitude: number; longitude: number }) => ({
  ...at,
  accuracy: 10,
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
});

let admin: Awaited<ReturnType<typeof createUser>>;

async function statuses(userId: string, start: string, end: string, token = admin.token) {
  const res = await call(calendarRoute, { token, params: { userId }, path: `/api/calendar/${userId}?startDate=${start}&endDate=${end}` });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.days.map((d: { date: string; status: string }) => [d.date, d.status])) as Record<string, string>;
}

beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
  await configureMainOffice({ ...JAKARTA, radius: 100, timezone: 'Asia/Jakarta' });
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Idul Fitri 2026 and its cuti bersama under each policy', () => {
  // 16 Mon, 17 Tue, 18 Wed (cuti bersama Nyepi), 19 Thu (Nyepi), 20 Fri (cuti bersama), 21 Sat and 22 Sun (Idul Fitri),
  // 23 Mon and 24 Tue (cuti bersama), 25 Wed … 27 Fri.
  const free = {
    '2026-03-16': 'kerja',
    '2026-03-17': 'kerja',
    '2026-03-18': 'cuti_bersama',
    '2026-03-19': 'libur_nasional',
    '2026-03-20': 'cuti_bersama',
    '2026-03-21': 'libur_nasional',
    '2026-03-22': 'libur_nasional',
    '2026-03-23': 'cuti_bersama',
    '2026-03-24': 'cuti_bersama',
    '2026-03-25': 'kerja',
    '2026-03-26': 'kerja',
    '2026-03-27': 'kerja',
  };
  it('potong_cuti (the default) and libur: the cuti bersama days are days off; 5 working days of 12', async () => {
    const { user } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    for (const policy of ['potong_cuti', 'libur'] as const) {
      expect((await call(policyRoute, { method: 'PUT', token: admin.token, body: { cutiBersamaPolicy: policy } })).status).toBe(200);
      const got = await statuses(user.id, '2026-03-16', '2026-03-27');
      expect(got).toEqual(free);
      expect(Object.values(got).filter((s) => s === 'kerja')).toHaveLength(5);
    }
  });
  it('masuk: the four cuti bersama days are working days (9 of 12), still named as cuti bersama', async () => {
    const { user } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    await call(policyRoute, { method: 'PUT', token: admin.token, body: { cutiBersamaPolicy: 'masuk' } });
    const res = await call(calendarRoute, {
      token: admin.token,
      params: { userId: user.id },
      path: `/api/calendar/${user.id}?startDate=2026-03-16&endDate=2026-03-27`,
    });
    const byDate = Object.fromEntries(res.body.days.map((d: { date: string }) => [d.date, d]));
    expect(byDate['2026-03-20']).toMatchObject({ status: 'kerja', holidayKind: 'cuti_bersama', shiftStart: '08:00', shiftEnd: '17:00' });
    expect(res.body.days.filter((d: { status: string }) => d.status === 'kerja')).toHaveLength(9);
    expect(byDate['2026-03-21']).toMatchObject({ status: 'libur_nasional', holidayName: 'Idul Fitri 1447 H', shiftStart: null });
    await call(policyRoute, { method: 'PUT', token: admin.token, body: { cutiBersamaPolicy: 'potong_cuti' } });
  });
  it('refuses an unknown policy and lets only admins and HR set it', async () => {
    expect((await call(policyRoute, { method: 'PUT', token: admin.token, body: { cutiBersamaPolicy: 'bebas' } })).body.error).toBe(
      'Kebijakan cuti bersama tidak valid',
    );
    const emp = await createUser({ role: 'employee' });
    expect((await call(policyRoute, { method: 'PUT', token: emp.token, body: { cutiBersamaPolicy: 'libur' } })).status).toBe(403);
    expect((await db.settings.findUniqueOrThrow({ where: { id: 1 } })).cutiBersamaPolicy).toBe('potong_cuti');
  });
});

describe('November 2026: a schedule change, a mid-month joiner and a branch-only holiday', () => {
  it('a six-day schedule from Monday 16 November: 5 + 6 = 11 working days from 9 to 21 November', async () => {
    const { user } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    const six = await db.workSchedule.create({
      data: {
        name: `Enam Hari ${user.id}`,
        days: {
          create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 6 ? '08:00' : null, end: i < 6 ? '15:00' : null })),
        },
      },
    });
    await db.scheduleAssignment.create({ data: { userId: user.id, scheduleId: six.id, startDate: dateKeyToDate('2026-11-16') } });
    const res = await call(calendarRoute, {
      token: admin.token,
      params: { userId: user.id },
      path: `/api/calendar/${user.id}?startDate=2026-11-09&endDate=2026-11-21`,
    });
    const days = res.body.days as { date: string; status: string; shiftEnd: string | null }[];
    expect(days.filter((d) => d.status === 'kerja').map((d) => d.date)).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(days.find((d) => d.date === '2026-11-13')?.shiftEnd).toBe('17:00');
    expect(days.find((d) => d.date === '2026-11-21')?.shiftEnd).toBe('15:00');
    expect(days.find((d) => d.date === '2026-11-14')?.status).toBe('istirahat');
  });

  it('an employee joining on Wednesday 11 November is belum_bergabung before it', async () => {
    const { user } = await createUser();
    await db.user.update({ where: { id: user.id }, data: { joinDate: dateKeyToDate('2026-11-11') } });
    const got = await statuses(user.id, '2026-11-09', '2026-11-13');
    expect(got).toEqual({
      '2026-11-09': 'belum_bergabung',
      '2026-11-10': 'belum_bergabung',
      '2026-11-11': 'kerja',
      '2026-11-12': 'kerja',
      '2026-11-13': 'kerja',
    });
  });

  it('a Bali-only company holiday is a day off in Denpasar and a working day in Jakarta', async () => {
    const bali = await db.office.create({
      data: { name: 'Cabang Denpasar', latitude: -8.65, longitude: 115.2167, radius: 150, timezone: 'Asia/Makassar' },
    });
    await db.holiday.create({
      data: { date: dateKeyToDate('2026-11-12'), name: 'Hari Raya Kuningan', kind: 'libur_perusahaan', officeIds: [bali.id] },
    });
    const { user: inBali } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    await db.user.update({ where: { id: inBali.id }, data: { homeOfficeId: bali.id } });
    const { user: inJakarta } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    expect((await statuses(inBali.id, '2026-11-12', '2026-11-12'))['2026-11-12']).toBe('libur_perusahaan');
    expect((await statuses(inJakarta.id, '2026-11-12', '2026-11-12'))['2026-11-12']).toBe('kerja');
    const res = await call(calendarRoute, {
      token: admin.token,
      params: { userId: inBali.id },
      path: `/api/calendar/${inBali.id}?startDate=2026-11-12&endDate=2026-11-12`,
    });
    expect(res.body.days[0]).toMatchObject({ timezone: 'Asia/Makassar', zone: 'WITA', holidayName: 'Hari Raya Kuningan' });
  });
});

describe('who may read a calendar', () => {
  it('the owner, admins and HR; not another employee; bad ranges are refused', async () => {
    const a = await createUser();
    const b = await createUser();
    const hr = await createUser({ role: 'hr' });
    const path = (id: string, q = 'startDate=2026-11-01&endDate=2026-11-30') => `/api/calendar/${id}?${q}`;
    expect((await call(calendarRoute, { token: a.token, params: { userId: a.user.id }, path: path(a.user.id) })).status).toBe(200);
    expect((await call(calendarRoute, { token: hr.token, params: { userId: a.user.id }, path: path(a.user.id) })).status).toBe(200);
    expect((await call(calendarRoute, { token: b.token, params: { userId: a.user.id }, path: path(a.user.id) })).status).toBe(403);
    const long = await call(calendarRoute, {
      token: a.token,
      params: { userId: a.user.id },
      path: path(a.user.id, 'startDate=2025-01-01&endDate=2026-12-31'),
    });
    expect([long.status, long.body.error]).toEqual([400, 'Rentang waktu maksimal 1 tahun']);
    const order = await call(calendarRoute, {
      token: a.token,
      params: { userId: a.user.id },
      path: path(a.user.id, 'startDate=2026-11-30&endDate=2026-11-01'),
    });
    expect([order.status, order.body.error]).toEqual([400, 'Tanggal mulai tidak boleh setelah tanggal selesai']);
  });
});

describe('punches against shifts and zones', () => {
  it('a night shift 22:00–06:00: check-in Monday 22:05, check-out Tuesday 06:10 → one record of Monday, 0 late (tolerance 10), 0 early', async () => {
    const { user, token } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    await enrolFace(user.id, DESCRIPTOR);
    const malam = await db.workSchedule.create({
      data: {
        name: `Malam ${user.id}`,
        lateToleranceMinutes: 10,
        days: {
          create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '22:00' : null, end: i < 5 ? '06:00' : null })),
        },
      },
    });
    await db.user.update({ where: { id: user.id }, data: { scheduleId: malam.id } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-16T15:05:00Z')); // Mon 22:05 WIB
    const cin = await punchCall(checkInRoute, 'check-in', { token, body: punch(JAKARTA) });
    expect(cin.status).toBe(200);
    expect(cin.body.attendance).toMatchObject({ date: '2026-11-16', lateMinutes: 0 });
    vi.setSystemTime(new Date('2026-11-16T23:10:00Z')); // Tue 06:10 WIB
    const out = await punchCall(checkOutRoute, 'check-out', { token, body: punch(JAKARTA) });
    expect(out.status).toBe(200);
    expect(out.body.attendance).toMatchObject({ date: '2026-11-16', earlyMinutes: 0 });
    const rows = await db.attendance.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dayStatus: 'kerja', shiftStart: '22:00', shiftEnd: '06:00', lateMinutes: 0, earlyMinutes: 0 });
    // Tuesday evening starts Tuesday's shift: 22:25 is 25 minutes late.
    vi.setSystemTime(new Date('2026-11-17T15:25:00Z'));
    const next = await punchCall(checkInRoute, 'check-in', { token, body: punch(JAKARTA) });
    expect(next.body.attendance).toMatchObject({ date: '2026-11-17', lateMinutes: 25 });
  });

  it('at 23:30 WIB an employee allowed at a WITA branch checks in there on the next day (00:30 WITA), shown in WITA', async () => {
    const { user, token } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    await enrolFace(user.id, DESCRIPTOR);
    const makassar = await db.office.create({ data: { name: 'Cabang Makassar', ...MAKASSAR, radius: 150, timezone: 'Asia/Makassar' } });
    await db.userOffice.create({ data: { userId: user.id, officeId: makassar.id } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T16:30:00Z')); // Wed 23:30 WIB = Thu 00:30 WITA
    const res = await punchCall(checkInRoute, 'check-in', { token, body: punch(MAKASSAR) });
    expect(res.status).toBe(200);
    expect(res.body.attendance).toMatchObject({
      date: '2026-11-19',
      timezone: 'Asia/Makassar',
      office: { id: makassar.id, name: 'Cabang Makassar' },
    });
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.officeId).toBe(makassar.id);
    expect(row.workDate.toISOString().slice(0, 10)).toBe('2026-11-19');
    // Thursday 08:00–17:00 in WITA: 00:30 is before the shift, so not late.
    expect(row.lateMinutes).toBe(0);
    // The home office is still Jakarta: a punch there at the same moment would be Wednesday.
    expect((await getMainOffice()).timezone).toBe('Asia/Jakarta');
  });

  it('an office the employee is not allowed at is outside their radius', async () => {
    const { user, token } = await createUser();
    await enrolFace(user.id, DESCRIPTOR);
    await db.office.create({ data: { name: 'Cabang Lain', latitude: -7.25, longitude: 112.75, radius: 150, timezone: 'Asia/Jakarta' } });
    const res = await punchCall(checkInRoute, 'check-in', { token, body: punch({ latitude: -7.25, longitude: 112.75 }) });
    expect([res.status, res.body.error]).toEqual([422, 'Anda berada di luar radius kantor. Tidak dapat melakukan check-in.']);
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('reports count the calendar, overrides included', () => {
  it('9–21 Nov 2026, a six-day assignment from 16 Nov, a roster rest day and a roster Sunday shift: 11 due, 3 present, 1 leave, 7 absent', async () => {
    // Default Mon–Fri: 9–13 (5). Assignment Mon–Sat from 16: 16–21 (6). Roster: rest on Tue 10 (−1), shift on Sun 15 (+1) → 11.
    // Attendance on 9, 15 and Sat 21 (all working) → present 3, counted 3. Approved leave on Thu 12 → leave 1. Absent 11 − 3 − 1 = 7.
    const office = await db.office.create({
      data: { name: 'Cabang Laporan', latitude: -6.9, longitude: 107.6, radius: 100, timezone: 'Asia/Jakarta' },
    });
    const { user } = await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
    await db.user.update({ where: { id: user.id }, data: { homeOfficeId: office.id } });
    const six = await db.workSchedule.create({
      data: {
        name: `Enam Hari Laporan ${user.id}`,
        days: {
          create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 6 ? '08:00' : null, end: i < 6 ? '15:00' : null })),
        },
      },
    });
    await db.scheduleAssignment.create({ data: { userId: user.id, scheduleId: six.id, startDate: dateKeyToDate('2026-11-16') } });
    await db.rosterEntry.create({ data: { userId: user.id, date: dateKeyToDate('2026-11-10') } });
    await db.rosterEntry.create({ data: { userId: user.id, date: dateKeyToDate('2026-11-15'), start: '09:00', end: '13:00' } });
    for (const d of ['2026-11-09', '2026-11-15', '2026-11-21']) {
      await db.attendance.create({
        data: {
          userId: user.id,
          workDate: dateKeyToDate(d),
          checkInAt: new Date(`${d}T01:00:00Z`),
          checkInLatitude: -6.9,
          checkInLongitude: 107.6,
          checkInDistance: 5,
          officeId: office.id,
        },
      });
    }
    await db.leaveRequest.create({
      data: {
        userId: user.id,
        type: 'cuti',
        startDate: dateKeyToDate('2026-11-12'),
        endDate: dateKeyToDate('2026-11-12'),
        reason: 'Keperluan keluarga',
        status: 'approved',
      },
    });
    const res = await call(summaryRoute, {
      token: admin.token,
      path: `/api/reports/summary?startDate=2026-11-09&endDate=2026-11-21&officeId=${office.id}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.employeeStats).toEqual([
      expect.objectContaining({ userId: user.id, totalDays: 11, present: 3, leave: 1, absent: 7, attendanceRate: 30 }),
    ]);
    const days = Object.fromEntries(
      res.body.dailyStats.map((d: { date: string; present: number; absent: number; leave: number }) => [
        d.date,
        [d.present, d.absent, d.leave],
      ]),
    );
    expect(days).toEqual({
      '2026-11-09': [1, 0, 0],
      '2026-11-11': [0, 1, 0],
      '2026-11-12': [0, 0, 1],
      '2026-11-13': [0, 1, 0],
      '2026-11-15': [1, 0, 0],
      '2026-11-16': [0, 1, 0],
      '2026-11-17': [0, 1, 0],
      '2026-11-18': [0, 1, 0],
      '2026-11-19': [0, 1, 0],
      '2026-11-20': [0, 1, 0],
      '2026-11-21': [1, 0, 0],
    });
    expect(res.body.summary).toMatchObject({ totalEmployees: 1, totalPresent: 3, totalAbsent: 7, totalLeave: 1, totalDays: 11 });
  });
});

describe("the zone of an employee's day", () => {
  it("is the home office's, else the main office's; pairs months apart are answered too; an unknown employee has none", async () => {
    const papua = await db.office.create({
      data: { name: 'Cabang Jayapura', latitude: -2.5337, longitude: 140.7181, radius: 150, timezone: 'Asia/Jayapura' },
    });
    const east = (await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') })).user;
    await db.user.update({ where: { id: east.id }, data: { homeOfficeId: papua.id } });
    const main = (await createUser({ createdAt: new Date('2025-01-01T00:00:00Z') })).user;
    const nobody = '00000000-0000-4000-8000-000000000000';
    const zones = await zonesOf([
      { userId: east.id, date: '2026-01-05' },
      { userId: main.id, date: '2026-01-06' },
      // Five months later: a second calendar query, not every day in between.
      { userId: east.id, date: '2026-06-10' },
      { userId: nobody, date: '2026-01-05' },
      // The last day a date key can name: a group of its own.
      { userId: main.id, date: '9999-12-31' },
    ]);
    expect(Object.fromEntries(zones)).toEqual({
      [`${east.id}|2026-01-05`]: 'Asia/Jayapura',
      [`${main.id}|2026-01-06`]: 'Asia/Jakarta',
      [`${east.id}|2026-06-10`]: 'Asia/Jayapura',
      [`${main.id}|9999-12-31`]: 'Asia/Jakarta',
    });
    expect(await zonesOf([])).toEqual(new Map());
    expect(await zoneOf(east.id, '2026-03-01')).toBe('Asia/Jayapura');
    // Without an office at all the calendar's own default: WIB.
    expect(await zoneOf(nobody, '2026-03-01')).toBe('Asia/Jakarta');
  });
});
