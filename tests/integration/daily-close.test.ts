// The daily close (docs/daily-close.md) of a hand-built week, with answers worked out by hand.
//
// Week of Mon 17 – Sun 23 August 2026. Company schedule Mon–Fri 08:00–17:00, no tolerance; Mon 17 is a
// national holiday (Hari Kemerdekaan) for every office. Close time 02:00 the next local day.
//   Kantor Pusat, Jakarta (WIB, UTC+7) and Cabang Makassar (WITA, UTC+8).
//   Ani (Jakarta): Tue 18 in 08:10 out 17:00 (10 min late); Wed 19 nothing; Thu 20 approved sick leave;
//                  Fri 21 in 07:55, never out (lupa check-out).
//   Budi (Makassar): Tue 18 in 08:20 WITA (00:20Z, 20 min late), out 16:30 WITA (30 min early); the rest nothing.
//   Citra (Jakarta): roster Tue 18 22:00–06:00 (a night shift), Wed 19 a rest day; in 22:05, out 06:00 Wed.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay, runDueCloses } from '@/features/daily-close/server/daily-close';
import { POST as closeRoute } from '@/app/api/attendance/close/route';
import { GET as daysRoute } from '@/app/api/attendance/days/[userId]/route';
import { PUT as leaveStatusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { PUT as settingsRoute } from '@/app/api/settings/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, ani: Made, budi: Made, citra: Made;
let jakarta: string, makassar: string;
const JOINED = new Date('2026-01-01T00:00:00Z');

async function record(
  userId: string,
  date: string,
  checkIn: string,
  checkOut: string | null,
  extra: { lateMinutes?: number; earlyMinutes?: number; officeId?: string; shiftStart?: string; shiftEnd?: string } = {},
) {
  return db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: new Date(checkIn),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      ...(checkOut ? { checkOutAt: new Date(checkOut), checkOutLatitude: 0, checkOutLongitude: 0, checkOutDistance: 10 } : {}),
      lateMinutes: extra.lateMinutes ?? 0,
      earlyMinutes: checkOut ? (extra.earlyMinutes ?? 0) : null,
      officeId: extra.officeId ?? jakarta,
      dayStatus: 'kerja',
      shiftStart: extra.shiftStart ?? '08:00',
      shiftEnd: extra.shiftEnd ?? '17:00',
      faceCheckStatus: 'verified',
    },
  });
}

/** 'status[ late/early]' per date, as compact as the table in the header. */
async function table(userId: string, start = '2026-08-17', end = '2026-08-23') {
  const rows = await db.attendanceDay.findMany({
    where: { userId, date: { gte: dateKeyToDate(start), lte: dateKeyToDate(end) } },
    orderBy: { date: 'asc' },
  });
  return Object.fromEntries(
    rows.map((r) => [
      dateToKey(r.date),
      `${r.status}${r.status === 'hadir' || r.status === 'lupa_checkout' ? ` ${r.lateMinutes}/${r.earlyMinutes}` : ''}${r.leaveTypeName ? ` (${r.leaveTypeName})` : ''}`,
    ]),
  );
}
const closedDates = async (officeId: string) =>
  (await db.dayClose.findMany({ where: { officeId }, orderBy: { date: 'asc' } })).map((c) => dateToKey(c.date));

beforeAll(async () => {
  await clearHolidays();
  await db.holiday.create({ data: { date: dateKeyToDate('2026-08-17'), name: 'Hari Kemerdekaan', kind: 'libur_nasional' } });
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  jakarta = (await getMainOffice()).id;
  makassar = (
    await db.office.create({
      data: { name: 'Cabang Makassar', latitude: -5.147665, longitude: 119.432732, radius: 100, timezone: 'Asia/Makassar' },
    })
  ).id;
  admin = await createUser({ role: 'admin', name: 'Admin', createdAt: JOINED });
  hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt: JOINED });
  ani = await createUser({ name: 'Ani', createdAt: JOINED });
  budi = await createUser({ name: 'Budi', createdAt: JOINED });
  citra = await createUser({ name: 'Citra', createdAt: JOINED });
  // Admin and HR belong to another office's week: move them to an office of their own so they do not appear.
  const hq = await db.office.create({ data: { name: 'Kantor Direksi', latitude: 0, longitude: 0, timezone: 'Asia/Jakarta' } });
  await db.user.updateMany({ where: { id: { in: [admin.user.id, hr.user.id] } }, data: { homeOfficeId: hq.id } });
  await db.user.update({ where: { id: budi.user.id }, data: { homeOfficeId: makassar } });
  await db.rosterEntry.createMany({
    data: [
      { userId: citra.user.id, date: dateKeyToDate('2026-08-18'), start: '22:00', end: '06:00' },
      { userId: citra.user.id, date: dateKeyToDate('2026-08-19'), start: null, end: null },
    ],
  });
  await record(ani.user.id, '2026-08-18', '2026-08-18T01:10:00Z', '2026-08-18T10:00:00Z', { lateMinutes: 10 });
  await record(ani.user.id, '2026-08-21', '2026-08-21T00:55:00Z', null);
  const sick = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'sakit' } });
  await db.leaveRequest.create({
    data: {
      userId: ani.user.id,
      type: 'sakit',
      leaveTypeId: sick.id,
      category: 'sakit',
      startDate: dateKeyToDate('2026-08-20'),
      endDate: dateKeyToDate('2026-08-20'),
      days: 1,
      reason: 'Demam tinggi',
      status: 'approved',
    },
  });
  await record(budi.user.id, '2026-08-18', '2026-08-18T00:20:00Z', '2026-08-18T08:30:00Z', {
    lateMinutes: 20,
    earlyMinutes: 30,
    officeId: makassar,
  });
  await record(citra.user.id, '2026-08-18', '2026-08-18T15:05:00Z', '2026-08-18T23:00:00Z', {
    lateMinutes: 5,
    shiftStart: '22:00',
    shiftEnd: '06:00',
  });
});

describe('the daily close of a hand-built week', () => {
  it('a night shift holds its office-day until the shift ends + 2 h; the other zone closes on its own clock', async () => {
    // 19 Aug 02:30 WIB = 18 Aug 19:30Z = 19 Aug 03:30 WITA, looking back two days (17 and 18).
    // Jakarta: 17 is due at 18 Aug 02:00 WIB → closed. 18 would be due at 19 Aug 02:00 WIB, but Citra's
    //   shift ends 19 Aug 06:00 WIB, so it waits until 08:00 WIB (01:00Z).
    // Makassar: 17 and 18 (due 19 Aug 02:00 WITA = 18 Aug 18:00Z) both closed.
    const first = await runDueCloses(new Date('2026-08-18T19:30:00Z'), 2);
    expect(first.map((c) => `${c.officeId === jakarta ? 'J' : c.officeId === makassar ? 'M' : 'X'} ${c.date}`).sort()).toEqual([
      'J 2026-08-17',
      'M 2026-08-17',
      'M 2026-08-18',
      'X 2026-08-17',
      'X 2026-08-18',
    ]);
    expect(await closedDates(jakarta)).toEqual(['2026-08-17']);
    // 07:59 WIB: still waiting; 08:00 WIB: closed.
    expect((await runDueCloses(new Date('2026-08-19T00:59:00Z'), 2)).filter((c) => c.officeId === jakarta)).toEqual([]);
    const at8 = (await runDueCloses(new Date('2026-08-19T01:00:00Z'), 2)).filter((c) => c.officeId === jakarta);
    // Jakarta on the 18th: Ani and Citra (2 employee-days).
    expect(at8).toEqual([{ officeId: jakarta, date: '2026-08-18', ran: true, days: 2 }]);
  });

  it('catches up after two missed nights: at 22 Aug 03:30 WIB the 19th, 20th and 21st close, oldest first', async () => {
    const run = await runDueCloses(new Date('2026-08-21T20:30:00Z'), 5);
    expect(run.filter((c) => c.officeId === jakarta).map((c) => c.date)).toEqual(['2026-08-19', '2026-08-20', '2026-08-21']);
    expect(await closedDates(jakarta)).toEqual(['2026-08-17', '2026-08-18', '2026-08-19', '2026-08-20', '2026-08-21']);
  });

  it('classifies every employee-day of the week', async () => {
    await runDueCloses(new Date('2026-08-24T03:00:00Z'), 7);
    expect(await closedDates(makassar)).toEqual([
      '2026-08-17',
      '2026-08-18',
      '2026-08-19',
      '2026-08-20',
      '2026-08-21',
      '2026-08-22',
      '2026-08-23',
    ]);
    expect(await table(ani.user.id)).toEqual({
      '2026-08-17': 'libur',
      '2026-08-18': 'hadir 10/0',
      '2026-08-19': 'alpa',
      '2026-08-20': 'sakit (Sakit)',
      '2026-08-21': 'lupa_checkout 0/0',
      '2026-08-22': 'istirahat',
      '2026-08-23': 'istirahat',
    });
    expect(await table(budi.user.id)).toEqual({
      '2026-08-17': 'libur',
      '2026-08-18': 'hadir 20/30',
      '2026-08-19': 'alpa',
      '2026-08-20': 'alpa',
      '2026-08-21': 'alpa',
      '2026-08-22': 'istirahat',
      '2026-08-23': 'istirahat',
    });
    expect(await table(citra.user.id)).toEqual({
      '2026-08-17': 'libur',
      '2026-08-18': 'hadir 5/0',
      '2026-08-19': 'istirahat',
      '2026-08-20': 'alpa',
      '2026-08-21': 'alpa',
      '2026-08-22': 'istirahat',
      '2026-08-23': 'istirahat',
    });
    // No check-out time is invented for the forgotten one; the record stays as it was.
    const forgot = await db.attendanceDay.findUniqueOrThrow({
      where: { userId_date: { userId: ani.user.id, date: dateKeyToDate('2026-08-21') } },
    });
    expect([forgot.checkInAt?.toISOString(), forgot.checkOutAt]).toEqual(['2026-08-21T00:55:00.000Z', null]);
    // The API gives the same answer to the owner and refuses another employee.
    const own = await call(daysRoute, {
      token: ani.token,
      params: { userId: ani.user.id },
      path: `/api/attendance/days/${ani.user.id}?startDate=2026-08-17&endDate=2026-08-23`,
    });
    expect(own.status).toBe(200);
    expect(own.body.days.map((d: { status: string }) => d.status)).toEqual([
      'istirahat',
      'istirahat',
      'lupa_checkout',
      'sakit',
      'alpa',
      'hadir',
      'libur',
    ]);
    expect(own.body.days.find((d: { date: string }) => d.date === '2026-08-21').label).toBe('Lupa check-out');
    expect(
      (
        await call(daysRoute, {
          token: budi.token,
          params: { userId: ani.user.id },
          path: `/api/attendance/days/${ani.user.id}?startDate=2026-08-17&endDate=2026-08-23`,
        })
      ).status,
    ).toBe(403);
  });

  it('every row carries the time of the close that wrote it: one clock read per close, in the claim and in its rows', async () => {
    const closes = await db.dayClose.findMany();
    const rows = await db.attendanceDay.findMany({ select: { officeId: true, date: true, classifiedAt: true } });
    expect(rows.length).toBeGreaterThan(0);
    const claimOf = new Map(closes.map((c) => [`${c.officeId}|${dateToKey(c.date)}`, c]));
    for (const r of rows) expect(claimOf.get(`${r.officeId}|${dateToKey(r.date)}`)?.closedAt).toEqual(r.classifiedAt);
    // Each close is its own transaction: the closes of the week do not share one stamp.
    expect(new Set(closes.map((c) => c.closedAt.getTime())).size).toBeGreaterThan(1);
  });

  it('re-running gives identical rows: the worker again, and an admin running the close now', async () => {
    const before = await db.attendanceDay.findMany({ orderBy: [{ userId: 'asc' }, { date: 'asc' }], omit: { classifiedAt: true } });
    expect(await runDueCloses(new Date('2026-08-24T03:00:00Z'), 7)).toEqual([]);
    const res = await call(closeRoute, {
      method: 'POST',
      token: admin.token,
      path: `/api/attendance/close?date=2026-08-21&officeId=${jakarta}`,
    });
    expect(res.status).toBe(200);
    // Jakarta on the 21st: Ani and Citra; the day was already closed.
    expect(res.body.offices).toEqual([{ officeId: jakarta, days: 2, alreadyClosed: true, provisional: false }]);
    expect(await db.attendanceDay.findMany({ orderBy: [{ userId: 'asc' }, { date: 'asc' }], omit: { classifiedAt: true } })).toEqual(
      before,
    );
    expect(await db.auditLog.count({ where: { kind: 'attendance.close' } })).toBe(1);
    // The admin's run rewrote the rows with its own stamp (one for the run); the claim keeps the first close's.
    const claim = await db.dayClose.findUniqueOrThrow({
      where: { officeId_date: { officeId: jakarta, date: dateKeyToDate('2026-08-21') } },
    });
    const stamps = await db.attendanceDay.findMany({
      where: { officeId: jakarta, date: dateKeyToDate('2026-08-21') },
      select: { classifiedAt: true },
    });
    expect(new Set(stamps.map((r) => r.classifiedAt.getTime())).size).toBe(1);
    expect(stamps[0]!.classifiedAt.getTime()).toBeGreaterThan(claim.closedAt.getTime());
    // An employee may not run it (HR may: docs/roles.md); a day not come yet is refused.
    expect((await call(closeRoute, { method: 'POST', token: ani.token, path: '/api/attendance/close?date=2026-08-21' })).status).toBe(403);
    expect((await call(closeRoute, { method: 'POST', token: admin.token, path: '/api/attendance/close?date=2099-01-01' })).status).toBe(
      422,
    );
  });

  it('exactly once: two closers racing for the same office-day, one runs', async () => {
    const results = await Promise.all([
      closeOfficeDay(makassar, '2026-08-10'),
      closeOfficeDay(makassar, '2026-08-10'),
      closeOfficeDay(makassar, '2026-08-10'),
    ]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    // Budi on Mon 10 Aug: a working day without a record.
    expect(results.find((r) => r.ran)!.days).toBe(1);
    expect(await db.dayClose.count({ where: { officeId: makassar, date: dateKeyToDate('2026-08-10') } })).toBe(1);
    expect(await table(budi.user.id, '2026-08-10', '2026-08-10')).toEqual({ '2026-08-10': 'alpa' });
    // The row is the winner's: it carries the claim's own time.
    const claim = await db.dayClose.findUniqueOrThrow({
      where: { officeId_date: { officeId: makassar, date: dateKeyToDate('2026-08-10') } },
    });
    const row = await db.attendanceDay.findUniqueOrThrow({
      where: { userId_date: { userId: budi.user.id, date: dateKeyToDate('2026-08-10') } },
    });
    expect(row.classifiedAt).toEqual(claim.closedAt);
  });

  it('re-classifies a closed day when a leave is approved later (alpa → izin)', async () => {
    const unpaid = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tanpa_upah' } });
    const leave = await db.leaveRequest.create({
      data: {
        userId: budi.user.id,
        type: 'lainnya',
        leaveTypeId: unpaid.id,
        category: 'izin',
        startDate: dateKeyToDate('2026-08-19'),
        endDate: dateKeyToDate('2026-08-20'),
        days: 2,
        reason: 'Urusan keluarga',
      },
    });
    const res = await call(leaveStatusRoute, { method: 'PUT', token: hr.token, params: { id: leave.id }, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(await table(budi.user.id, '2026-08-19', '2026-08-21')).toEqual({
      '2026-08-19': 'izin (Izin Tanpa Upah)',
      '2026-08-20': 'izin (Izin Tanpa Upah)',
      '2026-08-21': 'alpa',
    });
  });

  it('a rejected face review takes the presence away (hadir → alpa)', async () => {
    const rec = await db.attendance.findUniqueOrThrow({
      where: { userId_workDate: { userId: ani.user.id, workDate: dateKeyToDate('2026-08-18') } },
    });
    await db.attendance.update({ where: { id: rec.id }, data: { faceCheckStatus: 'flagged' } });
    const res = await call(reviewRoute, {
      token: hr.token,
      params: { id: rec.id },
      body: { decision: 'rejected', note: 'Bukan orang yang sama' },
    });
    expect(res.status).toBe(200);
    expect(await table(ani.user.id, '2026-08-18', '2026-08-18')).toEqual({ '2026-08-18': 'alpa' });
  });

  it('the close time is a setting: at 04:00 the next local day, Makassar closes Tue 25 Aug at 04:00 WITA, not 02:00', async () => {
    const put = await call(settingsRoute, {
      method: 'PUT',
      token: admin.token,
      body: {
        companyName: 'PT Uji',
        workingHours: { start: '08:00', end: '17:00' },
        workingDays: [1, 2, 3, 4, 5],
        dailyCloseTime: '04:00',
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.settings.dailyCloseTime).toBe('04:00');
    expect(
      (
        await call(settingsRoute, {
          method: 'PUT',
          token: admin.token,
          body: { companyName: 'PT Uji', workingHours: { start: '08:00', end: '17:00' }, dailyCloseTime: '4 pagi' },
        })
      ).status,
    ).toBe(400);
    // 26 Aug 03:59 WITA = 25 Aug 19:59Z: not yet; 04:00 WITA = 20:00Z: closed.
    const mk = (rs: { officeId: string; date: string }[]) => rs.filter((r) => r.officeId === makassar).map((r) => r.date);
    expect(mk(await runDueCloses(new Date('2026-08-25T19:59:00Z'), 2))).toEqual(['2026-08-24']);
    expect(mk(await runDueCloses(new Date('2026-08-25T20:00:00Z'), 2))).toEqual(['2026-08-25']);
  });
});
