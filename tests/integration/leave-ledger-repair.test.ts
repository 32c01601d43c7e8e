// The once-per-installation correction of the leave ledger (features/daily-close/server/daily-jobs.ts,
// ONCE.correctLeaveLedgers; docs/leave.md "Corrections"): ledgers written by the old order (a year's close
// computed before that year's cuti bersama rows existed) are re-derived; each wrong figure keeps its row
// and gets a correcting row, dated on the first open day when its own month is closed; one audit row per
// employee changed. Cuti bersama (potong_cuti), carry-over 0 until 30 June, the law's eligibility.
// SKB cuti bersama: 2025 after 1 March: 28 Mar, 2, 3, 4, 7 Apr, 13, 30 May, 9 Jun, 18 Aug, 26 Dec (10);
// 2026: 16 Feb, 18, 20, 23, 24 Mar, 15, 28 May (7 by 30 June), 24 Dec = 8.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { ONCE, runDailyJobs } from '@/features/daily-close/server/daily-jobs';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { createUser } from '../helpers';

const CB_2025 = [
  '2025-01-28',
  '2025-03-28',
  '2025-04-02',
  '2025-04-03',
  '2025-04-04',
  '2025-04-07',
  '2025-05-13',
  '2025-05-30',
  '2025-06-09',
  '2025-08-18',
  '2025-12-26',
];
const CB_2026 = ['2026-02-16', '2026-03-18', '2026-03-20', '2026-03-23', '2026-03-24', '2026-05-15', '2026-05-28', '2026-12-24'];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T02:00:00Z')); // Friday 27 November 2026, 09:00 WIB
  await db.settings.update({
    where: { id: 1 },
    data: {
      cutiBersamaPolicy: 'potong_cuti',
      leaveGrantBasis: 'awal_tahun',
      leaveEligibility: 'setelah_12_bulan',
      leaveCarryOverMax: 0,
      leaveCarryOverExpiryMonth: 6,
      leaveCarryOverExpiryDay: 30,
      leavePolicyFrom: null,
    },
  });
});
afterEach(() => vi.useRealTimers());

/** The rows the ledger held before the fix, with the idemKeys the old code gave them. */
async function oldLedger(
  joinDate: string,
  rows: { kind: 'grant' | 'expiry' | 'cuti_bersama'; days: number; date: string; period: string }[],
) {
  const { user } = await createUser({ name: `Karyawan sejak ${joinDate}` });
  await db.user.update({ where: { id: user.id }, data: { joinDate: dateKeyToDate(joinDate) } });
  const type = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
  const name = { grant: 'grant', expiry: 'close', cuti_bersama: 'cuti_bersama' } as const;
  await db.leaveLedgerEntry.createMany({
    data: rows.map((r) => ({
      userId: user.id,
      leaveTypeId: type.id,
      kind: r.kind,
      days: r.days,
      effectiveDate: dateKeyToDate(r.date),
      period: r.period,
      idemKey: `${name[r.kind]}:${user.id}:${type.id}:${r.period}`,
      note:
        r.kind === 'expiry' ? `Sisa cuti s.d. ${r.date} ditutup` : r.kind === 'grant' ? `Hak cuti tahunan mulai ${r.date}` : 'Cuti bersama',
    })),
  });
  return { userId: user.id, typeId: type.id };
}
const cb = (dates: string[], from: string) =>
  dates.filter((d) => d >= from).map((date) => ({ kind: 'cuti_bersama' as const, days: -1, date, period: date }));

describe('the once-per-installation correction', () => {
  it('re-derives the closes, corrects them on the first open day (every month to October 2026 is closed), audits each employee once, and leaves correct ledgers and closed months alone', async () => {
    // A joined 1 March 2024: 12 on 1 March 2025; the old close took all 12 although 10 cuti bersama
    // had left 2. Balance shown: 12 − 12 − 10 + 12 − 8 = −6. Right: the close takes 2 → 12 − 8 = 4.
    const a = await oldLedger('2024-03-01', [
      { kind: 'grant', days: 12, date: '2025-03-01', period: '2025' },
      ...cb(CB_2025, '2025-03-01'),
      { kind: 'expiry', days: -12, date: '2025-12-31', period: '2025' },
      { kind: 'grant', days: 12, date: '2026-01-01', period: '2026' },
      ...cb(CB_2026, '2026-01-01'),
    ]);
    // B joined 15 November 2024: 12 on 15 November 2025; 26 December took 1; the old close took 12 on
    // 31 December, 6½ weeks after the grant. Balance shown: 12 − 1 − 12 + 12 − 8 = 3. Right: the 11 left
    // close and come back whole until 30 June 2026 (the policy's date, later than 15 November + 6 months
    // − 1 day = 14 May); the 7 cuti bersama to 30 June use them; 4 expire. 12 − 1 − 11 + 11 + 12 − 8 − 4 = 11.
    const b = await oldLedger('2024-11-15', [
      { kind: 'grant', days: 12, date: '2025-11-15', period: '2025' },
      ...cb(CB_2025, '2025-11-15'),
      { kind: 'expiry', days: -12, date: '2025-12-31', period: '2025' },
      { kind: 'grant', days: 12, date: '2026-01-01', period: '2026' },
      ...cb(CB_2026, '2026-01-01'),
    ]);
    // C joined 1 January 2025, written by the new code already: 12 on 1 January 2026 − 8 = 4.
    const { user: c } = await createUser({ name: 'Karyawan Benar' });
    await db.user.update({ where: { id: c.id }, data: { joinDate: dateKeyToDate('2025-01-01') } });
    await ensureLedger(c.id, '2026-11-26');
    const type = a.typeId;
    expect(await balanceOf(db, a.userId, type)).toBe(-6);
    expect(await balanceOf(db, b.userId, type)).toBe(3);
    expect(await balanceOf(db, c.id, type)).toBe(4);

    for (let m = 12; m <= 22; m++) {
      const month = m <= 12 ? `2025-${m}` : `2026-${String(m - 12).padStart(2, '0')}`;
      await db.period.create({ data: { month, status: 'closed', closedAt: new Date(), reason: 'Tutup buku' } });
    }
    const before = await db.leaveLedgerEntry.findMany({ orderBy: { id: 'asc' } });

    const ran = await runDailyJobs('2026-11-27');
    expect(ran.find((r) => r.job === ONCE.correctLeaveLedgers.job)).toEqual({ ...ONCE.correctLeaveLedgers, result: 2 });
    expect(await balanceOf(db, a.userId, type)).toBe(4);
    expect(await balanceOf(db, b.userId, type)).toBe(11);
    expect(await balanceOf(db, c.id, type)).toBe(4);

    // Every row that was there is there unchanged; nothing new is dated before November 2026.
    expect(await db.leaveLedgerEntry.findMany({ where: { id: { in: before.map((r) => r.id) } }, orderBy: { id: 'asc' } })).toEqual(before);
    const added = await db.leaveLedgerEntry.findMany({
      where: { id: { notIn: before.map((r) => r.id) } },
      orderBy: [{ userId: 'asc' }, { kind: 'asc' }, { days: 'asc' }],
    });
    expect(added.every((r) => dateToKey(r.effectiveDate) === '2026-11-01')).toBe(true);
    const of = (userId: string) =>
      added.filter((r) => r.userId === userId).map((r) => [r.kind, r.days, r.expiresAt && dateToKey(r.expiresAt), r.note]);
    expect(of(a.userId)).toEqual([
      [
        'correction',
        10,
        null,
        'Koreksi "Sisa cuti s.d. 2025-12-31 ditutup": -2 hari, tercatat -12 hari (untuk 2025-12-31; periode Desember 2025 sudah ditutup)',
      ],
    ]);
    expect(of(b.userId).sort()).toEqual(
      [
        [
          'correction',
          1,
          null,
          'Koreksi "Sisa cuti s.d. 2025-12-31 ditutup": -11 hari, tercatat -12 hari (untuk 2025-12-31; periode Desember 2025 sudah ditutup)',
        ],
        [
          'carry_over',
          11,
          '2026-06-30',
          'Koreksi: Sisa cuti s.d. 2025-12-31; hak cuti 2025-11-15 belum 6 bulan, dibawa utuh, berlaku s.d. 2026-06-30 (untuk 2026-01-01; periode Januari 2026 sudah ditutup)',
        ],
        ['expiry', -4, null, 'Sisa cuti yang dibawa hangus (untuk 2026-06-30; periode Juni 2026 sudah ditutup)'],
      ].sort(),
    );
    expect(of(c.id)).toEqual([]);

    // One audit row per employee changed, by the system, with the balance before and after.
    const audits = await db.auditLog.findMany({ where: { kind: 'leave.ledger_correct' }, orderBy: { createdAt: 'asc' } });
    expect(audits.map((x) => [x.targetUserId, x.actorId, x.before, (x.after as { balance: number }).balance]).sort()).toEqual(
      [
        [a.userId, null, { balance: -6 }, 4],
        [b.userId, null, { balance: 3 }, 11],
      ].sort(),
    );
    expect((audits.find((x) => x.targetUserId === b.userId)!.after as { rows: unknown[] }).rows).toHaveLength(3);

    // Once: the next day's job and every read after find nothing more to correct.
    expect((await runDailyJobs('2026-11-28')).map((r) => r.job)).toEqual(['leave_ledger']);
    expect(await ensureLedger(a.userId, '2026-11-28')).toBe(0);
    expect(await ensureLedger(b.userId, '2026-11-28')).toBe(0);
    expect(await db.leaveLedgerEntry.count()).toBe(before.length + 4);
    expect(await db.auditLog.count({ where: { kind: 'leave.ledger_correct' } })).toBe(2);
  });

  it('a leave of December approved after the close gives back what the close took from it (an open month: dated on the close itself)', async () => {
    // D joined 1 January 2025 under libur (no cuti bersama): 12 on 1 January 2026, 5 used in June → 7 closed
    // on 31 December 2026. A 3-day leave of 28-30 December 2026 approved on 4 January 2027 makes the close 4:
    // a correction of +3 dated 31 December 2026 (the month is open); 2027: 12.
    await db.settings.update({ where: { id: 1 }, data: { cutiBersamaPolicy: 'libur' } });
    // No month closed here (the test above closed some): a join date may not move across a closed month.
    await db.period.updateMany({ data: { status: 'open' } });
    const { user } = await createUser({ name: 'Karyawan Desember' });
    await db.user.update({ where: { id: user.id }, data: { joinDate: dateKeyToDate('2025-01-01') } });
    const type = (await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } })).id;
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type, kind: 'deduction', days: -5, effectiveDate: dateKeyToDate('2026-06-08') },
    });
    await ensureLedger(user.id, '2027-01-02');
    expect(await balanceOf(db, user.id, type)).toBe(12);
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type, kind: 'deduction', days: -3, effectiveDate: dateKeyToDate('2026-12-28') },
    });
    expect(await balanceOf(db, user.id, type)).toBe(9);
    expect(await ensureLedger(user.id, '2027-01-04')).toBe(1);
    expect(await balanceOf(db, user.id, type)).toBe(12);
    const fix = await db.leaveLedgerEntry.findFirstOrThrow({ where: { userId: user.id, kind: 'correction' } });
    expect([fix.days, dateToKey(fix.effectiveDate), fix.note]).toEqual([
      3,
      '2026-12-31',
      'Koreksi "Sisa cuti s.d. 2026-12-31 ditutup": -4 hari, tercatat -7 hari',
    ]);
    expect(await db.auditLog.count({ where: { kind: 'leave.ledger_correct', targetUserId: user.id } })).toBe(1);
    expect(await ensureLedger(user.id, '2027-01-04')).toBe(0);
  });
});
