// Derived days follow the calendar's and the day's facts (docs/daily-close.md, "Derived days follow their
// facts"): schedule days, assignments, roster cells, holidays, the cuti bersama policy, an office's time
// zone and a punch that arrives after its day was closed enqueue a 'reclassify' job (database triggers);
// leave and correction decisions and face reviews re-classify in their own transaction. Worked by hand:
//   Company schedule Mon–Fri 08:00–17:00, no tolerance. Offices: Kantor Pusat (Jakarta), Cabang Bogor and
//   Cabang Bali (both WIB at first). Every office closed Mon 5 – Sat 10 October 2026. Nobody punched
//   unless said, so a working day is 'alpa', a rest day 'istirahat'.
//   Sari's own schedule loses Friday: Fri 9 alpa → istirahat.
//   Tono gets another schedule (Tuesday a rest day) for Tue 6 only: alpa → istirahat; removed: alpa again.
//   Wati's roster: Wed 7 a rest day (alpa → istirahat), Sat 10 a shift 08:00–12:00 (istirahat → alpa).
//   Bayu (Bogor): a company holiday of Bogor on Thu 8 (alpa → libur); cuti bersama on Fri 9 (policy
//   potong_cuti: libur), then the policy 'masuk' (a working day: alpa).
//   Eko (Bali): an approved correction 08:30–17:00 WIB on Tue 6 → hadir, 30 min late; Bali moved to WITA:
//   08:30 WIB is 09:30 WITA, 90 min late; 17:00 WIB is 18:00 WITA, not early.
//   Fitri: a punch (08:00–17:00) for Wed 7 stored after the day was closed: alpa → hadir 0/0.
//   Gita: izin for Thu 8 approved by HR: alpa → izin. Hendra: an admin's correction 08:00–17:00 on Mon 5:
//   alpa → hadir 0/0. Ika: her Tue 6 check-in rejected in the face review: hadir → alpa.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { closeOfficeDay } from '@/features/daily-close/server/daily-close';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { PUT as leaveStatusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as correctionRoute } from '@/app/api/corrections/route';
import { POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let jakarta: string, bogor: string, bali: string;
let admin: Made, hr: Made;
const id: Record<string, string> = {};

async function day(userId: string, date: string): Promise<string | undefined> {
  const r = await db.attendanceDay.findUnique({ where: { userId_date: { userId, date: dateKeyToDate(date) } } });
  if (!r) return undefined;
  return `${r.status}${r.status === 'hadir' ? ` ${r.lateMinutes}/${r.earlyMinutes}` : ''}`;
}

function punch(userId: string, date: string, inAt: string, outAt: string, officeId: string) {
  return db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: new Date(inAt),
      checkOutAt: new Date(outAt),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 10,
      lateMinutes: 0,
      earlyMinutes: 0,
      officeId,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
      faceCheckStatus: 'verified',
    },
  });
}

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await db.settings.update({ where: { id: 1 }, data: { cutiBersamaPolicy: 'potong_cuti' } });
  await configureMainOffice({ timezone: 'Asia/Jakarta' });
  jakarta = (await getMainOffice()).id;
  bogor = (await db.office.create({ data: { name: 'Cabang Bogor', timezone: 'Asia/Jakarta' } })).id;
  bali = (await db.office.create({ data: { name: 'Cabang Bali', timezone: 'Asia/Jakarta' } })).id;
  admin = await createUser({ role: 'admin', name: 'Admin Kalender' });
  hr = await createUser({ role: 'hr', name: 'HR Kalender', onPayroll: false });
  const createdAt = new Date('2026-01-05T02:00:00Z');
  for (const name of ['sari', 'tono', 'wati', 'bayu', 'eko', 'fitri', 'gita', 'hendra', 'ika'])
    id[name] = (await createUser({ name, createdAt })).user.id;
  const own = await db.workSchedule.create({
    data: {
      name: 'Sari Senin–Jumat',
      lateToleranceMinutes: 0,
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '08:00' : null, end: i < 5 ? '17:00' : null })),
      },
    },
  });
  await db.user.update({ where: { id: id.sari! }, data: { scheduleId: own.id } });
  await db.user.update({ where: { id: id.bayu! }, data: { homeOfficeId: bogor } });
  await db.user.update({ where: { id: id.eko! }, data: { homeOfficeId: bali } });
  // Eko's approved correction, before the close: 08:30–17:00 WIB.
  await db.attendanceCorrection.create({
    data: {
      userId: id.eko!,
      date: dateKeyToDate('2026-10-06'),
      kind: 'tambah_jam',
      checkInAt: new Date('2026-10-06T01:30:00Z'),
      checkOutAt: new Date('2026-10-06T10:00:00Z'),
      reason: 'Lupa absen',
      status: 'approved',
      requestedByName: 'Eko',
      direct: true,
      decidedAt: new Date('2026-10-06T11:00:00Z'),
    },
  });
  await punch(id.ika!, '2026-10-06', '2026-10-06T01:00:00Z', '2026-10-06T10:00:00Z', jakarta);
  for (let d = '2026-10-05'; d <= '2026-10-10'; d = addDays(d, 1)) for (const o of [jakarta, bogor, bali]) await closeOfficeDay(o, d);
  await runDueJobs();
});

describe('schedules, assignments and the roster', () => {
  it('a schedule day made a rest day: Fri 9 alpa → istirahat', async () => {
    const { scheduleId } = await db.user.findUniqueOrThrow({ where: { id: id.sari! }, select: { scheduleId: true } });
    expect(await day(id.sari!, '2026-10-09')).toBe('alpa');
    await db.workScheduleDay.update({
      where: { scheduleId_weekday: { scheduleId: scheduleId!, weekday: 5 } },
      data: { start: null, end: null },
    });
    await runDueJobs();
    expect(await day(id.sari!, '2026-10-09')).toBe('istirahat');
    expect(await day(id.sari!, '2026-10-08')).toBe('alpa');
  });

  it('an assignment to a schedule with Tuesday off, for Tue 6 only: alpa → istirahat; removed: alpa', async () => {
    const tuesdayOff = await db.workSchedule.create({
      data: {
        name: 'Selasa libur',
        days: {
          create: Array.from({ length: 7 }, (_, i) => ({
            weekday: i + 1,
            start: i < 5 && i !== 1 ? '08:00' : null,
            end: i < 5 && i !== 1 ? '17:00' : null,
          })),
        },
      },
    });
    expect(await day(id.tono!, '2026-10-06')).toBe('alpa');
    const a = await db.scheduleAssignment.create({
      data: { userId: id.tono!, scheduleId: tuesdayOff.id, startDate: dateKeyToDate('2026-10-06'), endDate: dateKeyToDate('2026-10-06') },
    });
    await runDueJobs();
    expect(await day(id.tono!, '2026-10-06')).toBe('istirahat');
    await db.scheduleAssignment.delete({ where: { id: a.id } });
    await runDueJobs();
    expect(await day(id.tono!, '2026-10-06')).toBe('alpa');
  });

  it('roster cells: Wed 7 a rest day (alpa → istirahat), Sat 10 a shift (istirahat → alpa)', async () => {
    expect([await day(id.wati!, '2026-10-07'), await day(id.wati!, '2026-10-10')]).toEqual(['alpa', 'istirahat']);
    await db.rosterEntry.create({ data: { userId: id.wati!, date: dateKeyToDate('2026-10-07') } });
    await db.rosterEntry.create({ data: { userId: id.wati!, date: dateKeyToDate('2026-10-10'), start: '08:00', end: '12:00' } });
    await runDueJobs();
    expect([await day(id.wati!, '2026-10-07'), await day(id.wati!, '2026-10-10')]).toEqual(['istirahat', 'alpa']);
  });
});

describe('holidays, the cuti bersama policy and an office’s time zone', () => {
  it('a company holiday of Bogor on Thu 8: alpa → libur (Jakarta’s Thu 8 untouched)', async () => {
    expect(await day(id.bayu!, '2026-10-08')).toBe('alpa');
    await db.holiday.create({
      data: { date: dateKeyToDate('2026-10-08'), name: 'Ulang tahun cabang', kind: 'libur_perusahaan', officeIds: [bogor] },
    });
    await runDueJobs();
    expect(await day(id.bayu!, '2026-10-08')).toBe('libur');
    expect(await day(id.gita!, '2026-10-08')).toBe('alpa');
  });

  it('cuti bersama on Fri 9 in Bogor: libur under potong_cuti, alpa once the policy is masuk', async () => {
    expect(await day(id.bayu!, '2026-10-09')).toBe('alpa');
    await db.holiday.create({
      data: { date: dateKeyToDate('2026-10-09'), name: 'Cuti bersama', kind: 'cuti_bersama', officeIds: [bogor] },
    });
    await runDueJobs();
    expect(await day(id.bayu!, '2026-10-09')).toBe('libur');
    await db.settings.update({ where: { id: 1 }, data: { cutiBersamaPolicy: 'masuk' } });
    await runDueJobs();
    expect(await day(id.bayu!, '2026-10-09')).toBe('alpa');
  });

  it('Bali moved from WIB to WITA: the corrected 08:30 WIB check-in is 09:30 WITA, 30 → 90 minutes late', async () => {
    expect(await day(id.eko!, '2026-10-06')).toBe('hadir 30/0');
    await db.office.update({ where: { id: bali }, data: { timezone: 'Asia/Makassar' } });
    await runDueJobs();
    expect(await day(id.eko!, '2026-10-06')).toBe('hadir 90/0');
  });
});

describe('punches and decisions', () => {
  it('a punch stored after its day was closed: Wed 7 alpa → hadir 0/0', async () => {
    expect(await day(id.fitri!, '2026-10-07')).toBe('alpa');
    await punch(id.fitri!, '2026-10-07', '2026-10-07T01:00:00Z', '2026-10-07T10:00:00Z', jakarta);
    expect(await db.job.count({ where: { kind: 'reclassify', doneAt: null } })).toBe(1);
    await runDueJobs();
    expect(await day(id.fitri!, '2026-10-07')).toBe('hadir 0/0');
  });

  it('a leave approved after the close: Thu 8 alpa → izin', async () => {
    const unpaid = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tanpa_upah' } });
    const leave = await db.leaveRequest.create({
      data: {
        userId: id.gita!,
        type: 'lainnya',
        leaveTypeId: unpaid.id,
        category: 'izin',
        startDate: dateKeyToDate('2026-10-08'),
        endDate: dateKeyToDate('2026-10-08'),
        days: 1,
        reason: 'Urusan keluarga',
      },
    });
    expect(await day(id.gita!, '2026-10-08')).toBe('alpa');
    const res = await call(leaveStatusRoute, { method: 'PUT', token: hr.token, params: { id: leave.id }, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    expect(await day(id.gita!, '2026-10-08')).toBe('izin');
  });

  it('an admin’s correction 08:00–17:00 of Mon 5: alpa → hadir 0/0', async () => {
    expect(await day(id.hendra!, '2026-10-05')).toBe('alpa');
    const res = await call(correctionRoute, {
      token: admin.token,
      body: {
        userId: id.hendra!,
        date: '2026-10-05',
        kind: 'tambah_jam',
        checkIn: '08:00',
        checkOut: '17:00',
        reason: 'Mesin absen rusak',
      },
    });
    expect(res.status).toBe(201);
    expect(await day(id.hendra!, '2026-10-05')).toBe('hadir 0/0');
  });

  it('a rejected face review: Tue 6 hadir → alpa', async () => {
    const rec = await db.attendance.findUniqueOrThrow({
      where: { userId_workDate: { userId: id.ika!, workDate: dateKeyToDate('2026-10-06') } },
    });
    expect(await day(id.ika!, '2026-10-06')).toBe('hadir 0/0');
    await db.attendance.update({ where: { id: rec.id }, data: { faceCheckStatus: 'flagged' } });
    const res = await call(reviewRoute, {
      token: hr.token,
      params: { id: rec.id },
      body: { decision: 'rejected', note: 'Bukan orang yang sama' },
    });
    expect(res.status).toBe(200);
    expect(await day(id.ika!, '2026-10-06')).toBe('alpa');
    await runDueJobs();
    expect(await day(id.ika!, '2026-10-06')).toBe('alpa');
    expect(dateToKey(rec.workDate)).toBe('2026-10-06');
  });
});
