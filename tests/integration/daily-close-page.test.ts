// Tutup Harian (docs/daily-close.md, "The Tutup Harian page"): the month view, a run of one day or a
// range by HR, the refusals (a month closed by Tutup Periode, a day not begun, bad input) and the close
// time and catch-up window as settings, with answers worked out by hand.
//
// Kantor Tutup Uji (WIB), schedule Mon–Fri 08:00–17:00, no tolerance, no holidays. Four employees joined
// 1 January 2026. Tue 6 October 2026: Ani 08:00–17:00 (on time), Budi 08:15–17:00 (15 min late), Citra
// nothing (alpa), Dedi approved sick leave (sakit). Mon 5 and Wed 7 October: nobody punched, 4 × alpa.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import { runDueCloses } from '@/features/daily-close/server/daily-close';
import { RECLASSIFY, enqueueReclassify } from '@/features/daily-close/server/reclassify-queue';
import { runDueJobs } from '@/lib/server/jobs/queue';
import { GET as monthRoute } from '@/app/api/daily-close/route';
import { POST as runRoute } from '@/app/api/daily-close/run/route';
import { PUT as settingsRoute } from '@/app/api/daily-close/settings/route';
import { POST as closeRoute } from '@/app/api/attendance/close/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';
import type { CloseMonthDto } from '@/features/daily-close/types/daily-close';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, ani: Made;
let office: string;
const JOINED = new Date('2026-01-01T00:00:00Z');

async function punch(userId: string, date: string, inAt: string, outAt: string, lateMinutes: number) {
  await db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: new Date(inAt),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      checkOutAt: new Date(outAt),
      checkOutLatitude: 0,
      checkOutLongitude: 0,
      checkOutDistance: 10,
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

const month = async (m: string, token = hr.token) =>
  call(monthRoute, { path: `/api/daily-close?month=${m}&officeId=${office}`, token }) as Promise<{ status: number; body: CloseMonthDto }>;
const dayOf = (body: CloseMonthDto, date: string) => body.offices[0]!.days.find((d) => d.date === date)!;
const run = (body: unknown, token = hr.token) => call(runRoute, { path: '/api/daily-close/run', body, token });
const closes = async () =>
  (await db.dayClose.findMany({ where: { officeId: office }, orderBy: { date: 'asc' } })).map((c) => dateToKey(c.date));

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  office = (
    await db.office.create({ data: { name: 'Kantor Tutup Uji', latitude: -6.2, longitude: 106.8, radius: 100, timezone: 'Asia/Jakarta' } })
  ).id;
  admin = await createUser({ role: 'admin', name: 'Admin', createdAt: JOINED });
  hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt: JOINED });
  ani = await createUser({ name: 'Ani', createdAt: JOINED });
  const budi = await createUser({ name: 'Budi', createdAt: JOINED });
  const citra = await createUser({ name: 'Citra', createdAt: JOINED });
  const dedi = await createUser({ name: 'Dedi', createdAt: JOINED });
  await db.user.updateMany({ where: { id: { in: [ani, budi, citra, dedi].map((m) => m.user.id) } }, data: { homeOfficeId: office } });
  await punch(ani.user.id, '2026-10-06', '2026-10-06T01:00:00Z', '2026-10-06T10:00:00Z', 0);
  await punch(budi.user.id, '2026-10-06', '2026-10-06T01:15:00Z', '2026-10-06T10:00:00Z', 15);
  const sick = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'sakit' } });
  await db.leaveRequest.create({
    data: {
      userId: dedi.user.id,
      type: 'sakit',
      leaveTypeId: sick.id,
      category: 'sakit',
      startDate: dateKeyToDate('2026-10-06'),
      endDate: dateKeyToDate('2026-10-06'),
      days: 1,
      reason: 'Demam tinggi',
      status: 'approved',
    },
  });
  // The moves to this office enqueued re-classifications (the database's triggers): none has a closed
  // day to rewrite yet, and none may stay waiting.
  while ((await runDueJobs({ kinds: [RECLASSIFY] })).claimed);
});

describe('Tutup Harian: the month view and a run by HR', () => {
  it('before any close, every past day of October is open, with nothing counted', async () => {
    const res = await month('2026-10');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.periodClosed).toBe(false);
    expect(res.body.settings).toEqual({ dailyCloseTime: '02:00', catchUpDays: 62 });
    expect(res.body.offices.map((o) => o.officeName)).toEqual(['Kantor Tutup Uji']);
    expect(res.body.offices[0]!.days).toHaveLength(31);
    expect(res.body.offices[0]!.summary).toEqual({ closed: 0, waiting: 0, open: 31, today: 0, future: 0 });
    expect(dayOf(res.body, '2026-10-06')).toEqual({
      date: '2026-10-06',
      state: 'open',
      closedAt: null,
      employeeDays: 0,
      counts: {},
      waiting: 0,
    });
  });

  it('HR runs 5–7 October: three days closed, one audit row each, the counts per status', async () => {
    const res = await run({ startDate: '2026-10-05', endDate: '2026-10-07', officeId: office });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.days).toEqual(
      ['2026-10-05', '2026-10-06', '2026-10-07'].map((date) => ({
        date,
        offices: [{ officeId: office, days: 4, alreadyClosed: false, provisional: false }],
      })),
    );
    expect(res.body.message).toBe('Tutup harian Senin, 5 Oktober 2026 s.d. Rabu, 7 Oktober 2026 selesai (3 hari)');
    expect(await closes()).toEqual(['2026-10-05', '2026-10-06', '2026-10-07']);
    const audit = await db.auditLog.findMany({ where: { kind: 'attendance.close', actorId: hr.user.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => a.entityId)).toEqual(['2026-10-05', '2026-10-06', '2026-10-07']);

    const view = (await month('2026-10')).body;
    expect(view.offices[0]!.summary).toEqual({ closed: 3, waiting: 0, open: 28, today: 0, future: 0 });
    // Tue 6: Ani on time, Budi 15 min late, Citra absent, Dedi sick.
    expect(dayOf(view, '2026-10-06')).toMatchObject({
      state: 'closed',
      employeeDays: 4,
      counts: { hadir: 1, terlambat: 1, alpa: 1, sakit: 1 },
    });
    expect(dayOf(view, '2026-10-06').closedAt).not.toBeNull();
    expect(dayOf(view, '2026-10-05')).toMatchObject({ state: 'closed', employeeDays: 4, counts: { alpa: 4 } });
    expect(dayOf(view, '2026-10-08')).toMatchObject({ state: 'open', employeeDays: 0 });
  });

  it('closed days with a re-classification waiting show it; an open day stays open; once the job ran they are closed again', async () => {
    expect(await db.$transaction((tx) => enqueueReclassify(tx, { userId: ani.user.id, start: '2026-10-06', end: '2026-10-09' }))).toBe(
      true,
    );
    const view = (await month('2026-10')).body;
    expect(view.offices[0]!.summary).toEqual({ closed: 1, waiting: 2, open: 28, today: 0, future: 0 });
    expect(dayOf(view, '2026-10-06')).toMatchObject({ state: 'waiting', waiting: 1, employeeDays: 4 });
    expect(dayOf(view, '2026-10-07')).toMatchObject({ state: 'waiting', waiting: 1 });
    expect(dayOf(view, '2026-10-08')).toMatchObject({ state: 'open', waiting: 1 });
    expect(dayOf(view, '2026-10-05')).toMatchObject({ state: 'closed', waiting: 0 });
    expect(await runDueJobs({ kinds: [RECLASSIFY] })).toMatchObject({ claimed: 1, done: 1 });
    const after = (await month('2026-10')).body;
    expect(after.offices[0]!.summary).toEqual({ closed: 3, waiting: 0, open: 28, today: 0, future: 0 });
    expect(dayOf(after, '2026-10-06')).toMatchObject({ state: 'closed', counts: { hadir: 1, terlambat: 1, alpa: 1, sakit: 1 } });
  });

  it('a re-run of a closed day gives the same answer (alreadyClosed); the admin may run it too', async () => {
    const res = await run({ startDate: '2026-10-06', officeId: office }, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.days).toEqual([
      { date: '2026-10-06', offices: [{ officeId: office, days: 4, alreadyClosed: true, provisional: false }] },
    ]);
    expect(dayOf((await month('2026-10')).body, '2026-10-06').counts).toEqual({ hadir: 1, terlambat: 1, alpa: 1, sakit: 1 });
  });

  it('HR may run POST /api/attendance/close?date= (path and method kept); an employee gets 403 everywhere', async () => {
    const res = await call(closeRoute, {
      method: 'POST',
      path: `/api/attendance/close?date=2026-10-08&officeId=${office}`,
      token: hr.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.offices).toEqual([{ officeId: office, days: 4, alreadyClosed: false, provisional: false }]);
    const before = await closes();
    expect((await month('2026-10', ani.token)).status).toBe(403);
    expect((await run({ startDate: '2026-10-09', officeId: office }, ani.token)).status).toBe(403);
    expect((await call(settingsRoute, { method: 'PUT', body: { dailyCloseTime: '03:00', catchUpDays: 5 }, token: ani.token })).status).toBe(
      403,
    );
    expect(
      (await call(closeRoute, { method: 'POST', path: `/api/attendance/close?date=2026-10-09&officeId=${office}`, token: ani.token }))
        .status,
    ).toBe(403);
    expect(await closes()).toEqual(before);
  });
});

describe('Tutup Harian: refusals change nothing', () => {
  it('a range touching a month closed by Tutup Periode is refused whole with the period message', async () => {
    await db.period.create({ data: { month: '2026-09', status: 'closed' } });
    const before = await closes();
    const audits = await db.auditLog.count();
    const res = await run({ startDate: '2026-09-29', endDate: '2026-10-02', officeId: office });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'Periode September 2026 sudah ditutup.', code: 'PERIOD_CLOSED' });
    // Not even 1–2 October (open month) ran.
    expect(await closes()).toEqual(before);
    expect(await db.auditLog.count()).toBe(audits);
    const view = (await month('2026-09')).body;
    expect(view.periodClosed).toBe(true);
    expect(view.periodMessage).toBe('Periode September 2026 sudah ditutup.');
  });

  it('a day not begun yet is refused (422), the range whole', async () => {
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    const before = await closes();
    const res = await run({ startDate: addDays(today, -1), endDate: addDays(today, 1), officeId: office });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'Tanggal tersebut belum tiba; tutup harian hanya untuk hari ini atau hari yang sudah lewat.',
      code: 'DAY_NOT_STARTED',
    });
    expect(await closes()).toEqual(before);
  });

  it.each([
    [{ startDate: '2026-10-07', endDate: '2026-10-05' }, 'Tanggal akhir tidak boleh sebelum tanggal mulai'],
    [{ startDate: '2026-08-01', endDate: '2026-09-01' }, 'Rentang tanggal maksimal 31 hari'],
    [{ startDate: 'kemarin' }, 'Tanggal mulai harus berformat YYYY-MM-DD'],
    [{ startDate: '2026-10-09', officeId: 'kantor-1' }, 'ID kantor tidak valid'],
  ])('bad run input %j → 400 %s', async (body, message) => {
    const before = await closes();
    const res = await run(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await closes()).toEqual(before);
  });

  it('a bad month → 400', async () => {
    const res = await call(monthRoute, { path: '/api/daily-close?month=2026-13', token: hr.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bulan tidak valid (format YYYY-MM)');
  });
});

describe('Tutup Harian: the close time and the catch-up window', () => {
  it.each([
    [{ dailyCloseTime: '25:00', catchUpDays: 30 }, 'dailyCloseTime', 'Jam tutup harian tidak valid (HH:mm)'],
    [{ dailyCloseTime: '', catchUpDays: 30 }, 'dailyCloseTime', 'Jam tutup harian wajib diisi'],
    [{ dailyCloseTime: '03:30', catchUpDays: 0 }, 'catchUpDays', 'Jendela tutup susulan harus bilangan bulat antara 1 dan 120 hari'],
    [{ dailyCloseTime: '03:30', catchUpDays: 1.5 }, 'catchUpDays', 'Jendela tutup susulan harus bilangan bulat antara 1 dan 120 hari'],
    [{ dailyCloseTime: '03:30', catchUpDays: '121' }, 'catchUpDays', 'Jendela tutup susulan harus bilangan bulat antara 1 dan 120 hari'],
    [{ dailyCloseTime: '03:30' }, 'catchUpDays', 'Jendela tutup susulan wajib diisi'],
  ])('%j → 400 on %s, nothing saved', async (body, field, message) => {
    const res = await call(settingsRoute, { method: 'PUT', body, token: hr.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields).toEqual({ [field]: message });
    const s = await db.settings.findUniqueOrThrow({ where: { id: 1 } });
    expect([s.dailyCloseTime, s.dailyCloseCatchUpDays]).toEqual(['02:00', 62]);
  });

  it('HR sets 03:30 and 3 days (audited); the next round closes only the last 3 days, at 03:30', async () => {
    const res = await call(settingsRoute, { method: 'PUT', body: { dailyCloseTime: '03:30', catchUpDays: '3' }, token: hr.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Pengaturan tutup harian berhasil disimpan',
      settings: { dailyCloseTime: '03:30', catchUpDays: 3 },
    });
    const row = await db.auditLog.findFirstOrThrow({ where: { kind: 'settings.daily_close' } });
    expect(row).toMatchObject({
      actorId: hr.user.id,
      entity: 'Settings',
      entityId: '1',
      before: { dailyCloseTime: '02:00', catchUpDays: 62 },
      after: { dailyCloseTime: '03:30', catchUpDays: 3 },
    });
    expect((await month('2026-11')).body.settings).toEqual({ dailyCloseTime: '03:30', catchUpDays: 3 });

    // Fri 20 Nov 2026 03:29 WIB (19 Nov 20:29Z): the window is 17–19 Nov; 17 and 18 are due (18 Nov
    // 03:30, 19 Nov 03:30), 19 is not yet (20 Nov 03:30). One minute later 19 closes too. 16 Nov,
    // outside the window, stays open.
    await runDueCloses(new Date('2026-11-19T20:29:00Z'));
    expect((await closes()).filter((d) => d >= '2026-11-01')).toEqual(['2026-11-17', '2026-11-18']);
    await runDueCloses(new Date('2026-11-19T20:30:00Z'));
    expect((await closes()).filter((d) => d >= '2026-11-01')).toEqual(['2026-11-17', '2026-11-18', '2026-11-19']);
  });
});
