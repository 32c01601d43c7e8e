// The attendance histories show the payable late/early minutes (docs/daily-close.md, "Half days and
// hourly permissions"), not the punch record's own, and keep the punch times: the employee history
// (GET /api/attendance/history/{userId}), the admin list (GET /api/attendance/all) and both exports
// (JSON with the minutes, CSV with the times). A closed day gives its stored minutes; a day not closed
// yet is measured by the close's rule. PGlite by default; with DATABASE_URL=postgresql://… on PostgreSQL.
//
// November 2026, company schedule Mon–Fri 08:00–17:00 with an hour's break, no tolerance: 480 working
// minutes, a half day 240, so the morning half (siang off) ends 08:00 + 240 = 12:00.
//   Sari, Mon 2 (closed) and Tue 3 (not closed): ½ siang approved, punch 07:57–12:00. The record holds
//        early 17:00 − 12:00 = 300; payable early 0 (12:00 is the boundary), late 0 (before 08:00).
//   Tono, Wed 4 (closed): datang terlambat 2 h = 120 min, punch 09:30–17:00: record late 90; payable 0.
//        Thu 5 (closed): 0.5 h = 30 min, punch 08:45–17:00: record late 45; payable 45 − 30 = 15.
//        Fri 6 (not closed): the same 0.5 h, 08:45–17:00: payable 15.
//        Mon 9 (not closed, no permit): 08:30–17:00: late 30, as the record.
// Export summary: Sari 2 records, 0 late, 0 early; Tono 4 records, late 0 + 15 + 15 + 30 = 60 on 3 days.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { GET as historyExportRoute } from '@/app/api/attendance/history/[userId]/export/route';
import { GET as allRoute } from '@/app/api/attendance/all/route';
import { GET as exportRoute } from '@/app/api/attendance/export/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let hr: Made, sari: Made, tono: Made;
let office: string;
const NOV = '2026-11';
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** A punch record as check-in/out store it: late and early minutes against 08:00–17:00 (no tolerance). */
async function punch(userId: string, day: string, inAt: string, outAt: string) {
  const date = `${NOV}-${day}`;
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
  day: string,
  extra: { halfDay?: 'siang'; hours?: number; permitKind?: 'datang_terlambat' },
) {
  const t = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code } });
  await db.leaveRequest.create({
    data: {
      userId,
      type: t.category === 'izin' ? 'lainnya' : 'cuti',
      leaveTypeId: t.id,
      category: t.category,
      startDate: dateKeyToDate(`${NOV}-${day}`),
      endDate: dateKeyToDate(`${NOV}-${day}`),
      days: extra.hours ? 0 : 0.5,
      halfDay: extra.halfDay ?? null,
      hours: extra.hours ?? null,
      permitKind: extra.permitKind ?? null,
      reason: 'Keperluan keluarga',
      status: 'approved',
    },
  });
}

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0, breakMinutes: 60 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  office = (await getMainOffice()).id;
  hr = await createUser({ role: 'hr', name: 'Hana HR' });
  sari = await createUser({ name: 'Sari Payable' });
  tono = await createUser({ name: 'Tono Payable' });
  await db.user.updateMany({
    where: { id: { in: [hr.user.id, sari.user.id, tono.user.id] } },
    data: { joinDate: dateKeyToDate('2025-01-01'), homeOfficeId: office },
  });
  for (const d of ['02', '03']) {
    await punch(sari.user.id, d, '07:57', '12:00');
    await leave(sari.user.id, 'tahunan', d, { halfDay: 'siang' });
  }
  await punch(tono.user.id, '04', '09:30', '17:00');
  await leave(tono.user.id, 'izin_jam', '04', { hours: 2, permitKind: 'datang_terlambat' });
  for (const d of ['05', '06']) {
    await punch(tono.user.id, d, '08:45', '17:00');
    await leave(tono.user.id, 'izin_jam', d, { hours: 0.5, permitKind: 'datang_terlambat' });
  }
  await punch(tono.user.id, '09', '08:30', '17:00');
  // Mon 2 – Thu 5 closed; Tue 3 is not: the close runs per office and date, so close 2, 4 and 5 only.
  for (const d of ['02', '04', '05']) await closeOfficeDay(office, `${NOV}-${d}`);
});

const range = `startDate=${NOV}-01&endDate=${NOV}-30`;

async function history(u: Made) {
  const res = await call(historyRoute, { token: u.token, params: { userId: u.user.id }, path: `/api/attendance/history/x?${range}` });
  expect(res.status).toBe(200);
  return new Map<string, any>(res.body.map((e: { date: string }) => [e.date, e]));
}

async function exported(handler: typeof exportRoute, path: string): Promise<string> {
  const res = await call(handler as never, { token: hr.token, path, params: { userId: sari.user.id } });
  expect(res.status).toBe(200);
  return typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
}

describe('the histories show the payable minutes', () => {
  it('the stored punch records still hold their own minutes (the fixture is what the issue describes)', async () => {
    const r = await db.attendance.findFirstOrThrow({ where: { userId: sari.user.id, workDate: dateKeyToDate(`${NOV}-02`) } });
    expect(r.earlyMinutes).toBe(300);
    expect(await db.attendanceDay.count({ where: { userId: sari.user.id, date: dateKeyToDate(`${NOV}-03`) } })).toBe(0);
  });

  it('employee history: siang half day 07:57–12:00 is 0 early, closed or not; the punch times stay', async () => {
    const h = await history(sari);
    for (const d of ['02', '03']) {
      const e = h.get(`${NOV}-${d}`);
      expect(e).toMatchObject({ lateMinutes: 0, earlyMinutes: 0 });
      expect(e.checkIn).toMatchObject({ timestamp: wib(`${NOV}-${d}`, '07:57').toISOString(), lateMinutes: 0 });
      expect(e.checkOut).toMatchObject({ timestamp: wib(`${NOV}-${d}`, '12:00').toISOString(), earlyMinutes: 0 });
    }
    expect(h.get(`${NOV}-02`).day).toMatchObject({ status: 'hadir', halfDay: 'siang', earlyMinutes: 0 });
    expect(h.get(`${NOV}-03`).day ?? null).toBeNull();
  });

  it('employee history: a 2 h permit covers 90 minutes late, a 0.5 h permit leaves 15 of 45, no permit leaves 30', async () => {
    const h = await history(tono);
    expect(h.get(`${NOV}-04`)).toMatchObject({
      lateMinutes: 0,
      earlyMinutes: 0,
      checkIn: { timestamp: wib(`${NOV}-04`, '09:30').toISOString() },
    });
    expect(h.get(`${NOV}-05`)).toMatchObject({ lateMinutes: 15, checkIn: { lateMinutes: 15 } });
    expect(h.get(`${NOV}-05`).day).toMatchObject({ lateMinutes: 15, lateExcusedMinutes: 30 });
    expect(h.get(`${NOV}-06`)).toMatchObject({ lateMinutes: 15, checkIn: { lateMinutes: 15 } });
    expect(h.get(`${NOV}-09`)).toMatchObject({ lateMinutes: 30, earlyMinutes: 0 });
  });

  it('admin list: the same payable minutes per record', async () => {
    const res = await call(allRoute, { token: hr.token, path: `/api/attendance/all?${range}` });
    expect(res.status).toBe(200);
    const of = (u: Made, d: string) => res.body.find((r: any) => r.userId === u.user.id && r.date === `${NOV}-${d}`);
    expect(of(sari, '02')).toMatchObject({ lateMinutes: 0, earlyMinutes: 0 });
    expect(of(sari, '03')).toMatchObject({ lateMinutes: 0, earlyMinutes: 0 });
    expect(of(sari, '02').checkOut.timestamp).toBe(wib(`${NOV}-02`, '12:00').toISOString());
    expect([of(tono, '04'), of(tono, '05'), of(tono, '06'), of(tono, '09')].map((r) => r.lateMinutes)).toEqual([0, 15, 15, 30]);
  });

  it('exports: the JSON rows and summary carry the payable minutes; the CSV keeps the punch times', async () => {
    const json = JSON.parse(await exported(exportRoute, `/api/attendance/export?format=json&${range}`));
    const row = (name: string, d: string) => json.rows.find((r: any) => r.name === name && r.date === `${NOV}-${d}`);
    expect(row('Sari Payable', '02')).toMatchObject({
      lateMinutes: 0,
      earlyMinutes: 0,
      checkIn: wib(`${NOV}-02`, '07:57').toISOString(),
      checkOut: wib(`${NOV}-02`, '12:00').toISOString(),
    });
    expect(row('Sari Payable', '03')).toMatchObject({ lateMinutes: 0, earlyMinutes: 0 });
    expect(['04', '05', '06', '09'].map((d) => row('Tono Payable', d).lateMinutes)).toEqual([0, 15, 15, 30]);
    const sum = (name: string) => json.summary.find((s: any) => s.name === name);
    // Sari: 2 records, none late, 0 early minutes. Tono: late 15 + 15 + 30 = 60 on 3 days.
    expect(sum('Sari Payable')).toMatchObject({ days: 2, lateCount: 0, lateMinutes: 0, earlyMinutes: 0 });
    expect(sum('Tono Payable')).toMatchObject({ days: 4, lateCount: 3, lateMinutes: 60, earlyMinutes: 0 });

    const csv = await exported(historyExportRoute as never, `/api/attendance/history/x/export?format=csv&${range}`);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((l) => l);
    const cells = lines.map((l) => [...l.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => m[1]!));
    // Sari's history: her two punch records at their punch times, and the closed 4th and 5th without one (alpa).
    expect(cells).toEqual([
      ['Tanggal', 'Check-in', 'Check-out', 'Status', 'Lokasi Check-in', 'Lokasi Check-out'],
      ['Kamis, 5 November 2026', '', '', 'Tidak Hadir', '', ''],
      ['Rabu, 4 November 2026', '', '', 'Tidak Hadir', '', ''],
      ['Selasa, 3 November 2026', '07.57', '12.00', 'Lengkap', '0.0000, 0.0000', '0.0000, 0.0000'],
      ['Senin, 2 November 2026', '07.57', '12.00', 'Lengkap', '0.0000, 0.0000', '0.0000, 0.0000'],
    ]);
  });
});
