// Rekap Saya (docs/recap.md): the employee's own month through GET /api/recap/{userId}, the same figures
// as HR's Rekap Bulanan (live, then from the snapshot once the month is closed), each figure's days behind
// it adding up to the figure, and nobody else's month.
//
// August 2026 (Sat 1 – Mon 31): company schedule Mon–Fri 08:00–17:00, no tolerance, no holidays.
// Weekends 1, 2, 8, 9, 15, 16, 22, 23, 29, 30 = 10 days; 31 − 10 = 21 working days (hari wajib hadir).
// Dewi (Jakarta, WIB):
//   Mon 3  08:00–17:00                       hadir
//   Tue 4  08:15–17:00                       hadir, terlambat 1× 15 min
//   Wed 5  08:00–16:40                       hadir, pulang cepat 1× 20 min
//   Thu 6  nothing                           alpa
//   Fri 7  approved Cuti Tahunan              cuti 1
//   Mon 10 approved Sakit                     sakit 1
//   Tue 11 08:00–19:00, overtime 17:00–19:00 approved: 120 min on a working day → 60 × 1.5 + 60 × 2
//          = 3.5 jam setara, 2 jam
//   Sat 15 rest day, 09:00–12:00, overtime 09:00–12:00 approved: 180 min on a rest day (5-day week)
//          → 180 × 2 = 6 jam setara, 3 jam; hadir on a rest day
//   12, 13, 14, 17–21, 24–28, 31 (14 days) 08:00–17:00 hadir
//   present = 3, 4, 5, 11 + 14 + Sat 15 = 19; alpa 1; leaveByType { Cuti Tahunan: 1, Sakit: 1 };
//   overtime payable 120 + 180 = 300 min = 5 jam; setara 3.5 + 6 = 9.5; ×1.5 60 min, ×2 240 min.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { myRecapFigures } from '@/features/recap/lib/my-recap';
import type { EmployeeRecapDto } from '@/features/recap/types/recap';
import { GET as recapRoute } from '@/app/api/recap/route';
import { GET as employeeRecapRoute } from '@/app/api/recap/[userId]/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, dewi: Made, eko: Made;
let jakarta: string;
const AUG = '2026-08';
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

async function record(date: string, inAt: string, outAt: string, extra: { late?: number; early?: number; dayStatus?: string } = {}) {
  await db.attendance.create({
    data: {
      userId: dewi.user.id,
      workDate: dateKeyToDate(date),
      checkInAt: wib(date, inAt),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      checkOutAt: wib(date, outAt),
      checkOutLatitude: 0,
      checkOutLongitude: 0,
      checkOutDistance: 10,
      lateMinutes: extra.late ?? 0,
      earlyMinutes: extra.early ?? 0,
      officeId: jakarta,
      dayStatus: extra.dayStatus ?? 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
      faceCheckStatus: 'verified',
    },
  });
}

async function leave(code: string, type: 'cuti' | 'sakit', date: string) {
  const t = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code } });
  await db.leaveRequest.create({
    data: {
      userId: dewi.user.id,
      type,
      leaveTypeId: t.id,
      category: type,
      startDate: dateKeyToDate(date),
      endDate: dateKeyToDate(date),
      days: 1,
      reason: 'Keperluan pribadi',
      status: 'approved',
    },
  });
}

async function overtime(date: string, start: string, end: string, dayKind: 'kerja' | 'istirahat') {
  await db.overtimeRequest.create({
    data: {
      userId: dewi.user.id,
      date: dateKeyToDate(date),
      startTime: start,
      endTime: end,
      startAt: wib(date, start),
      endAt: wib(date, end),
      minutes: (Number(end.slice(0, 2)) - Number(start.slice(0, 2))) * 60,
      dayKind,
      weekDays: 5,
      timezone: 'Asia/Jakarta',
      shiftStart: dayKind === 'kerja' ? '08:00' : null,
      shiftEnd: dayKind === 'kerja' ? '17:00' : null,
      reason: 'Stok opname',
      status: 'approved',
      createdByName: 'Dewi',
      consentAt: new Date(),
    },
  });
}

const mine = async (token: string, userId: string, month = AUG) =>
  call(employeeRecapRoute, { token, params: { userId }, path: `/api/recap/${userId}?month=${month}` });
const hrRow = async (month = AUG) =>
  (await call(recapRoute, { token: hr.token, path: `/api/recap?month=${month}` })).body.rows.find(
    (r: { userId: string }) => r.userId === dewi.user.id,
  );

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  jakarta = (await getMainOffice()).id;
  const joined = new Date('2026-01-01T00:00:00Z');
  admin = await createUser({ role: 'admin', name: 'Admin', createdAt: joined });
  hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt: joined, onPayroll: false });
  dewi = await createUser({ name: 'Dewi', createdAt: joined });
  eko = await createUser({ name: 'Eko', createdAt: joined });
  await db.user.updateMany({ where: { id: { in: [dewi.user.id, eko.user.id] } }, data: { homeOfficeId: jakarta } });

  await record('2026-08-03', '08:00', '17:00');
  await record('2026-08-04', '08:15', '17:00', { late: 15 });
  await record('2026-08-05', '08:00', '16:40', { early: 20 });
  await leave('tahunan', 'cuti', '2026-08-07');
  await leave('sakit', 'sakit', '2026-08-10');
  await record('2026-08-11', '08:00', '19:00');
  await overtime('2026-08-11', '17:00', '19:00', 'kerja');
  await record('2026-08-15', '09:00', '12:00', { dayStatus: 'istirahat' });
  await overtime('2026-08-15', '09:00', '12:00', 'istirahat');
  for (const d of ['12', '13', '14', '17', '18', '19', '20', '21', '24', '25', '26', '27', '28', '31'])
    await record(`2026-08-${d}`, '08:00', '17:00');
  for (let d = '2026-08-01'; d <= '2026-08-31'; d = addDays(d, 1)) await closeOfficeDay(jakarta, d);
});

describe('Rekap Saya', () => {
  it("the employee's own figures, worked out by hand, equal HR's row for the month", async () => {
    const res = await mine(dewi.token, dewi.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ month: AUG, status: 'open', source: 'live' });
    expect(res.body.summary).toMatchObject({
      workDays: 21,
      present: 19,
      lateCount: 1,
      lateMinutes: 15,
      earlyCount: 1,
      earlyMinutes: 20,
      alpa: 1,
      leaveByType: { 'Cuti Tahunan': 1, Sakit: 1 },
      restDaysWorked: 1,
      openDays: 0,
      overtime: {
        payableMinutes: 300,
        equivalentHours: 9.5,
        classes: [
          { multiplier: 1.5, minutes: 60, hours: 1 },
          { multiplier: 2, minutes: 240, hours: 4 },
        ],
      },
    });
    expect(res.body.summary).toEqual(await hrRow());
  });

  it('each figure opens the days behind it, and they add up to the figure', async () => {
    const data = (await mine(dewi.token, dewi.user.id)).body as EmployeeRecapDto;
    const figures = Object.fromEntries(myRecapFigures(data)!.map((f) => [f.key, f]));
    const dates = (key: string) => figures[key]!.days.map((d) => d.date.slice(8));
    expect(figures.workDays!.value).toBe(21);
    expect(figures.workDays!.days).toHaveLength(21);
    expect(figures.present!.value).toBe(19);
    expect(figures.present!.days).toHaveLength(19);
    expect(dates('present')).toContain('15'); // the rest day worked
    expect(figures.late!.value).toBe(1);
    expect(dates('late')).toEqual(['04']);
    expect(dates('early')).toEqual(['05']);
    expect(dates('alpa')).toEqual(['06']);
    expect(figures['leave:Cuti Tahunan']!.value).toBe(1);
    expect(dates('leave:Cuti Tahunan')).toEqual(['07']);
    expect(dates('leave:Sakit')).toEqual(['10']);
    // Overtime: 2 + 3 = 5 hours, 3.5 + 6 = 9.5 equivalent hours, on the 11th and the 15th.
    expect(figures.overtimeHours!.value).toBe(5);
    expect(figures.overtimeEquivalent!.value).toBe(9.5);
    expect(dates('overtimeHours')).toEqual(['11', '15']);
    expect(figures.overtimeHours!.overtime!.map((o) => [o.date, o.payableMinutes, o.equivalentHours])).toEqual([
      ['2026-08-11', 120, 3.5],
      ['2026-08-15', 180, 6],
    ]);
    expect(figures.overtimeEquivalent!.overtime!.reduce((s, o) => s + o.equivalentHours, 0)).toBe(9.5);
    expect(figures.open!.days).toHaveLength(0);
  });

  it('answers the employee for themself and nobody else; admin and HR may read anyone', async () => {
    expect((await mine(eko.token, dewi.user.id)).status).toBe(403);
    expect((await mine(dewi.token, eko.user.id)).status).toBe(403);
    expect((await mine(hr.token, dewi.user.id)).status).toBe(200);
    expect((await mine(admin.token, dewi.user.id)).status).toBe(200);
    expect((await mine(dewi.token, dewi.user.id, '2026-13')).status).toBe(400);
  });

  it('the current month is live; a closed month answers from the snapshot, still equal to HR', async () => {
    const now = dateKeyInZone(new Date(), 'Asia/Jakarta').slice(0, 7);
    const current = await mine(dewi.token, dewi.user.id, now);
    expect(current.status).toBe(200);
    expect(current.body.source).toBe('live');
    expect(current.body.summary).toEqual(await hrRow(now));

    const closed = await call(closePeriodRoute, {
      token: admin.token,
      params: { month: AUG },
      body: { override: true, reason: 'Gaji harus dibayar tepat waktu' },
    });
    expect(closed.status).toBe(200);
    // A later policy edit does not move the closed month: the snapshot answers.
    await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 60 } });
    const res = await mine(dewi.token, dewi.user.id);
    expect(res.body).toMatchObject({ status: 'closed', source: 'snapshot' });
    expect(res.body.summary).toMatchObject({ present: 19, overtime: { payableMinutes: 300, equivalentHours: 9.5 } });
    expect(res.body.summary).toEqual(await hrRow());
    await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
  });
});
