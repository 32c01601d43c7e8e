// The leave policy (docs/leave.md): the yearly grant on 1 January or on the work anniversary, eligibility
// after 12 months or pro rata, carry-over with a cap and an expiry date, a change that never rewrites the
// ledger; hourly permissions that deduct hours from the annual balance; employees cancelling the days of
// an approved leave not yet started. Figures worked out by hand in the comments. Cuti bersama is set to
// 'libur' unless a test says otherwise, so that only the rule under test moves the balance.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as policyGet, PUT as policyPut } from '@/app/api/settings/leave-policy/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as cancelRoute } from '@/app/api/leaves/[id]/cancel/route';
import { GET as balanceRoute } from '@/app/api/leaves/balance/[userId]/route';
import { PUT as updateTypeRoute } from '@/app/api/leave-types/[id]/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { carryExpiry, ledgerEvents } from '@/features/leave/lib/ledger-rules';
import { dailyHours } from '@/features/leave/server/leave';
import { call, createUser } from '../helpers';

const REASON = 'Keperluan keluarga di kampung halaman';
const POLICY = {
  grantBasis: 'awal_tahun',
  eligibility: 'setelah_12_bulan',
  proRataDaysPerMonth: null,
  carryOverMaxDays: 0,
  carryOverExpiryMonth: 6,
  carryOverExpiryDay: 30,
  employeeCancelApproved: false,
};
const annual = () => db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
const at = (iso: string) => vi.setSystemTime(new Date(iso));
async function employee(joinDate: string) {
  const made = await createUser({ name: 'Karyawan Kebijakan' });
  await db.user.update({ where: { id: made.user.id }, data: { joinDate: dateKeyToDate(joinDate) } });
  return made;
}
const balanceAt = async (userId: string, asOf: string) => {
  await ensureLedger(userId, asOf);
  return balanceOf(db, userId, (await annual()).id);
};
const rowsOf = async (userId: string) =>
  (await db.leaveLedgerEntry.findMany({ where: { userId }, orderBy: [{ effectiveDate: 'asc' }, { kind: 'asc' }] })).map((r) => [
    r.kind,
    r.days,
    dateToKey(r.effectiveDate),
  ]);

let adminToken = '';
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at('2026-11-23T02:00:00Z'); // Monday 23 November 2026, 09:00 WIB
  await db.settings.update({
    where: { id: 1 },
    data: {
      cutiBersamaPolicy: 'libur',
      leaveGrantBasis: 'awal_tahun',
      leaveEligibility: 'setelah_12_bulan',
      leaveProRataDaysPerMonth: null,
      leaveCarryOverMax: 0,
      leaveCarryOverExpiryMonth: 6,
      leaveCarryOverExpiryDay: 30,
      leaveEmployeeCancelApproved: false,
      leavePolicyFrom: null,
    },
  });
  adminToken ||= (await createUser({ role: 'admin' })).token;
});
afterEach(() => vi.useRealTimers());

describe('GET/PUT /api/settings/leave-policy', () => {
  it('everyone reads it; the admin writes it (one audit row); bad input changes nothing', async () => {
    const { token } = await createUser();
    const read = await call(policyGet, { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ ...POLICY, effectiveFrom: null, annualQuota: 12 });
    expect((await call(policyPut, { method: 'PUT', token, body: POLICY })).status).toBe(403);

    const bad = await call(policyPut, {
      method: 'PUT',
      token: adminToken,
      body: { ...POLICY, carryOverExpiryMonth: 2, carryOverExpiryDay: 30 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.carryOverExpiryDay).toBe('Tanggal hangus tidak ada pada bulan tersebut');
    expect((await call(policyPut, { method: 'PUT', token: adminToken, body: { ...POLICY, carryOverMaxDays: 2.3 } })).status).toBe(400);
    expect(await db.auditLog.count({ where: { kind: 'settings.leave_policy' } })).toBe(0);

    const saved = await call(policyPut, {
      method: 'PUT',
      token: adminToken,
      body: { ...POLICY, grantBasis: 'ulang_tahun_kerja', carryOverMaxDays: 6, employeeCancelApproved: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Kebijakan cuti berhasil disimpan');
    // A ledger field changed: the new policy counts from today.
    expect(saved.body.policy).toMatchObject({
      grantBasis: 'ulang_tahun_kerja',
      carryOverMaxDays: 6,
      employeeCancelApproved: true,
      effectiveFrom: '2026-11-23',
    });
    expect(await db.auditLog.count({ where: { kind: 'settings.leave_policy' } })).toBe(1);
    // Only the cancel rule changes on 24 November: the effective date stays.
    at('2026-11-24T02:00:00Z');
    const { token: laterAdmin } = await createUser({ role: 'admin' });
    const again = await call(policyPut, {
      method: 'PUT',
      token: laterAdmin,
      body: { ...POLICY, grantBasis: 'ulang_tahun_kerja', carryOverMaxDays: 6 },
    });
    expect(again.body.policy).toMatchObject({ employeeCancelApproved: false, effectiveFrom: '2026-11-23' });
    expect(await db.auditLog.count({ where: { kind: 'settings.leave_policy' } })).toBe(2);
  });
});

describe('the yearly grant', () => {
  it('on the work anniversary (the law): joined 15 March 2025 → 0 on 14 March 2026, 12 on 15 March 2026; 3 used; on 15 March 2027 the 9 left close, 6 come back until 30 June 2027, 12 more = 18; on 1 July the 6 unused expire = 12', async () => {
    at('2025-03-01T02:00:00Z');
    expect(
      (
        await call(policyPut, {
          method: 'PUT',
          token: adminToken,
          body: { ...POLICY, grantBasis: 'ulang_tahun_kerja', carryOverMaxDays: 6 },
        })
      ).status,
    ).toBe(200);
    const { user } = await employee('2025-03-15');
    const type = await annual();
    expect(await balanceAt(user.id, '2026-03-14')).toBe(0);
    expect(await balanceAt(user.id, '2026-03-15')).toBe(12);
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type.id, kind: 'deduction', days: -3, effectiveDate: dateKeyToDate('2026-06-01') },
    });
    // Not 1 January: nothing happens at the turn of the year.
    expect(await balanceAt(user.id, '2027-01-02')).toBe(9);
    expect(await balanceAt(user.id, '2027-03-14')).toBe(9);
    expect(await balanceAt(user.id, '2027-03-15')).toBe(18);
    expect(await balanceAt(user.id, '2027-06-30')).toBe(18);
    expect(await balanceAt(user.id, '2027-07-01')).toBe(12);
    expect(await balanceAt(user.id, '2027-07-01')).toBe(12);
    expect(await rowsOf(user.id)).toEqual([
      ['grant', 12, '2026-03-15'],
      ['deduction', -3, '2026-06-01'],
      ['expiry', -9, '2027-03-14'],
      ['grant', 12, '2027-03-15'],
      ['carry_over', 6, '2027-03-15'],
      ['expiry', -6, '2027-06-30'],
    ]);
    const carry = await db.leaveLedgerEntry.findFirstOrThrow({ where: { userId: user.id, kind: 'carry_over' } });
    expect(dateToKey(carry.expiresAt!)).toBe('2027-06-30');
  });

  it('pro rata by a rule of 0,75 day per full month: joined 15 March 2025 → 1 January basis: April-December = 9 months × 0,75 = 6,75 → 6,5 days; anniversary basis: 12 × 0,75 = 9 days at the join date, 12 at each anniversary', async () => {
    at('2025-03-01T02:00:00Z');
    const rule = { ...POLICY, eligibility: 'pro_rata', proRataDaysPerMonth: 0.75 };
    expect((await call(policyPut, { method: 'PUT', token: adminToken, body: rule })).status).toBe(200);
    const { user: a } = await employee('2025-03-15');
    expect(await balanceAt(a.id, '2025-03-14')).toBe(0);
    expect(await balanceAt(a.id, '2025-03-15')).toBe(6.5);
    // 1 January 2026: the 6,5 left close (no carry-over), the full 12 arrive.
    expect(await balanceAt(a.id, '2026-01-01')).toBe(12);

    expect((await call(policyPut, { method: 'PUT', token: adminToken, body: { ...rule, grantBasis: 'ulang_tahun_kerja' } })).status).toBe(
      200,
    );
    const { user: b } = await employee('2025-03-15');
    expect(await balanceAt(b.id, '2025-03-15')).toBe(9);
    expect(await balanceAt(b.id, '2026-03-14')).toBe(9);
    expect(await balanceAt(b.id, '2026-03-15')).toBe(12);
    // The rule never gives more than the year's quota: 1,5 × 9 months = 13,5 → 12.
    expect(ledgerEvents({ basis: 'awal_tahun', eligibility: 'pro_rata', perMonth: 1.5 }, '2025-03-15', 12, '2025-12-31')[0]!.grant).toBe(
      12,
    );
  });

  it('carry-over capped at 6 days until 31 March (1 January basis): joined 10 January 2024; 12 on 10 January 2025, 4 used → 8 left; on 1 January 2026 6 carried + 12 = 18; 2 used in February; on 1 April the 4 carried days not used expire = 12', async () => {
    at('2024-01-02T02:00:00Z');
    expect(
      (
        await call(policyPut, {
          method: 'PUT',
          token: adminToken,
          body: { ...POLICY, carryOverMaxDays: 6, carryOverExpiryMonth: 3, carryOverExpiryDay: 31 },
        })
      ).status,
    ).toBe(200);
    const { user } = await employee('2024-01-10');
    const type = await annual();
    expect(await balanceAt(user.id, '2025-01-10')).toBe(12);
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type.id, kind: 'deduction', days: -4, effectiveDate: dateKeyToDate('2025-05-05') },
    });
    expect(await balanceAt(user.id, '2025-12-31')).toBe(8);
    expect(await balanceAt(user.id, '2026-01-01')).toBe(18);
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type.id, kind: 'deduction', days: -2, effectiveDate: dateKeyToDate('2026-02-02') },
    });
    expect(await balanceAt(user.id, '2026-03-31')).toBe(16);
    expect(await balanceAt(user.id, '2026-04-01')).toBe(12);
    const expiry = await db.leaveLedgerEntry.findMany({ where: { userId: user.id, kind: 'expiry' }, orderBy: { effectiveDate: 'asc' } });
    expect(expiry.map((e) => [e.days, dateToKey(e.effectiveDate)])).toEqual([
      [-8, '2025-12-31'],
      [-4, '2026-03-31'],
    ]);
    // The expiry date is the first such date after the leave year starts, at the latest the day before the next one.
    expect(carryExpiry({ expiryMonth: 6, expiryDay: 30 }, '2026-08-15', '2027-08-15')).toBe('2027-06-30');
    expect(carryExpiry({ expiryMonth: 1, expiryDay: 1 }, '2026-01-01', '2027-01-01')).toBe('2026-12-31');
  });

  it('a change never rewrites the ledger and counts from the day it is saved: joined 10 May 2020, 1 January basis → switched to the anniversary on 1 March 2026', async () => {
    at('2026-03-01T02:00:00Z');
    const { user } = await employee('2020-05-10');
    // Under 1 January: 12 on 1 January 2024, 2025 and 2026 (two years back at most); each year's 12 close at its end.
    expect(await balanceAt(user.id, '2026-02-28')).toBe(12);
    const before = await db.leaveLedgerEntry.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
    expect(before.filter((r) => r.kind === 'grant').map((r) => dateToKey(r.effectiveDate))).toEqual(
      expect.arrayContaining(['2024-01-01', '2025-01-01', '2026-01-01']),
    );
    expect((await call(policyPut, { method: 'PUT', token: adminToken, body: { ...POLICY, grantBasis: 'ulang_tahun_kerja' } })).status).toBe(
      200,
    );
    // No anniversary before 1 March 2026 is written (10 May 2024, 10 May 2025), nothing is changed.
    expect(await balanceAt(user.id, '2026-05-09')).toBe(12);
    const after = await db.leaveLedgerEntry.findMany({
      where: { userId: user.id, id: { in: before.map((r) => r.id) } },
      orderBy: { id: 'asc' },
    });
    expect(after).toEqual(before);
    expect(await db.leaveLedgerEntry.count({ where: { userId: user.id } })).toBe(before.length);
    // 10 May 2026 starts a leave year: the 12 left close and 12 arrive. The 12 of 1 January 2026 were given
    // 4 months before, less than six (docs/leave.md, "A grant lasts at least six months"): they come back
    // whole, cap 0 or not, until 30 June 2026 (1 January + 6 months − 1 day, also the policy's date) = 24.
    // On 1 July the 12 carried days, none used, expire = 12; no 1 January grant in 2027.
    expect(await balanceAt(user.id, '2026-05-10')).toBe(24);
    expect(await balanceAt(user.id, '2026-07-01')).toBe(12);
    expect(await balanceAt(user.id, '2027-01-01')).toBe(12);
    const added = await db.leaveLedgerEntry.findMany({
      where: { userId: user.id, id: { notIn: before.map((r) => r.id) } },
      orderBy: [{ effectiveDate: 'asc' }, { kind: 'asc' }],
    });
    expect(added.map((r) => [r.kind, r.days, dateToKey(r.effectiveDate), r.expiresAt && dateToKey(r.expiresAt)])).toEqual([
      ['expiry', -12, '2026-05-09', null],
      ['grant', 12, '2026-05-10', null],
      ['carry_over', 12, '2026-05-10', '2026-06-30'],
      ['expiry', -12, '2026-06-30', null],
    ]);
  });
});

describe('leave types: every field editable, checked and audited', () => {
  it('the admin changes every field of Cuti Menikah (one audit row with all of them before and after); refusals change nothing', async () => {
    // HR keeps the leave types too (docs/roles.md): an employee is the one refused.
    const { token: hrToken } = await createUser({ role: 'employee' });
    const menikah = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'menikah' } });
    const all = {
      name: 'Cuti Pernikahan',
      category: 'cuti',
      deductsBalance: true,
      quotaPerEvent: 4,
      maxDays: 5,
      halfDayAllowed: true,
      hourlyAllowed: true,
      attachmentRequired: true,
      attachmentFromDays: 2,
      calendarDays: true,
      minNoticeDays: 14,
      paid: false,
      active: false,
    };
    expect((await call(updateTypeRoute, { method: 'PUT', token: hrToken, params: { id: menikah.id }, body: all })).status).toBe(403);
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { quotaPerYear: 12 },
        'quotaPerYear',
        'Kuota per tahun hanya untuk Cuti Tahunan (jenis lain yang memotong saldo memakai saldo cuti tahunan)',
      ],
      [
        { attachmentRequired: false, attachmentFromDays: 2 },
        'attachmentFromDays',
        'Lampiran mulai hari ke- hanya diisi bila lampiran wajib',
      ],
      [{ maxDays: 3 }, 'maxDays', 'Durasi maksimal tidak boleh kurang dari kuota per peristiwa'],
      [{ legacyType: 'lainnya' }, 'legacyType', 'Jenis (type) bawaan ini tidak dapat diubah'],
      [{ quotaPerEvent: 0 }, 'quotaPerEvent', 'Kuota per peristiwa antara 0,5 dan 366 hari'],
      [{ minNoticeDays: 1.5 }, 'minNoticeDays', 'Pemberitahuan minimal harus bilangan bulat'],
    ];
    for (const [change, field, message] of refusals) {
      const res = await call(updateTypeRoute, {
        method: 'PUT',
        token: adminToken,
        params: { id: menikah.id },
        body: { ...all, ...change },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { id: menikah.id } })).toEqual(menikah);
    expect(await db.auditLog.count({ where: { kind: 'leave_type.update', entityId: menikah.id } })).toBe(0);
    try {
      const ok = await call(updateTypeRoute, { method: 'PUT', token: adminToken, params: { id: menikah.id }, body: all });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ ...all, code: 'menikah', legacyType: 'keluarga' });
      const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'leave_type.update', entityId: menikah.id } });
      expect(audit.before).toMatchObject({ name: 'Cuti Menikah', deductsBalance: false, quotaPerEvent: 3, active: true });
      expect(audit.after).toMatchObject(all);
      // Leaving fields out keeps them; switching the attachment off clears its day.
      const partial = await call(updateTypeRoute, {
        method: 'PUT',
        token: adminToken,
        params: { id: menikah.id },
        body: { name: 'Cuti Pernikahan', category: 'cuti', attachmentRequired: false },
      });
      expect(partial.body).toMatchObject({ attachmentRequired: false, attachmentFromDays: null, quotaPerEvent: 4, minNoticeDays: 14 });
      expect(await db.auditLog.count({ where: { kind: 'leave_type.update', entityId: menikah.id } })).toBe(2);
    } finally {
      await db.leaveTypeConfig.update({
        where: { id: menikah.id },
        data: { ...menikah, id: undefined, createdAt: undefined, updatedAt: undefined },
      });
    }
    const tahunan = await annual();
    const off = await call(updateTypeRoute, {
      method: 'PUT',
      token: adminToken,
      params: { id: tahunan.id },
      body: { name: tahunan.name, category: 'cuti', deductsBalance: false },
    });
    expect(off.body.fields.deductsBalance).toBe('Cuti Tahunan selalu memotong saldo');
    const dup = await call(updateTypeRoute, {
      method: 'PUT',
      token: adminToken,
      params: { id: menikah.id },
      body: { name: 'cuti tahunan', category: 'cuti' },
    });
    expect(dup.status).toBe(409);
  });
});

describe('hourly permissions', () => {
  it('Izin Jam deducts nothing by default; once its type deducts, 4 hours of an 8-hour day (08:00-17:00 less an hour) take 0,5 day and a cancellation gives it back', async () => {
    const { user, token } = await employee('2025-01-01');
    const { token: hrToken } = await createUser({ role: 'hr' });
    const izin = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'izin_jam' } });
    expect(await dailyHours(user.id, '2026-11-24')).toBe(8);
    const bal = async () => (await call(balanceRoute, { token, params: { userId: user.id } })).body.annual.balance as number;
    expect(await bal()).toBe(12);

    const free = await call(applyRoute, {
      token,
      body: { leaveTypeId: izin.id, startDate: '2026-11-25', endDate: '2026-11-25', hours: 2, reason: REASON },
    });
    expect(free.status).toBe(201);
    expect(
      (await call(statusRoute, { method: 'PUT', token: hrToken, params: { id: free.body.id }, body: { status: 'approved' } })).status,
    ).toBe(200);
    expect(await bal()).toBe(12);
    expect(await db.leaveLedgerEntry.count({ where: { leaveId: free.body.id } })).toBe(0);

    const put = await call(updateTypeRoute, {
      method: 'PUT',
      token: adminToken,
      params: { id: izin.id },
      body: { name: izin.name, category: 'izin', deductsBalance: true },
    });
    expect(put.status).toBe(200);
    expect(await db.auditLog.count({ where: { kind: 'leave_type.update', entityId: izin.id } })).toBe(1);
    try {
      const res = await call(applyRoute, {
        token,
        body: { leaveTypeId: izin.id, startDate: '2026-11-24', endDate: '2026-11-24', hours: 4, reason: REASON },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ days: 0, hours: 4 });
      expect(
        (await call(statusRoute, { method: 'PUT', token: hrToken, params: { id: res.body.id }, body: { status: 'approved' } })).status,
      ).toBe(200);
      expect(await bal()).toBe(11.5);
      // A minute later: the clock is frozen, and the two ledger rows' order below is by createdAt.
      vi.setSystemTime(Date.now() + 60_000);
      const cancelled = await call(cancelRoute, { token: hrToken, params: { id: res.body.id }, body: {} });
      expect(cancelled.status).toBe(200);
      expect(await bal()).toBe(12);
      const rows = await db.leaveLedgerEntry.findMany({ where: { leaveId: res.body.id }, orderBy: { createdAt: 'asc' } });
      expect(rows.map((r) => [r.kind, r.days, r.leaveTypeId])).toEqual([
        ['deduction', -0.5, (await annual()).id],
        ['reversal', 0.5, (await annual()).id],
      ]);

      // 12 days left = 96 hours: 8 hours more than a working day is not a permission (max 8), but a balance of 0,25 day refuses 4 hours.
      await db.leaveLedgerEntry.create({
        data: {
          userId: user.id,
          leaveTypeId: (await annual()).id,
          kind: 'adjustment',
          days: -11.75,
          effectiveDate: dateKeyToDate('2026-11-23'),
          note: 'Saldo uji',
        },
      });
      const short = await call(applyRoute, {
        token,
        body: { leaveTypeId: izin.id, startDate: '2026-11-26', endDate: '2026-11-26', hours: 4, reason: REASON },
      });
      expect(short.status).toBe(422);
      expect(short.body.error).toBe('Sisa cuti tahunan tidak mencukupi: sisa 0,25 hari, diajukan 4 jam (0,5 hari)');
    } finally {
      await db.leaveTypeConfig.update({ where: { id: izin.id }, data: { deductsBalance: false } });
    }
  });
});

describe('the employee cancels an approved leave', () => {
  it('when the policy allows: 23-27 November 2026 (5 days) approved → 7 left; cancelled on the 23rd, the 24th-27th come back = 11 and the leave ends on the 23rd; a leave wholly ahead comes back whole', async () => {
    const { user, token } = await employee('2025-01-01');
    const { token: hrToken } = await createUser({ role: 'hr' });
    const bal = async () => (await call(balanceRoute, { token, params: { userId: user.id } })).body.annual.balance as number;
    const leave = await call(applyRoute, { token, body: { type: 'cuti', startDate: '2026-11-23', endDate: '2026-11-27', reason: REASON } });
    expect(leave.status).toBe(201);
    expect(leave.body.days).toBe(5);
    expect(
      (await call(statusRoute, { method: 'PUT', token: hrToken, params: { id: leave.body.id }, body: { status: 'approved' } })).status,
    ).toBe(200);
    expect(await bal()).toBe(7);
    expect((await call(cancelRoute, { token, params: { id: leave.body.id }, body: {} })).status).toBe(403);
    expect(await bal()).toBe(7);

    expect((await call(policyPut, { method: 'PUT', token: adminToken, body: { ...POLICY, employeeCancelApproved: true } })).status).toBe(
      200,
    );
    const cut = await call(cancelRoute, { token, params: { id: leave.body.id }, body: { note: 'Urusan selesai lebih cepat' } });
    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({ status: 'approved', startDate: '2026-11-23', endDate: '2026-11-23', days: 1 });
    expect(await bal()).toBe(11);

    const later = await call(applyRoute, { token, body: { type: 'cuti', startDate: '2026-12-07', endDate: '2026-12-08', reason: REASON } });
    await call(statusRoute, { method: 'PUT', token: hrToken, params: { id: later.body.id }, body: { status: 'approved' } });
    expect(await bal()).toBe(9);
    const whole = await call(cancelRoute, { token, params: { id: later.body.id }, body: {} });
    expect(whole.body.status).toBe('cancelled');
    expect(await bal()).toBe(11);
    // Nothing left to cancel of the first leave: today is already taken.
    expect((await call(cancelRoute, { token, params: { id: leave.body.id }, body: {} })).status).toBe(409);
  });
});
