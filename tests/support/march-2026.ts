// A hand-built month for Absensi Bulanan and the payroll file (docs/exports.md), every figure worked out by
// hand. March 2026 (Sun 1 – Tue 31): company schedule Mon–Fri 08:00–17:00, no tolerance. Holidays (every
// office): Wed 18 and Fri 20 cuti bersama (policy potong_cuti: a day off), Thu 19 Nyepi (libur nasional).
// Weekdays 22 − 3 holidays = 19 working days (hari wajib hadir). Every day is closed by the daily close.
//
// Ani (Kantor Pusat, NIK A0001, Divisi Keuangan):
//   Sun 1 L · Mon 2 H (08:00–19:00, overtime 17:00–19:00: 60 min ×1.5 + 60 min ×2) · Tue 3 T (08:15, 15 min)
//   Wed 4 A · Thu 5 I (Izin Tanpa Upah, unpaid) · Fri 6 S (Sakit) · Sat 7, Sun 8 L · Mon 9 C (Cuti Tahunan)
//   Tue 10 DL (approved dinas luar correction) · Wed 11 LC (08:00, never out) · Thu 12 C (Cuti Pengganti)
//   Fri 13 H (16:30: 30 min early) · Sat 14, Sun 15 L · Mon 16, Tue 17 H · Wed 18 CB · Thu 19 L · Fri 20 CB
//   Sat 21, Sun 22 L · Mon 23 – Fri 27 H · Sat 28 H (rest day, 08:00–12:00, overtime 240 min ×2) · Sun 29 L
//   Mon 30, Tue 31 H
//   Counts: H 2, 13, 16, 17, 23–28, 30, 31 = 12 · T 1 · A 1 · I 1 · S 1 · C 2 · CB 2 · L 1, 7, 8, 14, 15,
//   19, 21, 22, 29 = 9 · DL 1 · LC 1 (= 31 days). Present = H + T + DL + LC = 15. Late 15 min, early 30 min.
//   Overtime ×1.5 1 h; ×2 1 + 4 = 5 h; total 6 h; jam setara 1 × 1.5 + 5 × 2 = 11.5.
//   Leave: paid Cuti Tahunan 1 + Cuti Pengganti 1 + Sakit 1 = 3 days; unpaid Izin Tanpa Upah 1; cuti pengganti 1.
// Budi (Cabang Makassar, no NIK, no division), joined Mon 23: A 23–27, 30, 31 = 7 · L 28, 29 = 2 · days before
//   the join date have no code. Working days 7, present 0.
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

export const MARCH = '2026-03';
type Made = Awaited<ReturnType<typeof createUser>>;
export type MarchWorld = { admin: Made; hr: Made; ani: Made; budi: Made; jakarta: string; makassar: string };

const JOINED = new Date('2026-01-01T00:00:00Z');
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

export async function buildMarch(): Promise<MarchWorld> {
  await clearHolidays();
  await db.holiday.createMany({
    data: [
      { date: dateKeyToDate('2026-03-18'), name: 'Cuti Bersama Nyepi', kind: 'cuti_bersama' },
      { date: dateKeyToDate('2026-03-19'), name: 'Hari Suci Nyepi', kind: 'libur_nasional' },
      { date: dateKeyToDate('2026-03-20'), name: 'Cuti Bersama Idul Fitri', kind: 'cuti_bersama' },
    ],
  });
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30, cutiBersamaPolicy: 'potong_cuti' } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  const jakarta = (await getMainOffice()).id;
  await db.office.update({ where: { id: jakarta }, data: { name: 'Kantor Pusat' } });
  const makassar = (
    await db.office.create({
      data: { name: 'Cabang Makassar', latitude: -5.147665, longitude: 119.432732, radius: 100, timezone: 'Asia/Makassar' },
    })
  ).id;
  const admin = await createUser({ role: 'admin', name: 'Admin', createdAt: JOINED });
  const hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt: JOINED, onPayroll: false });
  const ani = await createUser({ name: 'Ani', createdAt: JOINED });
  const budi = await createUser({ name: 'Budi', createdAt: JOINED });
  const keuangan = await db.division.create({ data: { name: 'Keuangan' } });
  const hq = await db.office.create({ data: { name: 'Kantor Direksi', latitude: 0, longitude: 0, timezone: 'Asia/Jakarta' } });
  await db.user.updateMany({ where: { id: { in: [admin.user.id, hr.user.id] } }, data: { homeOfficeId: hq.id } });
  await db.user.update({ where: { id: ani.user.id }, data: { homeOfficeId: jakarta, employeeNumber: 'A0001', divisionId: keuangan.id } });
  await db.user.update({ where: { id: budi.user.id }, data: { homeOfficeId: makassar, joinDate: dateKeyToDate('2026-03-23') } });

  const a = ani.user.id;
  const record = (date: string, inAt: string, outAt: string | null, x: { late?: number; early?: number; dayStatus?: string } = {}) =>
    db.attendance.create({
      data: {
        userId: a,
        workDate: dateKeyToDate(date),
        checkInAt: wib(date, inAt),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 10,
        ...(outAt ? { checkOutAt: wib(date, outAt), checkOutLatitude: 0, checkOutLongitude: 0, checkOutDistance: 10 } : {}),
        lateMinutes: x.late ?? 0,
        earlyMinutes: outAt ? (x.early ?? 0) : null,
        officeId: jakarta,
        dayStatus: x.dayStatus ?? 'kerja',
        shiftStart: '08:00',
        shiftEnd: '17:00',
        faceCheckStatus: 'verified',
      },
    });
  const leave = async (code: string, type: 'cuti' | 'sakit' | 'lainnya', category: 'cuti' | 'izin' | 'sakit', date: string) => {
    const t = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code } });
    await db.leaveRequest.create({
      data: {
        userId: a,
        type,
        leaveTypeId: t.id,
        category,
        startDate: dateKeyToDate(date),
        endDate: dateKeyToDate(date),
        days: 1,
        reason: 'Keperluan pribadi',
        status: 'approved',
      },
    });
  };
  const overtime = (date: string, start: string, end: string, dayKind: 'kerja' | 'libur') =>
    db.overtimeRequest.create({
      data: {
        userId: a,
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
        reason: 'Tutup buku',
        status: 'approved',
        createdByName: 'Ani',
        consentAt: new Date(),
      },
    });

  await record('2026-03-02', '08:00', '19:00');
  await overtime('2026-03-02', '17:00', '19:00', 'kerja');
  await record('2026-03-03', '08:15', '17:00', { late: 15 });
  await leave('tanpa_upah', 'lainnya', 'izin', '2026-03-05');
  await leave('sakit', 'sakit', 'sakit', '2026-03-06');
  await leave('tahunan', 'cuti', 'cuti', '2026-03-09');
  await db.attendanceCorrection.create({
    data: {
      userId: a,
      date: dateKeyToDate('2026-03-10'),
      kind: 'dinas_luar',
      note: 'Kunjungan klien',
      reason: 'Dinas luar',
      status: 'approved',
      requestedById: a,
      requestedByName: 'Ani',
      decidedAt: new Date(),
    },
  });
  await record('2026-03-11', '08:00', null);
  await leave('cuti_pengganti', 'cuti', 'cuti', '2026-03-12');
  await record('2026-03-13', '08:00', '16:30', { early: 30 });
  for (const d of ['16', '17', '23', '24', '25', '26', '27', '30', '31']) await record(`2026-03-${d}`, '08:00', '17:00');
  await record('2026-03-28', '08:00', '12:00', { dayStatus: 'istirahat' });
  await overtime('2026-03-28', '08:00', '12:00', 'libur');
  for (const office of [jakarta, makassar])
    for (let d = '2026-03-01'; d <= '2026-03-31'; d = addDays(d, 1)) await closeOfficeDay(office, d);
  return { admin, hr, ani, budi, jakarta, makassar };
}

/** Ani's codes, day 1 to 31 (the comment above). */
export const ANI_CODES = 'L H T A I S L L C DL LC C H L L H H CB L CB L L H H H H H H L H H'.split(' ');
/** Budi's: nothing before he joined on the 23rd. */
export const BUDI_CODES = [...Array<string>(22).fill(''), 'A', 'A', 'A', 'A', 'A', 'L', 'L', 'A', 'A'];
