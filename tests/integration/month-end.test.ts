// Month-end figures exactly right (docs/recap.md, docs/daily-close.md, docs/leave.md): half-day leave,
// hourly permissions and who is on the payroll, each worked out by hand and read back from the day view
// (GET /api/recap/{userId}, GET /api/attendance/days/{userId}), the recap (GET /api/recap), its CSV and
// Laporan (GET /api/reports/summary). PGlite by default; with DATABASE_URL=postgresql://… on PostgreSQL.
//
// October 2026 (Thu 1 – Sat 31): company schedule Mon–Fri 08:00–17:00 with an hour's break, no
// tolerance, no holiday: 22 working days (1, 2, 5–9, 12–16, 19–23, 26–30), 9 rest days (3, 4, 10, 11,
// 17, 18, 24, 25, 31). Working minutes 9 h − 1 h = 480, so a half day is 240 minutes: the morning half
// ends 08:00 + 240 = 12:00 (siang off), the afternoon half starts 17:00 − 240 = 13:00 (pagi off).
//
// Sari (half days; Cuti Tahunan):
//   Thu 1, Fri 2 and the 13 days 14–16, 19–23, 26–30: 08:00–17:00        hadir
//   Mon 5 – Wed 7: approved Cuti Tahunan (3 days)                        cuti 3
//   Thu 8: ½ siang (the afternoon off), punch 07:57–12:00                hadir; late 0 (before 08:00);
//          approved after the day closed (HR, the API)                  early 0 (12:00 = boundary; it was
//                                                                        300 = 17:00 − 12:00 before); 0.5
//   Fri 9: ½ pagi (the morning off), punch 13:10–17:00                   hadir; late 13:10 − 13:00 = 10; 0.5
//   Mon 12: ½ siang, punch 08:00–11:45                                   hadir; early 12:00 − 11:45 = 15; 0.5
//   Tue 13: ½ pagi, no punch                                             cuti 0.5 ("Cuti Tahunan (½ hari pagi)")
//   Recap: workDays 22; present 2 + 3 (8, 9, 12) + 13 = 18; cuti 3 + 4 × 0.5 = 5 (Cuti Tahunan 5);
//   late 1× 10 min; early 1× 15 min; alpa 0; istirahat 9. Check: 18 present + 3 cuti + Tue 13 = 22.
//   While Fri 30 and Sat 31 are not closed: present 17, istirahat 8, openDays 2.
//   Balance: the approval of Thu 8 takes 0.5 (one deduction row of −0.5).
//   Laporan: present 18; leave 3 + 0.5 × 4 = 5; covered (leave days without attendance) 5, 6, 7, 13 = 4;
//   absent 22 − 18 − 4 = 0.
// Tono (hourly permissions, Izin Jam; the punch measured against 08:00–17:00):
//   Thu 1: 09:30–17:00 (late 90), datang terlambat 2 h = 120 min       late 0, excused 90
//   Fri 2: 08:45–17:00 (late 45), datang terlambat 0.5 h = 30 min      late 45 − 30 = 15, excused 30
//   Mon 5: 08:00–15:00 (early 120), pulang cepat 1.5 h = 90 min        early 120 − 90 = 30, excused 90
//   Tue 6: 08:20–16:30 (late 20, early 30), kind not said, 0.75 h = 45 min: lateness first (20), then
//          early leave (25)                                             late 0, early 30 − 25 = 5
//   Wed 7: 08:30–17:00 (late 30), keluar kantor 1 h                     late 30 (not covered)
//   Thu 8: 08:40–17:00 (late 40), datang terlambat 1 h REJECTED          late 40
//   every other working day 08:00–17:00 (16 days)                       hadir
//   Recap: present 22; late 3× (15 + 30 + 40) = 85 min; early 2× (30 + 5) = 35 min; izin 0 (an hourly
//   permission is no day of leave). Laporan: present 22, leave 0, absent 0.
// Hana (HR, checks in every working day 08:00–17:00): on the payroll by default → counted, present 22.
// Admin (never works): off the payroll by default → no day classified, not in the recap.
// Rina (HR, Ikut penggajian switched off by the admin): not counted; switched on again, her closed days
//   get rows (no punch: alpa 22); off again, gone.
// Head-count 3 (Sari, Tono, Hana). Before the 30th and 31st close: open days = 3 members × 2 = 6, in the
// recap's banner (totals.openDays) and in Tutup Periode's blocker alike; once closed, 0 and no blocker.
// (1–29 closed: 21 working days — Tono and Hana present 21, Rina switched on alpa 21.)
import { beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { ONCE, runDailyJobs } from '@/features/daily-close/server/daily-jobs';
import { figureColumns } from '@/features/recap/server/recap-export';
import { GET as recapRoute } from '@/app/api/recap/route';
import { GET as employeeRecapRoute } from '@/app/api/recap/[userId]/route';
import { GET as exportRoute } from '@/app/api/recap/export/route';
import { GET as daysRoute } from '@/app/api/attendance/days/[userId]/route';
import { GET as reportRoute } from '@/app/api/reports/summary/route';
import { GET as periodsRoute } from '@/app/api/periods/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { PUT as leaveStatusRoute } from '@/app/api/leaves/[id]/status/route';
import { PUT as userRoute } from '@/app/api/users/[id]/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, sari: Made, tono: Made, hana: Made, rina: Made;
let office: string;
const OCT = '2026-10';
const JOINED = dateKeyToDate('2025-01-01');
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const WORKING = [
  '01',
  '02',
  '05',
  '06',
  '07',
  '08',
  '09',
  '12',
  '13',
  '14',
  '15',
  '16',
  '19',
  '20',
  '21',
  '22',
  '23',
  '26',
  '27',
  '28',
  '29',
  '30',
];

/** A punch record as check-in/out store it: late and early minutes against 08:00–17:00 (no tolerance). */
async function punch(userId: string, day: string, inAt: string, outAt: string) {
  const date = `${OCT}-${day}`;
  await db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: wib(date, inAt),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 5,
      checkOutAt: wib(date, outAt),
      checkOutLatitude: 0,
      checkOutLongitude: 0,
      checkOutDistance: 5,
      lateMinutes: Math.max(0, minutesOf(inAt) - minutesOf('08:00')),
      earlyMinutes: Math.max(0, minutesOf('17:00') - minutesOf(outAt)),
      officeId: office,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
      faceCheckStatus: 'verified',
    },
  });
}

async function leave(
  userId: string,
  code: string,
  start: string,
  end: string,
  extra: { halfDay?: 'pagi' | 'siang'; hours?: number; permitKind?: 'datang_terlambat' | 'pulang_cepat' | 'keluar_kantor' | null },
  status: 'approved' | 'pending' | 'rejected' = 'approved',
) {
  const t = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code } });
  return db.leaveRequest.create({
    data: {
      userId,
      type: t.category === 'izin' ? 'lainnya' : 'cuti',
      leaveTypeId: t.id,
      category: t.category,
      startDate: dateKeyToDate(`${OCT}-${start}`),
      endDate: dateKeyToDate(`${OCT}-${end}`),
      days: extra.hours ? 0 : extra.halfDay ? 0.5 : Number(end) - Number(start) + 1,
      halfDay: extra.halfDay ?? null,
      hours: extra.hours ?? null,
      permitKind: extra.permitKind ?? null,
      reason: 'Keperluan keluarga',
      status,
    },
  });
}

async function closeDays(first: string, last: string) {
  for (let d = first; d <= last; d = addDays(d, 1)) await closeOfficeDay(office, d);
}

const recap = async () => (await call(recapRoute, { token: hr.token, path: `/api/recap?month=${OCT}` })).body;
const rowOf = async (u: Made) => (await recap()).rows.find((r: { userId: string }) => r.userId === u.user.id);
const dayView = async (u: Made) =>
  (await call(employeeRecapRoute, { token: hr.token, path: `/api/recap/${u.user.id}?month=${OCT}`, params: { userId: u.user.id } })).body;
const dayOf = async (u: Made, day: string) => (await dayView(u)).days.find((d: { date: string }) => d.date === `${OCT}-${day}`);

/** The recap's CSV (semicolon, BOM) read back: header → cell of each employee's row, by name. */
async function csvRows(): Promise<Map<string, Record<string, string>>> {
  const res = await exportRoute(
    new NextRequest(new URL(`/api/recap/export?month=${OCT}&format=csv`, 'http://localhost'), {
      headers: { authorization: `Bearer ${hr.token}` },
    }),
    { params: Promise.resolve({}) },
  );
  expect(res.status).toBe(200);
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text
    .slice(1)
    .split('\r\n')
    .filter((l) => l)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => m[1]!.replace(/""/g, '"')));
  const [header, ...rows] = lines;
  return new Map(rows.map((r) => [r[0]!, Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]));
}

/** The CSV header of a figure of the recap, as the export names it (its columns, by key). */
async function headerOf(key: string): Promise<string> {
  const col = figureColumns(await recap()).find((c) => c.key === key);
  if (!col) throw new Error(`no column ${key}`);
  return col.header;
}

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0, breakMinutes: 60 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  office = (await getMainOffice()).id;
  admin = await createUser({ role: 'admin', name: 'Admin Sistem' });
  hr = await createUser({ role: 'hr', name: 'Hana HR' });
  hana = hr;
  rina = await createUser({ role: 'hr', name: 'Rina HR' });
  sari = await createUser({ name: 'Sari' });
  tono = await createUser({ name: 'Tono' });
  await db.user.updateMany({ data: { joinDate: JOINED, homeOfficeId: office } });
  // The admin takes Rina off the payroll (her account exists for HR work only).
  const off = await call(userRoute, {
    method: 'PUT',
    token: admin.token,
    params: { id: rina.user.id },
    body: { name: 'Rina HR', email: rina.user.email, position: 'Staf', role: 'hr', onPayroll: false },
  });
  expect(off.status).toBe(200);
  expect(off.body.user.onPayroll).toBe(false);

  const s = sari.user.id;
  for (const d of ['01', '02', '14', '15', '16', '19', '20', '21', '22', '23', '26', '27', '28', '29', '30'])
    await punch(s, d, '08:00', '17:00');
  await punch(s, '08', '07:57', '12:00');
  await punch(s, '09', '13:10', '17:00');
  await punch(s, '12', '08:00', '11:45');
  await leave(s, 'tahunan', '05', '07', {});
  await leave(s, 'tahunan', '09', '09', { halfDay: 'pagi' });
  await leave(s, 'tahunan', '12', '12', { halfDay: 'siang' });
  await leave(s, 'tahunan', '13', '13', { halfDay: 'pagi' });

  const t = tono.user.id;
  await punch(t, '01', '09:30', '17:00');
  await punch(t, '02', '08:45', '17:00');
  await punch(t, '05', '08:00', '15:00');
  await punch(t, '06', '08:20', '16:30');
  await punch(t, '07', '08:30', '17:00');
  await punch(t, '08', '08:40', '17:00');
  for (const d of WORKING.slice(6)) await punch(t, d, '08:00', '17:00');
  await leave(t, 'izin_jam', '01', '01', { hours: 2, permitKind: 'datang_terlambat' });
  await leave(t, 'izin_jam', '02', '02', { hours: 0.5, permitKind: 'datang_terlambat' });
  await leave(t, 'izin_jam', '05', '05', { hours: 1.5, permitKind: 'pulang_cepat' });
  await leave(t, 'izin_jam', '06', '06', { hours: 0.75, permitKind: null });
  await leave(t, 'izin_jam', '07', '07', { hours: 1, permitKind: 'keluar_kantor' });
  await leave(t, 'izin_jam', '08', '08', { hours: 1, permitKind: 'datang_terlambat' }, 'rejected');

  for (const d of WORKING) await punch(hana.user.id, d, '08:00', '17:00');
  await closeDays(`${OCT}-01`, `${OCT}-29`);
});

describe('half-day leave', () => {
  it('before its approval, Thu 8 07:57–12:00 is 300 minutes early; approved (the API, after the close), 0 and half a day of leave', async () => {
    expect(await dayOf(sari, '08')).toMatchObject({ status: 'hadir', lateMinutes: 0, earlyMinutes: 300, leaveDays: 0, halfDay: null });
    const pending = await leave(sari.user.id, 'tahunan', '08', '08', { halfDay: 'siang' }, 'pending');
    const res = await call(leaveStatusRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: pending.id },
      body: { status: 'approved' },
    });
    expect(res.status).toBe(200);
    // The balance: one deduction of exactly half a day for this request.
    const deductions = await db.leaveLedgerEntry.findMany({ where: { userId: sari.user.id, leaveId: pending.id, kind: 'deduction' } });
    expect(deductions.map((d) => d.days)).toEqual([-0.5]);
    expect(await dayOf(sari, '08')).toMatchObject({
      status: 'hadir',
      label: 'Hadir · Cuti Tahunan ½ hari siang',
      lateMinutes: 0,
      earlyMinutes: 0,
      leaveDays: 0.5,
      halfDay: 'siang',
      leaveTypeName: 'Cuti Tahunan',
    });
  });

  it('the day view: pagi counts lateness from 13:00, siang early leave to 12:00, a half day without a punch is the leave', async () => {
    expect(await dayOf(sari, '09')).toMatchObject({ status: 'hadir', lateMinutes: 10, earlyMinutes: 0, leaveDays: 0.5, halfDay: 'pagi' });
    expect(await dayOf(sari, '12')).toMatchObject({ status: 'hadir', lateMinutes: 0, earlyMinutes: 15, leaveDays: 0.5, halfDay: 'siang' });
    expect(await dayOf(sari, '13')).toMatchObject({ status: 'cuti', label: 'Cuti Tahunan (½ hari pagi)', leaveDays: 0.5, halfDay: 'pagi' });
    expect(await dayOf(sari, '05')).toMatchObject({ status: 'cuti', label: 'Cuti Tahunan', leaveDays: 1, halfDay: null });
    // GET /api/attendance/days says the same.
    const days = await call(daysRoute, {
      token: hr.token,
      path: `/api/attendance/days/${sari.user.id}?startDate=${OCT}-08&endDate=${OCT}-13`,
      params: { userId: sari.user.id },
    });
    expect(days.status).toBe(200);
    const byDate = Object.fromEntries(days.body.days.map((d: { date: string }) => [d.date, d]));
    expect(byDate[`${OCT}-08`]).toMatchObject({ earlyMinutes: 0, leaveDays: 0.5, halfDay: 'siang' });
    expect(byDate[`${OCT}-09`]).toMatchObject({ lateMinutes: 10, leaveDays: 0.5, halfDay: 'pagi' });
    expect(byDate[`${OCT}-12`]).toMatchObject({ earlyMinutes: 15, leaveDays: 0.5 });
    expect(byDate[`${OCT}-13`]).toMatchObject({ status: 'cuti', leaveDays: 0.5 });
  });

  it('the recap and its summary: 5 days of Cuti Tahunan (3 + 4 halves), 17 present with the 30th open, 1× 10 min late, 1× 15 min early', async () => {
    expect(await rowOf(sari)).toMatchObject({
      workDays: 22,
      present: 17,
      cuti: 5,
      izin: 0,
      sakit: 0,
      leaveByType: { 'Cuti Tahunan': 5 },
      lateCount: 1,
      lateMinutes: 10,
      earlyCount: 1,
      earlyMinutes: 15,
      alpa: 0,
      istirahat: 8, // 3, 4, 10, 11, 17, 18, 24, 25 closed; the 31st is still open
      openDays: 2,
    });
    expect((await dayView(sari)).summary).toMatchObject({ cuti: 5, present: 17, earlyMinutes: 15, lateMinutes: 10 });
  });

  it('Laporan: leave 5 (3 + 4 × 0.5), present 18, absent 0', async () => {
    const res = await call(reportRoute, { token: hr.token, path: `/api/reports/summary?startDate=${OCT}-01&endDate=${OCT}-31` });
    expect(res.status).toBe(200);
    const s = res.body.employeeStats.find((e: { userId: string }) => e.userId === sari.user.id);
    expect(s).toMatchObject({ present: 18, leave: 5, leaveDaysOff: 4, absent: 0, totalDays: 22 });
    // Tono's hourly permissions are no day of leave.
    const t = res.body.employeeStats.find((e: { userId: string }) => e.userId === tono.user.id);
    expect(t).toMatchObject({ present: 22, leave: 0, leaveDaysOff: 0, absent: 0 });
    // The daily series: Thu 8 has Sari's half day (0.5) beside her presence; Tue 13 half a day too.
    const day = (d: string) => res.body.dailyStats.find((x: { date: string }) => x.date === `${OCT}-${d}`);
    expect(day('08').leave).toBe(0.5);
    expect(day('13').leave).toBe(0.5);
    expect(day('06').leave).toBe(1);
  });
});

describe('hourly permissions', () => {
  it('cover lateness / early leave up to the permitted minutes, day by day', async () => {
    const expected: Record<string, object> = {
      '01': { lateMinutes: 0, lateExcusedMinutes: 90, earlyMinutes: 0 },
      '02': { lateMinutes: 15, lateExcusedMinutes: 30 },
      '05': { earlyMinutes: 30, earlyExcusedMinutes: 90, lateMinutes: 0 },
      '06': { lateMinutes: 0, lateExcusedMinutes: 20, earlyMinutes: 5, earlyExcusedMinutes: 25 },
      '07': { lateMinutes: 30, lateExcusedMinutes: 0 },
      '08': { lateMinutes: 40, lateExcusedMinutes: 0 },
    };
    const view = await dayView(tono);
    for (const [d, figures] of Object.entries(expected))
      expect(view.days.find((x: { date: string }) => x.date === `${OCT}-${d}`)).toMatchObject({
        status: 'hadir',
        leaveDays: 0,
        ...figures,
      });
  });

  it('the recap: 3× late, 85 minutes; 2× early, 35 minutes; no day of izin', async () => {
    expect(await rowOf(tono)).toMatchObject({
      present: 21, // 1–29 closed: 21 working days (the 30th open)
      lateCount: 3,
      lateMinutes: 85,
      earlyCount: 2,
      earlyMinutes: 35,
      izin: 0,
      alpa: 0,
    });
  });
});

describe('who is on the payroll', () => {
  it('the daily close classifies payroll members only: Sari, Tono, Hana (HR who checks in), not the admin nor Rina', async () => {
    const close = await db.dayClose.findUniqueOrThrow({ where: { officeId_date: { officeId: office, date: dateKeyToDate(`${OCT}-01`) } } });
    expect(close.days).toBe(3);
    const who = await db.attendanceDay.groupBy({ by: ['userId'], where: { date: { gte: dateKeyToDate(`${OCT}-01`) } } });
    expect(who.map((w) => w.userId).sort()).toEqual([sari.user.id, tono.user.id, hana.user.id].sort());
  });

  it('head-count, open days and Tutup Periode agree while the 30th and 31st are open (3 × 2 = 6)', async () => {
    const r = await recap();
    expect(r.rows.map((x: { name: string }) => x.name).sort()).toEqual(['Hana HR', 'Sari', 'Tono']);
    expect(r.totals.employees).toBe(3);
    expect(r.totals.openDays).toBe(6);
    expect(r.rows.find((x: { userId: string }) => x.userId === hana.user.id)).toMatchObject({ present: 21, alpa: 0, openDays: 2 });
    const periods = await call(periodsRoute, { token: admin.token, path: '/api/periods?year=2026' });
    const oct = periods.body.periods.find((p: { month: string }) => p.month === OCT);
    expect(oct.blockers).toEqual([{ kind: 'open_days', label: 'Hari karyawan belum ditutup harian', count: 6 }]);
  });

  it("Ikut penggajian switched on: Rina's closed days get rows (no punch: 21 alpa, 2 open); off again: not counted", async () => {
    const body = { name: 'Rina HR', email: rina.user.email, position: 'Staf', role: 'hr' };
    const on = await call(userRoute, {
      method: 'PUT',
      token: admin.token,
      params: { id: rina.user.id },
      body: { ...body, onPayroll: true },
    });
    expect(on.status).toBe(200);
    expect(await rowOf(rina)).toMatchObject({ workDays: 22, alpa: 21, present: 0, openDays: 2 });
    expect((await recap()).totals.openDays).toBe(8);
    const off = await call(userRoute, {
      method: 'PUT',
      token: admin.token,
      params: { id: rina.user.id },
      body: { ...body, onPayroll: false },
    });
    expect(off.status).toBe(200);
    expect(await rowOf(rina)).toBeUndefined();
    expect((await recap()).totals).toMatchObject({ employees: 3, openDays: 6 });
    const audit = await db.auditLog.findMany({ where: { kind: 'user.update', targetUserId: rina.user.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => (a.after as { onPayroll: boolean }).onPayroll)).toEqual([false, true, false]);
  });

  it('every day closed: no open day, no blocker, the month closes without override; the CSV reads back the figures', async () => {
    await closeDays(`${OCT}-30`, `${OCT}-31`);
    const r = await recap();
    expect(r.totals).toMatchObject({ employees: 3, openDays: 0 });
    expect(await rowOf(tono)).toMatchObject({ present: 22, lateMinutes: 85, earlyMinutes: 35 });
    expect(await rowOf(sari)).toMatchObject({ present: 18, cuti: 5, istirahat: 9, openDays: 0 });
    expect(await rowOf(hana)).toMatchObject({ present: 22, workDays: 22 });

    const csv = await csvRows();
    expect([...csv.keys()].sort()).toEqual(['Hana HR', 'Sari', 'Tono']);
    const [cuti, late, early, present, open, annual] = await Promise.all([
      headerOf('cuti'),
      headerOf('lateMinutes'),
      headerOf('earlyMinutes'),
      headerOf('present'),
      headerOf('openDays'),
      (async () => figureColumns(await recap()).find((c) => c.key.startsWith('leave_') && c.header.includes('Cuti Tahunan'))!.header)(),
    ]);
    expect(csv.get('Sari')).toMatchObject({ [cuti]: '5', [annual]: '5', [late]: '10', [early]: '15', [present]: '18', [open]: '0' });
    expect(csv.get('Tono')).toMatchObject({ [late]: '85', [early]: '35', [present]: '22', [open]: '0' });
    expect(csv.get('Hana HR')).toMatchObject({ [present]: '22', [open]: '0' });

    const close = await call(closePeriodRoute, {
      method: 'POST',
      token: admin.token,
      params: { month: OCT },
      body: { reason: 'Tutup buku Oktober' },
    });
    expect(close.status).toBe(200);
    const frozen = await recap();
    expect(frozen).toMatchObject({ source: 'snapshot', totals: { employees: 3, openDays: 0 } });
  });
});

describe('existing installations', () => {
  it('the one-time job re-classifies the closed days of open months under the new rules and leaves closed months alone', async () => {
    // September: Sari's half day on Wed 30 (siang, 08:00–12:00) closed and its month closed with the
    // old figures (as the old close left them: 300 minutes early, no leave); November: Thu 5 the same,
    // in an open month (→ early 0, 0.5 day), and Hana's row of Fri 6 missing, as HR days were not
    // closed before (→ alpa: no punch).
    for (const date of ['2026-09-30', '2026-11-05']) {
      await db.attendance.create({
        data: {
          userId: sari.user.id,
          workDate: dateKeyToDate(date),
          checkInAt: wib(date, '08:00'),
          checkInLatitude: 0,
          checkInLongitude: 0,
          checkInDistance: 5,
          checkOutAt: wib(date, '12:00'),
          checkOutLatitude: 0,
          checkOutLongitude: 0,
          checkOutDistance: 5,
          lateMinutes: 0,
          earlyMinutes: 300,
          officeId: office,
          dayStatus: 'kerja',
          shiftStart: '08:00',
          shiftEnd: '17:00',
        },
      });
      const t = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
      await db.leaveRequest.create({
        data: {
          userId: sari.user.id,
          type: 'cuti',
          leaveTypeId: t.id,
          category: 'cuti',
          startDate: dateKeyToDate(date),
          endDate: dateKeyToDate(date),
          days: 0.5,
          halfDay: 'siang',
          reason: 'Keperluan keluarga',
          status: 'approved',
        },
      });
      await closeOfficeDay(office, date);
    }
    await closeOfficeDay(office, '2026-11-06');
    const oldFigures = { earlyMinutes: 300, leaveDays: 0, leaveId: null, leaveTypeName: null, halfDay: null };
    await db.attendanceDay.update({
      where: { userId_date: { userId: sari.user.id, date: dateKeyToDate('2026-11-05') } },
      data: oldFigures,
    });
    await db.attendanceDay.update({
      where: { userId_date: { userId: sari.user.id, date: dateKeyToDate('2026-09-30') } },
      data: oldFigures,
    });
    await db.attendanceDay.delete({ where: { userId_date: { userId: hana.user.id, date: dateKeyToDate('2026-11-06') } } });
    const sep = await call(closePeriodRoute, {
      method: 'POST',
      token: admin.token,
      params: { month: '2026-09' },
      body: { reason: 'Tutup buku September', override: true },
    });
    expect(sep.status).toBe(200);

    const ran = await runDailyJobs('2026-11-26');
    // Two days rewritten: Sari's Thu 5 November (a half day) and Hana's missing Fri 6; October and
    // September are closed.
    expect(ran.find((r) => r.job === ONCE.reclassifyPayrollRules.job)).toEqual({ ...ONCE.reclassifyPayrollRules, result: 2 });
    const row = (userId: string, date: string) =>
      db.attendanceDay.findUnique({ where: { userId_date: { userId, date: dateKeyToDate(date) } } });
    expect(await row(sari.user.id, '2026-11-05')).toMatchObject({ status: 'hadir', earlyMinutes: 0, leaveDays: 0.5, halfDay: 'siang' });
    expect(await row(hana.user.id, '2026-11-06')).toMatchObject({ status: 'alpa' });
    // The closed month keeps its rows as they were.
    expect(await row(sari.user.id, '2026-09-30')).toMatchObject(oldFigures);
    // Once: a later round does not run it again.
    expect((await runDailyJobs('2026-11-27')).map((r) => r.job)).not.toContain(ONCE.reclassifyPayrollRules.job);
  });
});
