// Rekap Bulanan (docs/recap.md) of a hand-built month, with every figure worked out by hand; the
// snapshot a period close stores; the lock on corrections, overtime and the daily re-close; the files read
// back (XLSX with exceljs, the CSV's cells, the JSON, the PDF's text and where it stands on the page).
//
// September 2026 (Tue 1 – Wed 30): company schedule Mon–Fri 08:00–17:00, no tolerance. Wed 16 is a
// company holiday. 22 weekdays − 1 holiday = 21 working days (hari wajib hadir); weekends 5, 6, 12, 13,
// 19, 20, 26, 27. Kantor Pusat (Jakarta, WIB) and Cabang Makassar (WITA). Every day is closed by the
// daily close except Wed 30 (belum ditutup) until the test closes it.
//
// Ani (Jakarta):
//   Tue 1  08:00–17:00                         hadir
//   Wed 2  08:20–17:00 (20 min late)           hadir, terlambat 1× 20 min
//   Thu 3  08:00–16:30 (30 min early)          hadir, pulang cepat 1× 30 min
//   Fri 4  nothing                             alpa
//   Mon 7  08:00, never out                    lupa_checkout (present)
//   Tue 8  approved Cuti Tahunan (full day)    cuti 1
//   Wed 9  approved Cuti Tahunan, half day     cuti 0.5
//   Thu 10 approved Sakit                      sakit 1
//   Fri 11 approved Izin Tanpa Upah            izin 1
//   Mon 14 approved dinas_luar correction      dinas_luar, corrected
//   Tue 15 approved tambah_jam 08:00–17:00     hadir, corrected
//   Wed 16 holiday, worked 09:00–13:00, overtime 09:00–13:00 approved: 240 min on a holiday, 5-day week
//          → 240 min × 2 (first 8 h)           hadir, holidaysWorked 1
//   Thu 17 08:00–17:00, face flagged, unreviewed → hadir, 1 unresolved flag
//   Fri 18 08:00–17:00, review rejected         alpa (a rejected record is not presence)
//   Sat 19 rest day, worked 08:00–12:00         hadir, restDaysWorked 1
//   Mon 21 08:00–19:00, overtime 17:00–19:00 approved: 120 min on a working day → 60 × 1.5 + 60 × 2
//   Tue 22 – Tue 29 (6 working days) 08:00–17:00 hadir; Wed 30 08:00–17:00 (not closed at first)
//   Totals (30th open): hadir-status 1,2,3,15,16,17,19,21,22,23,24,25,28,29 = 14; present = 14 + dinas
//   luar 1 + lupa check-out 1 = 16; alpa 4, 18 = 2; cuti 1.5; sakit 1; izin 1; istirahat 5, 6, 12, 13, 20,
//   26, 27 = 7; libur 0; corrected 14, 15 = 2; openDays 1.
//   Overtime: ×1.5 60 min; ×2 60 + 240 = 300 min; payable 360 min; jam setara (60×1.5 + 300×2)/60 = 11.5.
// Budi (Makassar), joined Mon 21: working days 21–25, 28–30 = 8; no records → alpa 21–25, 28, 29 = 7;
//   istirahat 26, 27 = 2; openDays 1 (30).
import { beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import ExcelJS from 'exceljs';
import { db } from '@/lib/server/db';
import { dateKeyToDate, dateKeyInZone, addDays } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { computeRecapRows } from '@/features/recap/server/recap-rows';
import { GET as recapRoute } from '@/app/api/recap/route';
import { GET as employeeRecapRoute } from '@/app/api/recap/[userId]/route';
import { GET as exportRoute } from '@/app/api/recap/export/route';
import { GET as periodsRoute } from '@/app/api/periods/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { POST as reopenPeriodRoute } from '@/app/api/periods/[month]/reopen/route';
import { POST as holidayCreateRoute } from '@/app/api/holidays/route';
import { POST as correctionRoute } from '@/app/api/corrections/route';
import { PUT as correctionStatusRoute } from '@/app/api/corrections/[id]/status/route';
import { POST as overtimeRoute } from '@/app/api/overtime/route';
import { PUT as overtimeStatusRoute } from '@/app/api/overtime/[id]/status/route';
import { POST as overtimeConsentRoute } from '@/app/api/overtime/[id]/consent/route';
import { POST as dailyCloseRoute } from '@/app/api/attendance/close/route';
import { PAGE } from '@/lib/server/export/pdf';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';
import { overlappingRuns, pdfPages, pdfRuns } from '../pdf-text';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, ani: Made, budi: Made;
let jakarta: string, makassar: string;
const JOINED = new Date('2026-01-01T00:00:00Z');
const SEP = '2026-09';
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

async function record(
  userId: string,
  date: string,
  inAt: string,
  outAt: string | null,
  extra: {
    lateMinutes?: number;
    earlyMinutes?: number;
    faceCheckStatus?: 'verified' | 'flagged';
    reviewDecision?: 'rejected';
    dayStatus?: string;
  } = {},
) {
  return db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: wib(date, inAt),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      ...(outAt ? { checkOutAt: wib(date, outAt), checkOutLatitude: 0, checkOutLongitude: 0, checkOutDistance: 10 } : {}),
      lateMinutes: extra.lateMinutes ?? 0,
      earlyMinutes: outAt ? (extra.earlyMinutes ?? 0) : null,
      officeId: jakarta,
      dayStatus: extra.dayStatus ?? 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
      faceCheckStatus: extra.faceCheckStatus ?? 'verified',
      ...(extra.reviewDecision ? { reviewDecision: extra.reviewDecision } : {}),
    },
  });
}

async function leave(
  userId: string,
  code: string,
  type: 'cuti' | 'sakit' | 'lainnya',
  category: 'cuti' | 'izin' | 'sakit',
  date: string,
  halfDay?: 'pagi',
) {
  const t = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code } });
  await db.leaveRequest.create({
    data: {
      userId,
      type,
      leaveTypeId: t.id,
      category,
      startDate: dateKeyToDate(date),
      endDate: dateKeyToDate(date),
      days: halfDay ? 0.5 : 1,
      halfDay: halfDay ?? null,
      reason: 'Keperluan pribadi',
      status: 'approved',
    },
  });
}

async function overtime(
  userId: string,
  date: string,
  start: string,
  end: string,
  dayKind: 'kerja' | 'libur',
  status: 'approved' | 'pending' = 'approved',
) {
  const minutes = (Number(end.slice(0, 2)) - Number(start.slice(0, 2))) * 60;
  return db.overtimeRequest.create({
    data: {
      userId,
      date: dateKeyToDate(date),
      startTime: start,
      endTime: end,
      startAt: wib(date, start),
      endAt: wib(date, end),
      minutes,
      dayKind,
      weekDays: 5,
      timezone: 'Asia/Jakarta',
      shiftStart: dayKind === 'kerja' ? '08:00' : null,
      shiftEnd: dayKind === 'kerja' ? '17:00' : null,
      reason: 'Tutup buku akhir bulan',
      status,
      createdByName: 'Ani',
      consentAt: new Date(),
    },
  });
}

async function closeDays(officeId: string, first: string, last: string) {
  for (let d = first; d <= last; d = addDays(d, 1)) await closeOfficeDay(officeId, d);
}

/** A download: status and the bytes. */
async function download(path: string, token: string) {
  const res = await exportRoute(new NextRequest(new URL(path, 'http://localhost'), { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, headers: res.headers, buffer: Buffer.from(await res.arrayBuffer()) };
}

const aniRow = async () =>
  (await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` })).body.rows.find(
    (r: { userId: string }) => r.userId === ani.user.id,
  );

/**
 * Every figure column of the recap (the page's and the files'), in order, with Ani's figure from the
 * month above, and its group: September's leave types are Cuti Tahunan (cuti), Izin Tanpa Upah (izin)
 * and Sakit (sakit); its overtime multipliers 1.5 and 2.
 */
const FIGURES: [header: string, ani: number, group: string][] = [
  ['Hari Wajib Hadir', 21, 'Kehadiran'],
  ['Hadir (hari)', 16, 'Kehadiran'],
  ['Terlambat (kali)', 1, 'Kehadiran'],
  ['Terlambat (menit)', 20, 'Kehadiran'],
  ['Pulang Cepat (kali)', 1, 'Kehadiran'],
  ['Pulang Cepat (menit)', 30, 'Kehadiran'],
  ['Tidak Hadir (Alpa, hari)', 2, 'Kehadiran'],
  ['Dinas Luar (hari)', 1, 'Kehadiran'],
  ['Masuk Hari Libur (hari)', 1, 'Kehadiran'],
  ['Masuk Hari Istirahat (hari)', 1, 'Kehadiran'],
  ['Lupa Check-out (hari)', 1, 'Kehadiran'],
  ['Hari Dikoreksi', 2, 'Kehadiran'],
  ['Cuti total (hari)', 1.5, 'Cuti, Izin, Sakit'], // Tue 8 (1) + Wed 9 (half day)
  ['Jenis: Cuti Tahunan (hari)', 1.5, 'Cuti, Izin, Sakit'],
  ['Izin total (hari)', 1, 'Cuti, Izin, Sakit'],
  ['Jenis: Izin Tanpa Upah (hari)', 1, 'Cuti, Izin, Sakit'],
  ['Sakit total (hari)', 1, 'Cuti, Izin, Sakit'],
  ['Jenis: Sakit (hari)', 1, 'Cuti, Izin, Sakit'],
  ['Lembur ×1,5 (jam)', 1, 'Lembur'], // Mon 21: the first hour after 17:00
  ['Lembur ×2 (jam)', 5, 'Lembur'], // Mon 21: the second hour; Wed 16 (holiday): 4 hours
  ['Lembur total (jam)', 6, 'Lembur'], // 360 payable minutes
  ['Lembur (jam setara)', 11.5, 'Lembur'], // 1 × 1.5 + 5 × 2
  ['Lebih Istirahat (kali)', 1, 'Lainnya'], // Tue 22: 12:00–13:25 with 60 allowed
  ['Lebih Istirahat (menit)', 25, 'Lainnya'],
  ['Tanda Wajah Belum Ditinjau', 1, 'Lainnya'],
  ['Belum Ditutup (hari)', 1, 'Lainnya'],
];

/** A CSV parser for quoted cells (every cell of ours is quoted). */
function parseCsv(text: string, sep: ';' | ','): string[][] {
  return text
    .split('\r\n')
    .map((line) => [...line.matchAll(new RegExp(`"((?:[^"]|"")*)"(?:${sep}|$)`, 'g'))].map((m) => m[1]!.replace(/""/g, '"')));
}

beforeAll(async () => {
  await clearHolidays();
  await db.holiday.create({ data: { date: dateKeyToDate('2026-09-16'), name: 'Libur Kantor', kind: 'libur_perusahaan' } });
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
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
  // Ani's NIK and division (docs/onboarding.md): on the recap and in every export; Budi has neither.
  const keuangan = await db.division.create({ data: { name: 'Keuangan' } });
  await db.user.update({ where: { id: ani.user.id }, data: { employeeNumber: 'A0001', divisionId: keuangan.id } });
  budi = await createUser({ name: 'Budi', createdAt: JOINED });
  // Admin and HR do not work here: an office of their own, never closed, and off the payroll (the admin
  // by default, Hana by the admin's choice), so neither is a row of the recap nor has open days.
  const hq = await db.office.create({ data: { name: 'Kantor Direksi', latitude: 0, longitude: 0, timezone: 'Asia/Jakarta' } });
  await db.user.updateMany({ where: { id: { in: [admin.user.id, hr.user.id] } }, data: { homeOfficeId: hq.id, onPayroll: false } });
  await db.user.update({ where: { id: budi.user.id }, data: { homeOfficeId: makassar, joinDate: dateKeyToDate('2026-09-21') } });
  await db.user.update({ where: { id: ani.user.id }, data: { homeOfficeId: jakarta } });

  const a = ani.user.id;
  await record(a, '2026-09-01', '08:00', '17:00');
  await record(a, '2026-09-02', '08:20', '17:00', { lateMinutes: 20 });
  await record(a, '2026-09-03', '08:00', '16:30', { earlyMinutes: 30 });
  await record(a, '2026-09-07', '08:00', null);
  await leave(a, 'tahunan', 'cuti', 'cuti', '2026-09-08');
  await leave(a, 'tahunan', 'cuti', 'cuti', '2026-09-09', 'pagi');
  await leave(a, 'sakit', 'sakit', 'sakit', '2026-09-10');
  await leave(a, 'tanpa_upah', 'lainnya', 'izin', '2026-09-11');
  const base = {
    userId: a,
    reason: 'Lupa mencatat',
    status: 'approved' as const,
    requestedById: a,
    requestedByName: 'Ani',
    decidedAt: new Date(),
  };
  await db.attendanceCorrection.create({
    data: { ...base, date: dateKeyToDate('2026-09-14'), kind: 'dinas_luar', note: 'Kunjungan klien' },
  });
  await db.attendanceCorrection.create({
    data: {
      ...base,
      date: dateKeyToDate('2026-09-15'),
      kind: 'tambah_jam',
      checkInAt: wib('2026-09-15', '08:00'),
      checkOutAt: wib('2026-09-15', '17:00'),
    },
  });
  await record(a, '2026-09-16', '09:00', '13:00', { dayStatus: 'libur_perusahaan' });
  await overtime(a, '2026-09-16', '09:00', '13:00', 'libur');
  await record(a, '2026-09-17', '08:00', '17:00', { faceCheckStatus: 'flagged' });
  await record(a, '2026-09-18', '08:00', '17:00', { faceCheckStatus: 'flagged', reviewDecision: 'rejected' });
  await record(a, '2026-09-19', '08:00', '12:00', { dayStatus: 'istirahat' });
  await record(a, '2026-09-21', '08:00', '19:00');
  await overtime(a, '2026-09-21', '17:00', '19:00', 'kerja');
  for (const d of ['22', '23', '24', '25', '28', '29', '30']) await record(a, `2026-09-${d}`, '08:00', '17:00');
  // Istirahat (docs/calendar.md): a punched break 12:00–13:25 with 60 minutes allowed on Tue 22 is 25 minutes
  // over; 12:00–12:50 on Wed 23 is within it.
  await db.attendance.updateMany({
    where: { userId: a, workDate: dateKeyToDate('2026-09-22') },
    data: { breakStartAt: wib('2026-09-22', '12:00'), breakEndAt: wib('2026-09-22', '13:25'), breakAllowedMinutes: 60 },
  });
  await db.attendance.updateMany({
    where: { userId: a, workDate: dateKeyToDate('2026-09-23') },
    data: { breakStartAt: wib('2026-09-23', '12:00'), breakEndAt: wib('2026-09-23', '12:50'), breakAllowedMinutes: 60 },
  });
  await closeDays(jakarta, '2026-09-01', '2026-09-29');
  await closeDays(makassar, '2026-09-01', '2026-09-29');
});

describe('the recap of a hand-built month', () => {
  it('per employee, from the closed days; the 30th not closed yet is counted as belum ditutup', async () => {
    const res = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ month: SEP, label: 'September 2026', status: 'open', source: 'live' });
    // Admin and HR are off the payroll: no row (their office's days are never closed here).
    expect(res.body.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Ani', 'Budi']);
    const row = res.body.rows.find((r: { userId: string }) => r.userId === ani.user.id);
    expect(row).toMatchObject({
      name: 'Ani',
      officeId: jakarta,
      workDays: 21,
      present: 16,
      dinasLuar: 1,
      lateCount: 1,
      lateMinutes: 20,
      earlyCount: 1,
      earlyMinutes: 30,
      alpa: 2,
      cuti: 1.5,
      izin: 1,
      sakit: 1,
      leaveByType: { 'Cuti Tahunan': 1.5, Sakit: 1, 'Izin Tanpa Upah': 1 },
      libur: 0,
      istirahat: 7,
      holidaysWorked: 1,
      restDaysWorked: 1,
      lupaCheckout: 1,
      breakOverCount: 1,
      breakOverMinutes: 25,
      correctedDays: 2,
      unresolvedFlags: 1,
      openDays: 1,
      overtime: {
        payableMinutes: 360,
        equivalentHours: 11.5,
        classes: [
          { multiplier: 1.5, minutes: 60, hours: 1 },
          { multiplier: 2, minutes: 300, hours: 5 },
        ],
      },
    });
    const b = res.body.rows.find((r: { userId: string }) => r.userId === budi.user.id);
    expect(b).toMatchObject({
      officeId: makassar,
      officeName: 'Cabang Makassar',
      workDays: 8,
      present: 0,
      alpa: 7,
      istirahat: 2,
      openDays: 1,
      overtime: { equivalentHours: 0 },
    });
  });

  it('filters by office, with totals per office', async () => {
    const res = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&officeId=${makassar}` });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { name: string }) => r.name)).toEqual(['Budi']);
    expect(res.body.offices).toHaveLength(1);
    expect(res.body.offices[0]).toMatchObject({ officeId: makassar, employees: 1, workDays: 8, alpa: 7 });
    // An employee may not read the office recap; an unknown office is 404; a bad month 400.
    expect((await call(recapRoute, { token: ani.token, path: `/api/recap?month=${SEP}` })).status).toBe(403);
    expect(
      (await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&officeId=00000000-0000-4000-8000-000000000000` })).status,
    ).toBe(404);
    expect((await call(recapRoute, { token: hr.token, path: '/api/recap?month=2026-13' })).status).toBe(400);
    // Divisi: Keuangan is Ani; 'none' is Budi (no division); each row carries its NIK and division.
    const all = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` });
    expect(all.body.rows.find((r: { name: string }) => r.name === 'Ani')).toMatchObject({ employeeNumber: 'A0001', division: 'Keuangan' });
    const keuangan = (await db.division.findFirstOrThrow({ where: { name: 'Keuangan' } })).id;
    const byDivision = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&divisionId=${keuangan}` });
    expect(byDivision.body.rows.map((r: { name: string }) => r.name)).toEqual(['Ani']);
    expect(byDivision.body.totals).toMatchObject({ employees: 1, workDays: 21 });
    const none = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&divisionId=none` });
    expect(none.body.rows.map((r: { name: string }) => r.name)).toEqual(['Budi']);
    expect((await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&divisionId=x` })).status).toBe(400);
  });

  it('with page, one page of the employee rows in the list’s order; the totals stay the whole month’s', async () => {
    const whole = (await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` })).body;
    const names = whole.rows.map((r: { name: string }) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(2);
    const first = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&page=1&limit=1` });
    const second = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&page=2&limit=1` });
    expect([first.body.rows.map((r: { name: string }) => r.name), second.body.rows.map((r: { name: string }) => r.name)]).toEqual([
      [names[0]],
      [names[1]],
    ]);
    expect([second.body.total, second.body.page, second.body.pageSize]).toEqual([names.length, 2, 1]);
    expect(second.body.totals).toEqual(whole.totals);
    expect(second.body.offices).toEqual(whole.offices);
    expect((await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}&page=1&limit=201` })).status).toBe(400);
  });

  it('the drill-down: every day of the month with its status, times and colour; the employee reads their own', async () => {
    const res = await call(employeeRecapRoute, {
      token: ani.token,
      params: { userId: ani.user.id },
      path: `/api/recap/${ani.user.id}?month=${SEP}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    const day = (d: string) => res.body.days.find((x: { date: string }) => x.date === `2026-09-${d}`);
    expect(day('02')).toMatchObject({
      status: 'hadir',
      color: 'green',
      lateMinutes: 20,
      checkInAt: '2026-09-02T01:20:00.000Z',
      zone: 'WIB',
    });
    expect(day('04')).toMatchObject({ status: 'alpa', label: 'Tidak Hadir', color: 'red' });
    expect(day('08')).toMatchObject({ status: 'cuti', label: 'Cuti Tahunan', color: 'blue' });
    expect(day('14')).toMatchObject({ status: 'dinas_luar', corrected: true });
    expect(day('16')).toMatchObject({ status: 'hadir', calendarStatus: 'libur_perusahaan' });
    expect(day('18')).toMatchObject({ status: 'alpa' });
    expect(day('30')).toMatchObject({ status: 'belum_ditutup', label: 'Belum ditutup', calendarStatus: 'kerja' });
    expect(res.body.summary).toMatchObject({ present: 16, openDays: 1 });
    // Another employee's month: 403; admin and HR may.
    expect(
      (
        await call(employeeRecapRoute, {
          token: budi.token,
          params: { userId: ani.user.id },
          path: `/api/recap/${ani.user.id}?month=${SEP}`,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(employeeRecapRoute, {
          token: admin.token,
          params: { userId: ani.user.id },
          path: `/api/recap/${ani.user.id}?month=${SEP}`,
        })
      ).status,
    ).toBe(200);
    // Budi before his join date: belum_bergabung.
    const b = await call(employeeRecapRoute, {
      token: hr.token,
      params: { userId: budi.user.id },
      path: `/api/recap/${budi.user.id}?month=${SEP}`,
    });
    expect(b.body.days[0]).toMatchObject({ date: '2026-09-01', status: 'belum_bergabung' });
  });

  it("the XLSX reads back: every column once, Ani's figures as numbers, the totals per office", async () => {
    const res = await download(`/api/recap/export?month=${SEP}&format=xlsx`, hr.token);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Ringkasan per Kantor', 'Detail Karyawan']);
    const detail = wb.getWorksheet('Detail Karyawan')!;
    // Title rows first: the company name and the period; the header in row 4.
    expect(String(detail.getCell('A2').value)).toContain('September 2026');
    const headers = (detail.getRow(4).values as unknown[]).slice(1);
    expect(headers).toEqual(['Nama Karyawan', 'NIK', 'Divisi', 'Email', 'Posisi', 'Kantor', ...FIGURES.map(([h]) => h)]);
    expect(new Set(headers).size).toBe(headers.length);
    let aniRowNo = 0;
    detail.eachRow((r, n) => {
      if (r.getCell(1).value === 'Ani') aniRowNo = n;
    });
    expect((detail.getRow(aniRowNo).values as unknown[]).slice(1)).toEqual([
      'Ani',
      'A0001',
      'Keuangan',
      ani.user.email,
      'Staf',
      'Kantor Pusat',
      ...FIGURES.map(([, v]) => v),
    ]);
    // Numbers are numbers in the General format: the half days read 1.5, not a rounded 2.
    const cuti = detail.getRow(aniRowNo).getCell(headers.indexOf('Cuti total (hari)') + 1);
    expect(cuti.value).toBe(1.5);
    expect(cuti.numFmt ?? 'General').toBe('General');

    const summary = wb.getWorksheet('Ringkasan per Kantor')!;
    expect((summary.getRow(4).values as unknown[]).slice(1)).toEqual(['Kantor', 'Karyawan', ...FIGURES.map(([h]) => h)]);
    const offices: unknown[][] = [];
    summary.eachRow((r, n) => {
      if (n > 4) offices.push((r.values as unknown[]).slice(1));
    });
    expect(offices.map((o) => o[0])).toEqual(expect.arrayContaining(['Kantor Pusat', 'Cabang Makassar', 'Semua Kantor']));
    // Cabang Makassar is Budi alone: 8 working days, 7 alpa, the 30th open; every other figure 0.
    const budi: Record<string, number> = { 'Hari Wajib Hadir': 8, 'Tidak Hadir (Alpa, hari)': 7, 'Belum Ditutup (hari)': 1 };
    expect(offices.find((o) => o[0] === 'Cabang Makassar')).toEqual(['Cabang Makassar', 1, ...FIGURES.map(([h]) => budi[h] ?? 0)]);
    // Kantor Pusat is Ani alone: her figures.
    expect(offices.find((o) => o[0] === 'Kantor Pusat')).toEqual(['Kantor Pusat', 1, ...FIGURES.map(([, v]) => v)]);
  });

  it("CSV: the detail, with decimal commas after ';' and points after ','", async () => {
    const semicolon = await download(`/api/recap/export?month=${SEP}&format=csv`, hr.token);
    expect(semicolon.status).toBe(200);
    expect(semicolon.headers.get('content-disposition')).toContain('rekap-bulanan-2026-09.csv');
    const text = semicolon.buffer.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1), ';');
    expect(rows[0]).toEqual(['Nama Karyawan', 'NIK', 'Divisi', 'Email', 'Posisi', 'Kantor', ...FIGURES.map(([h]) => h)]);
    // 1.5 days of Cuti Tahunan and 11.5 equivalent hours, as Indonesian Excel reads them.
    expect(rows.find((r) => r[0] === 'Ani')).toEqual([
      'Ani',
      'A0001',
      'Keuangan',
      ani.user.email,
      'Staf',
      'Kantor Pusat',
      ...FIGURES.map(([, v]) => String(v).replace('.', ',')),
    ]);
    const comma = await download(`/api/recap/export?month=${SEP}&format=csv&sep=comma`, hr.token);
    const commaRows = parseCsv(comma.buffer.toString('utf8').slice(1), ',');
    expect(commaRows[0]).toEqual(rows[0]);
    expect(commaRows.find((r) => r[0] === 'Ani')).toEqual([
      'Ani',
      'A0001',
      'Keuangan',
      ani.user.email,
      'Staf',
      'Kantor Pusat',
      ...FIGURES.map(([, v]) => String(v)),
    ]);
  });

  it('JSON: the documented keys', async () => {
    const json = await download(`/api/recap/export?month=${SEP}&format=json`, hr.token);
    const doc = JSON.parse(json.buffer.toString('utf8'));
    expect(doc.schema).toBe('absensi.rekap-bulanan.v1');
    expect(doc.columns.map((c: { header: string }) => c.header)).toEqual([
      'Nama Karyawan',
      'NIK',
      'Divisi',
      'Email',
      'Posisi',
      'Kantor',
      'ID Karyawan',
      ...FIGURES.map(([h]) => h),
    ]);
    expect(doc.rows.find((r: { name: string }) => r.name === 'Ani')).toEqual({
      name: 'Ani',
      employeeNumber: 'A0001',
      division: 'Keuangan',
      email: ani.user.email,
      position: 'Staf',
      office: 'Kantor Pusat',
      userId: ani.user.id,
      workDays: 21,
      present: 16,
      lateCount: 1,
      lateMinutes: 20,
      earlyCount: 1,
      earlyMinutes: 30,
      alpa: 2,
      dinasLuar: 1,
      holidaysWorked: 1,
      restDaysWorked: 1,
      lupaCheckout: 1,
      breakOverCount: 1,
      breakOverMinutes: 25,
      correctedDays: 2,
      cuti: 1.5,
      leave_1: 1.5, // Cuti Tahunan: the month's leave types by name
      izin: 1,
      leave_2: 1, // Izin Tanpa Upah
      sakit: 1,
      leave_3: 1, // Sakit
      overtime_x1_5: 1,
      overtime_x2: 5,
      overtimeHours: 6,
      overtimeEquivalentHours: 11.5,
      unresolvedFlags: 1,
      openDays: 1,
    });
  });

  it('PDF: every column on the page, in two column groups that start with the name, above the signatures', async () => {
    const pdf = await download(`/api/recap/export?month=${SEP}&format=pdf`, hr.token);
    expect(pdf.status).toBe(200);
    expect(pdf.buffer.subarray(0, 5).toString()).toBe('%PDF-');
    const runs = pdfRuns(pdf.buffer);
    // Nothing runs past the right margin (the old PDF's columns ran on past the page's edge).
    expect(runs.flat().filter((r) => r.x + r.width > PAGE.width - PAGE.margin + 0.5)).toEqual([]);
    // and no header or figure runs into its neighbour's cell, and no header word is broken inside (a word
    // wider than its cell is cut into pieces by pdfmake).
    expect(overlappingRuns(runs)).toEqual([]);
    const words = new Set(runs.flat().flatMap((r) => r.text.split(/\s+/)));
    const headerWords = FIGURES.flatMap(([h]) => h.split(/\s+/)).filter((w) => !w.includes('-'));
    expect(headerWords.filter((w) => !words.has(w))).toEqual([]);
    const text = pdfPages(pdf.buffer).join(' ');
    const squeezed = text.replace(/\s+/g, '');
    // Every header of the screen and the files (a header may wrap inside its cell).
    for (const [h] of FIGURES) expect(squeezed).toContain(h.replace(/\s+/g, ''));
    for (const part of ['Ringkasan per Kantor', 'Detail Karyawan']) {
      expect(text).toContain(`${part} (bagian 1 dari 2)`);
      expect(text).toContain(`${part} (bagian 2 dari 2)`);
    }
    // Ani's row in each group, the name first; decimals with a comma.
    const pdfNumber = (v: number) => String(v).replace('.', ',');
    const attendance = FIGURES.filter(([, , group]) => group === 'Kehadiran').map(([, v]) => pdfNumber(v));
    const rest = FIGURES.filter(([, , group]) => group !== 'Kehadiran').map(([, v]) => pdfNumber(v));
    // The PDF carries the NIK beside the name (Posisi and Divisi are in the XLSX and CSV).
    expect(text).toContain(`Ani A0001 Kantor Pusat ${attendance.join(' ')}`);
    expect(text).toContain(`Ani ${rest.join(' ')}`);
    expect(text.lastIndexOf('Disetujui oleh')).toBeGreaterThan(text.lastIndexOf(`Ani ${rest.join(' ')}`));
    expect((await download(`/api/recap/export?month=${SEP}&format=xlsx`, ani.token)).status).toBe(403);
  });
});

describe('closing September: blockers, the snapshot, the lock', () => {
  it('lists the blockers of the month (lupa check-out, unreviewed flag, pending corrections and overtime, open days)', async () => {
    const pendingOt = await overtime(ani.user.id, '2026-09-22', '17:00', '18:00', 'kerja', 'pending');
    const list = await call(periodsRoute, { token: hr.token, path: '/api/periods?year=2026' });
    const sep = list.body.periods[8];
    expect(sep.blockers.map((b: { kind: string; count: number }) => `${b.kind}:${b.count}`)).toEqual([
      'unreviewed_flags:1',
      'pending_overtime:1',
      'lupa_checkout:1',
      // Wed 30 of Ani and Budi, not closed yet: the recap's belum ditutup total.
      'open_days:2',
    ]);
    // The banner above the recap says the same number.
    expect((await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` })).body.totals.openDays).toBe(2);
    await db.overtimeRequest.update({ where: { id: pendingOt.id }, data: { status: 'rejected' } });
  });

  it('the close stores the recap; a later policy edit changes the live figures, never the snapshot', async () => {
    await closeDays(jakarta, '2026-09-30', '2026-09-30');
    await closeDays(makassar, '2026-09-30', '2026-09-30');
    const before = await aniRow();
    // The 30th closed: present 16 + 1 = 17, openDays 0.
    expect(before).toMatchObject({ present: 17, openDays: 0 });
    const closed = await call(closePeriodRoute, {
      token: admin.token,
      params: { month: SEP },
      body: { override: true, reason: 'Gaji harus dibayar tepat waktu' },
    });
    expect(closed.status).toBe(200);
    const snap = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` });
    expect(snap.body).toMatchObject({ status: 'closed', source: 'snapshot' });
    expect(snap.body.rows.find((r: { userId: string }) => r.userId === ani.user.id)).toEqual(before);

    // A policy edit (overtime rounding 30 → 60 min): the live computation now rounds the 09:00–13:00 and
    // 17:00–19:00 windows the same (240, 120: multiples of 60) — so change it to 90: 240 → 180, 120 → 90.
    await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 90 } });
    const live = (await computeRecapRows(db, SEP)).find((r) => r.userId === ani.user.id)!;
    // 180 min on the holiday × 2, 90 min on the working day: 60 × 1.5 + 30 × 2 → (90 + 60 + 360)/60 = 8.5.
    expect(live.overtime.equivalentHours).toBe(8.5);
    // A holiday edit inside the closed month is refused.
    const holiday = await call(holidayCreateRoute, {
      token: admin.token,
      body: { date: '2026-09-24', name: 'Libur Tambahan', kind: 'libur_perusahaan' },
    });
    expect(holiday.status).toBe(409);
    expect(holiday.body.error).toBe('Periode September 2026 sudah ditutup.');
    const after = await aniRow();
    expect(after).toEqual(before);
    expect(after.overtime.equivalentHours).toBe(11.5);
    await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
  });

  it('the drill-down of a closed month reads the snapshot summary', async () => {
    const res = await call(employeeRecapRoute, {
      token: ani.token,
      params: { userId: ani.user.id },
      path: `/api/recap/${ani.user.id}?month=${SEP}`,
    });
    expect(res.body).toMatchObject({ status: 'closed', source: 'snapshot', summary: { present: 17 } });
  });
});

describe('the lock refuses corrections, overtime and the daily re-close (one test per route)', () => {
  const MSG = 'Periode September 2026 sudah ditutup.';
  const expectLocked = (res: { status: number; body: { error?: string; code?: string } }) => {
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: MSG, code: 'PERIOD_CLOSED' });
  };
  // Corrections and overtime accept dates from 62 / 31 days back: the lock is tested on a month that
  // is reachable — the current month, closed directly for the test (the route refuses a month not ended).
  const today = () => dateKeyInZone(new Date(), 'Asia/Jakarta');
  const thisMonth = () => today().slice(0, 7);
  async function closedNow<T>(fn: () => Promise<T>): Promise<T> {
    await db.period.upsert({
      where: { month: thisMonth() },
      create: { month: thisMonth(), status: 'closed' },
      update: { status: 'closed' },
    });
    try {
      return await fn();
    } finally {
      await db.period.update({ where: { month: thisMonth() }, data: { status: 'open' } });
    }
  }
  const MONTHS = [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ];
  const nowMsg = () => `Periode ${MONTHS[Number(thisMonth().slice(5, 7)) - 1]} ${thisMonth().slice(0, 4)} sudah ditutup.`;
  const expectNowLocked = (res: { status: number; body: { error?: string; code?: string } }) => {
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: nowMsg(), code: 'PERIOD_CLOSED' });
  };
  const firstOfMonth = () => `${thisMonth()}-01`;

  it("POST /api/corrections (a request of one's own day)", async () => {
    const before = await db.attendanceCorrection.count();
    expectNowLocked(
      await closedNow(() =>
        call(correctionRoute, { token: ani.token, body: { date: firstOfMonth(), kind: 'sanggah_alpa', reason: 'Saya hadir hari itu' } }),
      ),
    );
    expect(await db.attendanceCorrection.count()).toBe(before);
  });

  it("POST /api/corrections (an admin's direct correction)", async () => {
    const before = await db.attendanceCorrection.count();
    expectNowLocked(
      await closedNow(() =>
        call(correctionRoute, {
          token: admin.token,
          body: { userId: ani.user.id, date: firstOfMonth(), kind: 'dinas_luar', note: 'Kunjungan klien', reason: 'Tugas luar kantor' },
        }),
      ),
    );
    expect(await db.attendanceCorrection.count()).toBe(before);
  });

  it('PUT /api/corrections/{id}/status (the decision)', async () => {
    const created = await call(correctionRoute, {
      token: ani.token,
      body: { date: firstOfMonth(), kind: 'sanggah_alpa', reason: 'Saya hadir hari itu' },
    });
    expect(created.status).toBe(201);
    expectNowLocked(
      await closedNow(() =>
        call(correctionStatusRoute, { token: hr.token, params: { id: created.body.id }, body: { status: 'approved' } }),
      ),
    );
    expect((await db.attendanceCorrection.findUniqueOrThrow({ where: { id: created.body.id } })).status).toBe('pending');
    await db.attendanceCorrection.update({ where: { id: created.body.id }, data: { status: 'rejected', pendingKey: null } });
  });

  it('POST /api/overtime (a request and an assignment)', async () => {
    const before = await db.overtimeRequest.count();
    const date = firstOfMonth();
    expectNowLocked(
      await closedNow(() =>
        call(overtimeRoute, { token: ani.token, body: { date, startTime: '18:00', endTime: '19:00', reason: 'Tutup buku akhir bulan' } }),
      ),
    );
    expectNowLocked(
      await closedNow(() =>
        call(overtimeRoute, {
          token: hr.token,
          body: { userId: ani.user.id, date, startTime: '18:00', endTime: '19:00', reason: 'Tutup buku akhir bulan' },
        }),
      ),
    );
    expect(await db.overtimeRequest.count()).toBe(before);
  });

  it('PUT /api/overtime/{id}/status (the decision) and POST /api/overtime/{id}/consent', async () => {
    const date = firstOfMonth();
    const req = await overtime(ani.user.id, date, '18:00', '19:00', 'kerja', 'pending');
    await db.overtimeRequest.update({ where: { id: req.id }, data: { origin: 'request' } });
    expectNowLocked(
      await closedNow(() => call(overtimeStatusRoute, { token: hr.token, params: { id: req.id }, body: { status: 'approved' } })),
    );
    const assigned = await db.overtimeRequest.create({
      data: {
        userId: ani.user.id,
        date: dateKeyToDate(date),
        startTime: '20:00',
        endTime: '21:00',
        startAt: wib(date, '20:00'),
        endAt: wib(date, '21:00'),
        minutes: 60,
        dayKind: 'kerja',
        weekDays: 5,
        timezone: 'Asia/Jakarta',
        shiftStart: '08:00',
        shiftEnd: '17:00',
        reason: 'Penugasan',
        origin: 'assignment',
        status: 'pending',
        createdById: hr.user.id,
        createdByName: 'Hana HR',
      },
    });
    expectNowLocked(
      await closedNow(() => call(overtimeConsentRoute, { token: ani.token, params: { id: assigned.id }, body: { accept: true } })),
    );
    expect((await db.overtimeRequest.findMany({ where: { id: { in: [req.id, assigned.id] } } })).map((r) => r.status)).toEqual([
      'pending',
      'pending',
    ]);
    await db.overtimeRequest.updateMany({ where: { id: { in: [req.id, assigned.id] } }, data: { status: 'rejected' } });
  });

  it('POST /api/attendance/close (the daily re-close) inside September', async () => {
    const before = await db.attendanceDay.findMany({ where: { userId: ani.user.id, date: dateKeyToDate('2026-09-04') } });
    expectLocked(await call(dailyCloseRoute, { token: admin.token, path: '/api/attendance/close?date=2026-09-04' }));
    expect(await db.attendanceDay.findMany({ where: { userId: ani.user.id, date: dateKeyToDate('2026-09-04') } })).toEqual(before);
  });

  it('the scheduled close leaves a day of a closed month alone (no error, nothing written)', async () => {
    await db.dayClose.delete({ where: { officeId_date: { officeId: makassar, date: dateKeyToDate('2026-09-30') } } });
    expect(await closeOfficeDay(makassar, '2026-09-30')).toMatchObject({ ran: false });
    expect(
      await db.dayClose.findUnique({ where: { officeId_date: { officeId: makassar, date: dateKeyToDate('2026-09-30') } } }),
    ).toBeNull();
  });

  it('reopening (an admin, a reason) answers live again', async () => {
    const res = await call(reopenPeriodRoute, { token: admin.token, params: { month: SEP }, body: { reason: 'Koreksi lembur' } });
    expect(res.status).toBe(200);
    const live = await call(recapRoute, { token: hr.token, path: `/api/recap?month=${SEP}` });
    expect(live.body).toMatchObject({ status: 'open', source: 'live' });
    // Makassar's 30th lost its DayClose above: its day row stays, so the figures hold.
    expect(live.body.rows.find((r: { userId: string }) => r.userId === ani.user.id)).toMatchObject({ present: 17, openDays: 0 });
  });
});
