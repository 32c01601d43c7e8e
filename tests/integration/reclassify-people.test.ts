// Derived days follow a person's facts (docs/daily-close.md, "Derived days follow their facts"): a change
// of join or end date, home or allowed office, schedule or payroll membership enqueues a 'reclassify' job
// (the database's triggers, in the change's own transaction); runDueJobs() classifies the closed days of
// open months again. Worked by hand:
//   Company schedule Mon–Fri 08:00–17:00, no tolerance. Kantor Pusat (Jakarta, WIB) and Cabang Denpasar
//   (WITA). Every office closed Mon 28 September – Sat 10 October 2026; September then closed by Tutup
//   Periode.
//   Joko joined 20 October (account made then). Entering his real join date, 5 October, makes 5–9 October
//   five 'alpa' days (Sat 10 a rest day); before, they had no row and stayed "belum ditutup" (the DayClose
//   rows already existed). An end date of 7 October removes 8–10 October again.
//   Made (Jakarta, Mon–Fri) checked in Tue 6 October 08:30 WIB and out 17:00: hadir, 30 min late. Moved to
//   Denpasar with a Mon–Sat schedule: every October day is Denpasar's, Sat 10 becomes 'alpa' (was
//   'istirahat'), Tue 6 stays hadir 30/0 (the record's own figures); 28–30 September (closed month) stay
//   Jakarta's, unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { waitingByOfficeDay } from '@/features/daily-close/server/reclassify-queue';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

let jakarta: string, denpasar: string;
const people: Record<string, string> = {};

/** 'status office' per date over [start, end]. */
async function days(userId: string, start: string, end: string) {
  const rows = await db.attendanceDay.findMany({
    where: { userId, date: { gte: dateKeyToDate(start), lte: dateKeyToDate(end) } },
    orderBy: { date: 'asc' },
  });
  const name = (id: string) => (id === jakarta ? 'JKT' : id === denpasar ? 'DPS' : id);
  return Object.fromEntries(
    rows.map((r) => [
      dateToKey(r.date),
      `${r.status}${r.status === 'hadir' ? ` ${r.lateMinutes}/${r.earlyMinutes}` : ''} ${name(r.officeId)}`,
    ]),
  );
}

const reclassifyJobs = () => db.job.count({ where: { kind: 'reclassify', doneAt: null } });

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await configureMainOffice({ timezone: 'Asia/Jakarta' });
  jakarta = (await getMainOffice()).id;
  denpasar = (await db.office.create({ data: { name: 'Cabang Denpasar', timezone: 'Asia/Makassar' } })).id;
  const early = new Date('2026-01-05T02:00:00Z');
  for (const [name, createdAt] of [
    ['joko', new Date('2026-10-20T02:00:00Z')],
    ['made', early],
    ['lina', early],
    ['rudi', early],
  ] as const)
    people[name] = (await createUser({ name, createdAt })).user.id;
  await db.attendance.create({
    data: {
      userId: people.made!,
      workDate: dateKeyToDate('2026-10-06'),
      checkInAt: new Date('2026-10-06T01:30:00Z'),
      checkOutAt: new Date('2026-10-06T10:00:00Z'),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      lateMinutes: 30,
      earlyMinutes: 0,
      officeId: jakarta,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
      faceCheckStatus: 'verified',
    },
  });
  for (let d = '2026-09-28'; d <= '2026-10-10'; d = addDays(d, 1)) {
    await closeOfficeDay(jakarta, d);
    await closeOfficeDay(denpasar, d);
  }
  await db.period.upsert({ where: { month: '2026-09' }, create: { month: '2026-09', status: 'closed' }, update: { status: 'closed' } });
  // The closes themselves enqueue nothing.
  await runDueJobs();
});

describe('join and end dates', () => {
  it('entering the real join date classifies the days already closed; an end date removes the days after it', async () => {
    expect(await days(people.joko!, '2026-10-05', '2026-10-10')).toEqual({});
    await db.user.update({ where: { id: people.joko! }, data: { joinDate: dateKeyToDate('2026-10-05') } });
    // The same change sent twice (two instances): one job.
    await db.user.update({ where: { id: people.joko! }, data: { joinDate: dateKeyToDate('2026-10-05') } });
    expect(await reclassifyJobs()).toBe(1);
    // Waiting, per office-day, for the Tutup Harian page: 5–10 October one employee-day each in Jakarta.
    const waiting = await waitingByOfficeDay([jakarta, denpasar], '2026-10-05', '2026-10-10');
    expect(Object.fromEntries(waiting)).toEqual(
      Object.fromEntries(['05', '06', '07', '08', '09', '10'].map((d) => [`${jakarta}|2026-10-${d}`, 1])),
    );
    expect(await runDueJobs()).toMatchObject({ claimed: 1, done: 1 });
    expect((await waitingByOfficeDay([jakarta], '2026-10-05', '2026-10-10')).size).toBe(0);
    expect(await days(people.joko!, '2026-10-05', '2026-10-10')).toEqual({
      '2026-10-05': 'alpa JKT',
      '2026-10-06': 'alpa JKT',
      '2026-10-07': 'alpa JKT',
      '2026-10-08': 'alpa JKT',
      '2026-10-09': 'alpa JKT',
      '2026-10-10': 'istirahat JKT',
    });

    await db.user.update({ where: { id: people.joko! }, data: { endDate: dateKeyToDate('2026-10-07') } });
    await runDueJobs();
    expect(await days(people.joko!, '2026-10-05', '2026-10-10')).toEqual({
      '2026-10-05': 'alpa JKT',
      '2026-10-06': 'alpa JKT',
      '2026-10-07': 'alpa JKT',
    });
  });
});

describe('home office and schedule', () => {
  it('a move to Denpasar on a Mon–Sat schedule re-classifies October there; closed September stays in Jakarta', async () => {
    const before = await days(people.made!, '2026-09-28', '2026-10-10');
    expect(before['2026-09-28']).toBe('alpa JKT');
    expect(before['2026-10-06']).toBe('hadir 30/0 JKT');
    expect(before['2026-10-10']).toBe('istirahat JKT');
    const sixDays = await db.workSchedule.create({
      data: {
        name: 'Enam hari',
        lateToleranceMinutes: 0,
        days: {
          create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 6 ? '08:00' : null, end: i < 6 ? '16:00' : null })),
        },
      },
    });
    await db.user.update({ where: { id: people.made! }, data: { homeOfficeId: denpasar, scheduleId: sixDays.id } });
    await runDueJobs();
    const after = await days(people.made!, '2026-09-28', '2026-10-10');
    expect(after).toEqual({
      // September is closed (Tutup Periode): its rows and snapshot stay as they were.
      '2026-09-28': 'alpa JKT',
      '2026-09-29': 'alpa JKT',
      '2026-09-30': 'alpa JKT',
      '2026-10-01': 'alpa DPS',
      '2026-10-02': 'alpa DPS',
      '2026-10-03': 'alpa DPS',
      '2026-10-04': 'istirahat DPS',
      '2026-10-05': 'alpa DPS',
      '2026-10-06': 'hadir 30/0 DPS',
      '2026-10-07': 'alpa DPS',
      '2026-10-08': 'alpa DPS',
      '2026-10-09': 'alpa DPS',
      '2026-10-10': 'alpa DPS',
    });
  });

  it('an allowed office added enqueues a re-classification of the person’s days (which stay as they are)', async () => {
    const before = await days(people.lina!, '2026-10-01', '2026-10-10');
    await db.userOffice.create({ data: { userId: people.lina!, officeId: denpasar } });
    const job = await db.job.findFirstOrThrow({ where: { kind: 'reclassify', doneAt: null } });
    expect(job.payload).toMatchObject({ userId: people.lina!, end: expect.any(String) });
    await runDueJobs();
    expect(await days(people.lina!, '2026-10-01', '2026-10-10')).toEqual(before);
  });

  it('taken off the payroll and back: the closed days of open months get their rows again', async () => {
    await db.attendanceDay.deleteMany({ where: { userId: people.rudi!, date: { gte: dateKeyToDate('2026-10-01') } } });
    await db.user.update({ where: { id: people.rudi! }, data: { onPayroll: false } });
    await db.user.update({ where: { id: people.rudi! }, data: { onPayroll: true } });
    await runDueJobs();
    const after = await days(people.rudi!, '2026-10-01', '2026-10-10');
    expect(Object.keys(after)).toHaveLength(10);
    expect(after['2026-10-05']).toBe('alpa JKT');
    expect(after['2026-10-04']).toBe('istirahat JKT');
  });
});

describe('a closed month stays as it was', () => {
  it('schedule days, an office’s time zone and payroll membership apply from the first open day: September’s rows are untouched', async () => {
    const september = () =>
      db.attendanceDay.findMany({
        where: { date: { gte: dateKeyToDate('2026-09-28'), lte: dateKeyToDate('2026-09-30') } },
        orderBy: [{ userId: 'asc' }, { date: 'asc' }],
      });
    const before = await september();
    const snapshot = (await db.period.findUniqueOrThrow({ where: { month: '2026-09' } })).snapshot;
    expect(before.length).toBeGreaterThan(0);
    const { id: scheduleId } = await db.workSchedule.findFirstOrThrow({ where: { isDefault: true } });
    // Tuesday becomes a rest day of the company schedule; Jakarta moves to WITA; Lina leaves the payroll.
    await db.workScheduleDay.update({ where: { scheduleId_weekday: { scheduleId, weekday: 2 } }, data: { start: null, end: null } });
    await db.office.update({ where: { id: jakarta }, data: { timezone: 'Asia/Makassar' } });
    await db.user.update({ where: { id: people.lina! }, data: { onPayroll: false } });
    const ran = await runDueJobs({ limit: 100 });
    expect(ran.failed + ran.retried).toBe(0);
    expect(await september()).toEqual(before);
    expect((await db.period.findUniqueOrThrow({ where: { month: '2026-09' } })).snapshot).toEqual(snapshot);
    // October (open) follows: Rudi's Tuesday 6 October is a rest day now.
    expect((await days(people.rudi!, '2026-10-06', '2026-10-06'))['2026-10-06']).toBe('istirahat JKT');
  });
});
