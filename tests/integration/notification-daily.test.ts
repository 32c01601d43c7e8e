// The once-a-day notices (docs/notifications.md, "What is said, to whom"), worked by hand for Tuesday
// 2 March 2027 in an office in Jakarta (WIB), default week Monday–Friday 08:00–17:00, no holidays:
//
// people            role      on payroll  joined      face   what they have
// Sinta (atasan)    employee  yes         2027-03-01  no     supervises Made; named Gita her delegate 1–5 March
// Made              employee  yes         2027-03-01  no     leave L1 pending on Sinta's step, starts 3 March
// Gita (pengganti)  employee  yes         2027-03-01  no     —
// Eko               employee  yes         2027-02-26  no     alpa on Mon 1 March (and on Fri 26 Feb); leave L2
//                                                            (no supervisor) pending for Fri 26 Feb
// Lina              employee  yes         2027-02-26  no     lupa check-out on 1 March (in at 08.05 WIB) and on 26 Feb
// Tari              employee  yes         2027-03-01  yes    3 days carried over expiring 31 March, balance 2;
//                                                            a record of 1 March flagged twice, unreviewed
// Hana              hr        no          —           —      —
// Adi               admin     no          —           —      —
//
// Expected, once however often the day's job runs:
// - digest.approver: Sinta 1 (L1, her step) → /employee/team; Gita the same as Sinta's delegate; Hana and
//   Adi 1 (L2, nobody's supervisor step) → /hr/approvals and /admin/approvals. Made, Eko, Lina, Tari: none.
// - leave.pending_soon: L1 (3 March is within 2 days of 2 March) to Hana and Adi; L2 started before today: no.
// - digest.flagged: 1 record (two flags on one record; a reviewed record and one flagged before the day's
//   window not counted) to Hana and Adi; the next day's digest has nothing new to say.
// - day.alpa to Eko for 1 March only (26 Feb is more than three days back); day.lupa_checkout to Lina for
//   1 March, "Check-in tercatat pukul 08.05", both linking to /employee/corrections (Ajukan Koreksi).
// - leave.expiring: Tari, min(3 carried over, balance 3 + 12 − 13 = 2) = 2 days on 31 Maret 2027.
// - period.blockers (2 March is in the first week): February 2027 has L2 pending and Lina's lupa check-out
//   of 26 Feb; every February day of Eko and Lina has its row, so no open days. To Hana and Adi.
// - face.not_enrolled: Sinta, Made, Gita, Eko, Lina (not Tari, not HR or admin), once for the week.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { runDailyNotices } from '@/features/notifications/server/notification-daily';
import { clearHolidays, configureMainOffice, createUser, enrolFace, setDefaultWorkingDays } from '../helpers';

const DAY = '2027-03-02';
type Made = Awaited<ReturnType<typeof createUser>>;
let sinta: Made, made: Made, gita: Made, eko: Made, lina: Made, tari: Made, hana: Made, adi: Made;
const d = (key: string) => new Date(`${key}T00:00:00Z`);

async function inbox(u: Made) {
  const rows = await db.notification.findMany({ where: { userId: u.user.id }, orderBy: [{ kind: 'asc' }, { createdAt: 'asc' }] });
  return rows.map((n) => ({ kind: n.kind, title: n.title, body: n.body, link: n.link }));
}

beforeAll(async () => {
  await clearHolidays();
  await configureMainOffice({ timezone: 'Asia/Jakarta' });
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  [sinta, made, gita, eko, lina, tari, hana, adi] = await Promise.all([
    createUser({ name: 'Sinta Atasan' }),
    createUser({ name: 'Made Anggota' }),
    createUser({ name: 'Gita Pengganti' }),
    createUser({ name: 'Eko Alpa' }),
    createUser({ name: 'Lina Lupa' }),
    createUser({ name: 'Tari Tahunan' }),
    createUser({ name: 'Hana HR', role: 'hr', onPayroll: false }),
    createUser({ name: 'Adi Admin', role: 'admin' }),
  ]);
  for (const u of [sinta, made, gita, tari]) await db.user.update({ where: { id: u.user.id }, data: { joinDate: d('2027-03-01') } });
  for (const u of [eko, lina]) await db.user.update({ where: { id: u.user.id }, data: { joinDate: d('2027-02-26') } });
  await db.user.update({ where: { id: made.user.id }, data: { supervisorId: sinta.user.id } });
  await db.supervisorDelegate.create({
    data: {
      supervisorId: sinta.user.id,
      delegateId: gita.user.id,
      startDate: d('2027-03-01'),
      endDate: d('2027-03-05'),
      createdById: sinta.user.id,
    },
  });
  await db.leaveRequest.create({
    data: {
      userId: made.user.id,
      type: 'lainnya',
      startDate: d('2027-03-03'),
      endDate: d('2027-03-03'),
      days: 1,
      reason: 'Upacara adat',
    },
  });
  await db.leaveRequest.create({
    data: {
      userId: eko.user.id,
      type: 'lainnya',
      startDate: d('2027-02-26'),
      endDate: d('2027-02-26'),
      days: 1,
      reason: 'Urusan keluarga',
    },
  });

  const office = (await db.settings.findUniqueOrThrow({ where: { id: 1 } })).mainOfficeId!;
  const day = (userId: string, date: string, status: 'alpa' | 'lupa_checkout' | 'istirahat', checkInAt?: string) =>
    db.attendanceDay.create({
      data: {
        userId,
        date: d(date),
        officeId: office,
        status,
        calendarStatus: status === 'istirahat' ? 'istirahat' : 'kerja',
        checkInAt: checkInAt ? new Date(checkInAt) : null,
      },
    });
  await day(eko.user.id, '2027-02-26', 'alpa');
  await day(eko.user.id, '2027-03-01', 'alpa');
  await day(lina.user.id, '2027-02-26', 'lupa_checkout', '2027-02-26T01:10:00Z');
  await day(lina.user.id, '2027-03-01', 'lupa_checkout', '2027-03-01T01:05:00Z');
  for (const u of [eko, lina]) for (const rest of ['2027-02-27', '2027-02-28']) await day(u.user.id, rest, 'istirahat');

  // Tari: carried over 3 (expiring 31 March), granted 12, took 13 → a balance of 2.
  const annual = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
  const entry = (kind: 'carry_over' | 'grant' | 'deduction', days: number, expiresAt?: string) =>
    db.leaveLedgerEntry.create({
      data: {
        userId: tari.user.id,
        leaveTypeId: annual.id,
        kind,
        days,
        effectiveDate: d('2027-01-01'),
        expiresAt: expiresAt ? d(expiresAt) : null,
      },
    });
  await entry('carry_over', 3, '2027-03-31');
  await entry('grant', 12);
  await entry('deduction', -13);
  // Lina has 5 carried over, expiring 15 April: more than 30 days away.
  await db.leaveLedgerEntry.create({
    data: {
      userId: lina.user.id,
      leaveTypeId: annual.id,
      kind: 'carry_over',
      days: 5,
      effectiveDate: d('2027-01-01'),
      expiresAt: d('2027-04-15'),
    },
  });
  await enrolFace(tari.user.id);

  // The digest of 2 March at 08:00 WIB counts flags made from 1 March 08:00 WIB (01:00 UTC) until then:
  // two flags on one unreviewed record of Tari (08:05 on 1 March, 07:30 on 2 March WIB); a flagged record
  // of Made already reviewed; Gita's record flagged at 07:59 on 1 March, in the day before's digest.
  const record = (userId: string) =>
    db.attendance.create({
      data: {
        userId,
        workDate: d('2027-03-01'),
        checkInAt: new Date('2027-03-01T01:00:00Z'),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 0,
      },
    });
  const flag = (attendanceId: string, reason: 'location' | 'device', at: string) =>
    db.attendanceFlag.create({ data: { attendanceId, phase: 'check_in', reason, createdAt: new Date(at) } });
  const flagged = await record(tari.user.id);
  await flag(flagged.id, 'location', '2027-03-01T01:05:00Z');
  await flag(flagged.id, 'device', '2027-03-02T00:30:00Z');
  const reviewed = await record(made.user.id);
  await flag(reviewed.id, 'location', '2027-03-01T02:00:00Z');
  await db.attendanceReview.create({
    data: { attendanceId: reviewed.id, reviewerId: hana.user.id, reviewerName: 'Hana HR', decision: 'confirmed' },
  });
  await flag((await record(gita.user.id)).id, 'location', '2027-03-01T00:59:00Z');

  await runDailyNotices(DAY);
  await runDailyNotices(DAY); // a second run of the same day (another instance, a retry) sends nothing twice
});

describe('the daily notices of 2 March 2027', () => {
  it('approvers: the supervisor and her delegate for her step, HR and admin for the rest', async () => {
    const digest = {
      kind: 'digest.approver',
      title: '1 pengajuan menunggu keputusan Anda',
      body: 'Menunggu keputusan: 1 cuti/izin, 0 lembur, 0 koreksi.',
    };
    expect((await inbox(sinta)).filter((n) => n.kind === 'digest.approver')).toEqual([{ ...digest, link: '/employee/team' }]);
    expect((await inbox(gita)).filter((n) => n.kind === 'digest.approver')).toEqual([{ ...digest, link: '/employee/team' }]);
    expect((await inbox(hana)).filter((n) => n.kind === 'digest.approver')).toEqual([{ ...digest, link: '/hr/approvals' }]);
    expect((await inbox(adi)).filter((n) => n.kind === 'digest.approver')).toEqual([{ ...digest, link: '/admin/approvals' }]);
    for (const u of [made, eko, lina, tari]) expect((await inbox(u)).filter((n) => n.kind === 'digest.approver')).toEqual([]);
  });

  it('a leave starting within 2 days and still pending goes to HR and admin, once per leave', async () => {
    const soon = {
      kind: 'leave.pending_soon',
      title: 'Cuti segera dimulai tetapi belum diputuskan',
      body: 'Made Anggota: Cuti 3 Mar 2027 mulai Rabu, 3 Maret 2027 dan masih menunggu keputusan.',
    };
    expect((await inbox(hana)).filter((n) => n.kind === 'leave.pending_soon')).toEqual([{ ...soon, link: '/hr/approvals' }]);
    expect((await inbox(adi)).filter((n) => n.kind === 'leave.pending_soon')).toEqual([{ ...soon, link: '/admin/approvals' }]);
    // The next day it is still pending and starts tomorrow: HR was told already.
    await runDailyNotices('2027-03-03');
    expect(await db.notification.count({ where: { kind: 'leave.pending_soon' } })).toBe(2);
    expect(await db.notification.count({ where: { kind: 'digest.flagged' } })).toBe(2);
  });

  it('flagged records: one digest to the reviewers, counting records, not flags', async () => {
    for (const [u, area] of [
      [hana, 'hr'],
      [adi, 'admin'],
    ] as const)
      expect((await inbox(u)).filter((n) => n.kind === 'digest.flagged')).toEqual([
        {
          kind: 'digest.flagged',
          title: '1 absensi perlu ditinjau',
          body: '1 absensi ditandai sistem (lokasi, perangkat, atau wajah) dan menunggu tinjauan Anda.',
          link: `/${area}/approvals`,
        },
      ]);
    expect(await db.notification.count({ where: { kind: 'digest.flagged' } })).toBe(2);
  });

  it('alpa and lupa check-out: the employee, with the way to Ajukan Koreksi', async () => {
    expect((await inbox(eko)).filter((n) => n.kind.startsWith('day.'))).toEqual([
      {
        kind: 'day.alpa',
        title: 'Anda tercatat alpa pada Senin, 1 Maret 2027',
        body: 'Tidak ada absensi, cuti, atau izin untuk Senin, 1 Maret 2027. Jika ini keliru, ajukan koreksi.',
        link: '/employee/corrections',
      },
    ]);
    expect((await inbox(lina)).filter((n) => n.kind.startsWith('day.'))).toEqual([
      {
        kind: 'day.lupa_checkout',
        title: 'Anda lupa check-out pada Senin, 1 Maret 2027',
        body: 'Check-in tercatat pukul 08.05 tetapi tidak ada check-out pada Senin, 1 Maret 2027. Ajukan koreksi untuk jam pulang Anda.',
        link: '/employee/corrections',
      },
    ]);
    expect(await db.notification.count({ where: { kind: { startsWith: 'day.' } } })).toBe(2);
  });

  it('annual leave expiring within 30 days: what is left of it, to its owner only', async () => {
    expect(
      await db.notification.findMany({ where: { kind: 'leave.expiring' }, select: { userId: true, title: true, body: true, link: true } }),
    ).toEqual([
      {
        userId: tari.user.id,
        title: 'Sisa cuti tahunan akan hangus',
        body: '2 hari cuti tahunan Anda akan hangus pada Rabu, 31 Maret 2027. Ajukan cuti sebelum tanggal tersebut.',
        link: '/employee/leave',
      },
    ]);
  });

  it('Tutup Periode blockers of February: HR and admin, once for the month', async () => {
    for (const [u, area] of [
      [hana, 'hr'],
      [adi, 'admin'],
    ] as const)
      expect((await inbox(u)).filter((n) => n.kind === 'period.blockers')).toEqual([
        {
          kind: 'period.blockers',
          title: 'Periode Februari 2027 belum dapat ditutup',
          body: 'Masih ada yang harus diselesaikan sebelum Tutup Periode Februari 2027: Pengajuan cuti menunggu keputusan (1), Hari lupa check-out belum dikoreksi (1).',
          link: `/${area}/periods`,
        },
      ]);
    expect(await db.notification.count({ where: { kind: 'period.blockers' } })).toBe(2);
  });

  it('a face not enrolled: every employee without one, once a week', async () => {
    const told = await db.notification.findMany({
      where: { kind: 'face.not_enrolled' },
      select: { userId: true, title: true, link: true },
    });
    expect(told.map((n) => n.userId).sort()).toEqual([sinta, made, gita, eko, lina].map((u) => u.user.id).sort());
    expect(told[0]).toMatchObject({ title: 'Wajah Anda belum terdaftar', link: '/employee/account' });
  });

  it('every item has its outbox: nothing is sent twice by a second run', async () => {
    const before = await db.notification.count();
    await runDailyNotices(DAY);
    expect(await db.notification.count()).toBe(before);
  });
});
