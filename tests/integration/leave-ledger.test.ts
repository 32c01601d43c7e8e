// Leave types, the balance ledger, lengths, cancellation, attachments and two-step approval (docs/leave.md).
// Every figure is worked out by hand from the 2026 SKB calendar that the migrations install:
// cuti bersama 2026 = 16 Feb, 18 Mar, 20 Mar, 23 Mar, 24 Mar, 15 May, 28 May, 24 Dec (8 weekdays);
// the default schedule works Monday to Friday.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as cancelRoute } from '@/app/api/leaves/[id]/cancel/route';
import { GET as attachmentRoute } from '@/app/api/leaves/[id]/attachment/route';
import { GET as balanceRoute } from '@/app/api/leaves/balance/[userId]/route';
import { POST as adjustRoute } from '@/app/api/leaves/balance/[userId]/adjust/route';
import { GET as typesRoute, POST as createTypeRoute } from '@/app/api/leave-types/route';
import { PUT as updateTypeRoute } from '@/app/api/leave-types/[id]/route';
import { GET as calendarRoute } from '@/app/api/leaves/calendar/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { balanceOf, ensureLedger } from '@/features/leave/server/leave-ledger';
import { grantFor } from '@/features/leave/lib/ledger-rules';
import { leaveLength } from '@/features/leave/server/leave';
import { call, createUser } from '../helpers';

const REASON = 'Keperluan keluarga di kampung halaman';
const annual = () => db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
const setPolicy = (data: Parameters<typeof db.settings.update>[0]['data']) => db.settings.update({ where: { id: 1 }, data });
async function employee(joinDate: string | null, extra: { supervisorId?: string } = {}) {
  const made = await createUser({ name: 'Karyawan Uji' });
  await db.user.update({ where: { id: made.user.id }, data: { joinDate: joinDate ? dateKeyToDate(joinDate) : null, ...extra } });
  return made;
}
const apply = (token: string, body: Record<string, unknown>) => call(applyRoute, { token, body: { reason: REASON, ...body } });
const decide = (token: string, id: string, status: string) => call(statusRoute, { method: 'PUT', token, params: { id }, body: { status } });
const balance = async (token: string, userId: string) =>
  (await call(balanceRoute, { token, params: { userId } })).body.annual.balance as number;

// Monday 23 November 2026, 09:00 WIB.
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
  await setPolicy({
    cutiBersamaPolicy: 'potong_cuti',
    leaveEligibility: 'setelah_12_bulan',
    leaveCarryOverMax: 0,
    leaveCarryOverExpiryMonth: 6,
    leaveEmployeeCancelApproved: false,
  });
});
afterEach(() => vi.useRealTimers());

describe('entitlement: an employee who joined 15 March 2025', () => {
  it('the law: nothing before 15 March 2026, 12 days from then; pro rata: 9 days in 2025 (April-December), 12 in 2026', () => {
    expect(grantFor('setelah_12_bulan', '2025-03-15', 2025, 12)).toBeNull();
    expect(grantFor('setelah_12_bulan', '2025-03-15', 2026, 12)).toEqual({ days: 12, effective: '2026-03-15' });
    expect(grantFor('setelah_12_bulan', '2025-03-15', 2027, 12)).toEqual({ days: 12, effective: '2027-01-01' });
    expect(grantFor('pro_rata', '2025-03-15', 2025, 12)).toEqual({ days: 9, effective: '2025-03-15' });
    expect(grantFor('pro_rata', '2025-03-01', 2025, 12)).toEqual({ days: 10, effective: '2025-03-01' });
    expect(grantFor('pro_rata', '2025-03-15', 2026, 12)).toEqual({ days: 12, effective: '2026-01-01' });
  });

  it('ledger under the law (cuti bersama libur): 0 on 14 March 2026, 12 on 15 March 2026, and ensuring twice never doubles', async () => {
    await setPolicy({ cutiBersamaPolicy: 'libur' });
    const { user } = await employee('2025-03-15');
    const type = await annual();
    await ensureLedger(user.id, '2026-03-14');
    expect(await balanceOf(db, user.id, type.id)).toBe(0);
    await ensureLedger(user.id, '2026-03-15');
    await ensureLedger(user.id, '2026-03-15');
    expect(await balanceOf(db, user.id, type.id)).toBe(12);
    expect(await db.leaveLedgerEntry.count({ where: { userId: user.id } })).toBe(1);
  });

  it('pro rata with carry-over (cap 6, until 30 June): 9 in 2025; on 2 Jan 2026 the 9 close, 6 come back, 12 granted = 18; 2 used in Feb; on 1 July the 4 unused carried days expire = 12', async () => {
    await setPolicy({ cutiBersamaPolicy: 'libur', leaveEligibility: 'pro_rata', leaveCarryOverMax: 6 });
    const { user } = await employee('2025-03-15');
    const type = await annual();
    await ensureLedger(user.id, '2025-06-01');
    expect(await balanceOf(db, user.id, type.id)).toBe(9);
    await ensureLedger(user.id, '2026-01-02');
    expect(await balanceOf(db, user.id, type.id)).toBe(18);
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type.id, kind: 'deduction', days: -2, effectiveDate: dateKeyToDate('2026-02-10') },
    });
    await ensureLedger(user.id, '2026-06-30');
    expect(await balanceOf(db, user.id, type.id)).toBe(16);
    await ensureLedger(user.id, '2026-07-01');
    await ensureLedger(user.id, '2026-07-02');
    expect(await balanceOf(db, user.id, type.id)).toBe(12);
    const expiry = await db.leaveLedgerEntry.findMany({ where: { userId: user.id, kind: 'expiry' }, orderBy: { effectiveDate: 'asc' } });
    expect(expiry.map((e) => [e.days, e.effectiveDate.toISOString().slice(0, 10)])).toEqual([
      [-9, '2025-12-31'],
      [-4, '2026-06-30'],
    ]);
  });
});

describe('cuti bersama', () => {
  it('potong_cuti: 12 − 8 = 4 for an employee eligible all 2026; working on 15 May gives that day back (5); libur and masuk: 12', async () => {
    const type = await annual();
    const { user } = await employee('2025-01-01');
    await ensureLedger(user.id, '2026-11-23');
    expect(await balanceOf(db, user.id, type.id)).toBe(4);
    await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate('2026-05-15'),
        checkInAt: new Date('2026-05-15T01:00:00Z'),
        checkInLatitude: -6.2,
        checkInLongitude: 106.8,
        checkInDistance: 10,
      },
    });
    await ensureLedger(user.id, '2026-11-23');
    await ensureLedger(user.id, '2026-11-23');
    expect(await balanceOf(db, user.id, type.id)).toBe(5);
    for (const policy of ['libur', 'masuk'] as const) {
      await setPolicy({ cutiBersamaPolicy: policy });
      const { user: other } = await employee('2025-01-01');
      await ensureLedger(other.id, '2026-11-23');
      expect(await balanceOf(db, other.id, type.id)).toBe(12);
    }
  });
});

describe('a close counts the cuti bersama of its year (docs/leave.md, "The order of a close")', () => {
  it('joined 1 March 2024, potong_cuti: 12 on 1 March 2025, 10 cuti bersama after it (28 Mar, 2, 3, 4, 7 Apr, 13, 30 May, 9 Jun, 18 Aug, 26 Dec) → 2 close on 31 December 2025; 2026: 12 − 8 = 4, and a 4-day leave is accepted', async () => {
    const { user, token } = await employee('2024-03-01');
    const type = await annual();
    await ensureLedger(user.id, '2026-11-23');
    const rows = await db.leaveLedgerEntry.findMany({ where: { userId: user.id }, orderBy: [{ effectiveDate: 'asc' }, { kind: 'asc' }] });
    expect(rows.filter((r) => r.kind === 'cuti_bersama' && r.effectiveDate < dateKeyToDate('2026-01-01'))).toHaveLength(10);
    // Before the fix the close ran before these rows were written and took 12: −6.
    expect(rows.filter((r) => r.kind === 'expiry').map((r) => [r.days, dateToKey(r.effectiveDate)])).toEqual([[-2, '2025-12-31']]);
    expect(await balanceOf(db, user.id, type.id)).toBe(4);
    expect(await balance(token, user.id)).toBe(4);
    // 30 November-3 December 2026 (Monday-Thursday) = 4 working days: the whole balance.
    expect((await apply(token, { type: 'cuti', startDate: '2026-11-30', endDate: '2026-12-03' })).status).toBe(201);
    // Run again: nothing changes, nothing is corrected.
    expect(await ensureLedger(user.id, '2026-11-23')).toBe(0);
    expect(await db.leaveLedgerEntry.count({ where: { userId: user.id } })).toBe(rows.length);
  });
});

describe('a grant lasts at least six months (docs/leave.md)', () => {
  it('joined 15 November 2025, carry-over 0 until 31 March: 12 on 15 November 2026, 24 December takes 1 → 11; on 1 January 2027 the 11 come back whole until 14 May 2027 + 12 = 23; 3 used in February; on 15 May the 8 unused expire = 12', async () => {
    await setPolicy({ leaveCarryOverExpiryMonth: 3, leaveCarryOverExpiryDay: 31 });
    const { user } = await employee('2025-11-15');
    const type = await annual();
    const at = async (asOf: string) => {
      await ensureLedger(user.id, asOf);
      return balanceOf(db, user.id, type.id);
    };
    expect(await at('2026-11-14')).toBe(0);
    expect(await at('2026-11-15')).toBe(11);
    expect(await at('2026-12-31')).toBe(11);
    // Before: the 11 closed on 31 December, six and a half weeks after the grant, and 1 January brought 12.
    expect(await at('2027-01-01')).toBe(23);
    await db.leaveLedgerEntry.create({
      data: { userId: user.id, leaveTypeId: type.id, kind: 'deduction', days: -3, effectiveDate: dateKeyToDate('2027-02-08') },
    });
    expect(await at('2027-05-14')).toBe(20);
    expect(await at('2027-05-15')).toBe(12);
    const rows = await db.leaveLedgerEntry.findMany({ where: { userId: user.id }, orderBy: [{ effectiveDate: 'asc' }, { kind: 'asc' }] });
    expect(rows.map((r) => [r.kind, r.days, dateToKey(r.effectiveDate), r.expiresAt && dateToKey(r.expiresAt)])).toEqual([
      ['grant', 12, '2026-11-15', null],
      ['cuti_bersama', -1, '2026-12-24', null],
      ['expiry', -11, '2026-12-31', null],
      ['grant', 12, '2027-01-01', null],
      ['carry_over', 11, '2027-01-01', '2027-05-14'],
      ['deduction', -3, '2027-02-08', null],
      ['expiry', -8, '2027-05-14', null],
    ]);
  });
});

describe('length of a leave', () => {
  it('16-27 March 2026 (Nyepi, Idul Fitri and its cuti bersama inside): 5 working days; under masuk 9; in calendar days 12', async () => {
    const { user } = await employee('2025-01-01');
    expect(await leaveLength(user.id, { calendarDays: false }, '2026-03-16', '2026-03-27')).toBe(5);
    expect(await leaveLength(user.id, { calendarDays: true }, '2026-03-16', '2026-03-27')).toBe(12);
    expect(await leaveLength(user.id, { calendarDays: false }, '2026-03-16', '2026-03-16', { halfDay: 'pagi' })).toBe(0.5);
    await setPolicy({ cutiBersamaPolicy: 'masuk' });
    expect(await leaveLength(user.id, { calendarDays: false }, '2026-03-16', '2026-03-27')).toBe(9);
  });
});

describe('apply, approve, cancel', () => {
  it('21-31 Dec 2026 is 7 working days; refused on a balance of 4, accepted after +3, approved to 0, cancelled back to 7', async () => {
    const { user, token } = await employee('2025-01-01');
    const { token: hrToken } = await createUser({ role: 'hr' });
    const { token: adminToken } = await createUser({ role: 'admin' });
    expect(await balance(token, user.id)).toBe(4);
    const refused = await apply(token, { type: 'cuti', startDate: '2026-12-21', endDate: '2026-12-31' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'LEAVE_BALANCE', error: 'Sisa cuti tahunan tidak mencukupi: sisa 4 hari, diajukan 7 hari' });

    const noReason = await call(adjustRoute, { token: adminToken, params: { userId: user.id }, body: { days: 3 } });
    expect(noReason.status).toBe(400);
    const adjusted = await call(adjustRoute, {
      token: adminToken,
      params: { userId: user.id },
      body: { days: 3, reason: 'Kompensasi lembur akhir tahun' },
    });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.annual.balance).toBe(7);
    expect(
      await db.auditLog.count({ where: { kind: 'leave.balance_adjust', targetUserId: user.id, note: 'Kompensasi lembur akhir tahun' } }),
    ).toBe(1);

    const ok = await apply(token, { type: 'cuti', startDate: '2026-12-21', endDate: '2026-12-31' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ days: 7, category: 'cuti', leaveTypeName: 'Cuti Tahunan', awaiting: 'hr' });
    expect((await decide(hrToken, ok.body.id, 'approved')).status).toBe(200);
    expect(await balance(token, user.id)).toBe(0);

    // The cancel comes an hour later (the clock is frozen: without this the two ledger rows would share
    // their createdAt and their order below would be the database's choice).
    vi.setSystemTime(new Date('2026-11-23T03:00:00Z'));
    // The employee may not cancel an approved leave unless the company allows it.
    expect((await call(cancelRoute, { token, params: { id: ok.body.id }, body: {} })).status).toBe(403);
    const cancelled = await call(cancelRoute, { token: hrToken, params: { id: ok.body.id }, body: { note: 'Acara dibatalkan' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await balance(token, user.id)).toBe(7);
    const rows = await db.leaveLedgerEntry.findMany({ where: { leaveId: ok.body.id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.kind, r.days])).toEqual([
      ['deduction', -7],
      ['reversal', 7],
    ]);
  });

  it('refuses a short notice, an excess over the quota, overlap; the employee cancels a pending request', async () => {
    const { token } = await employee('2025-01-01');
    const { token: adminToken } = await createUser({ role: 'admin' });
    const types = (await call(typesRoute, { token })).body as { id: string; code: string; name: string; minNoticeDays: number }[];
    expect(types.map((t) => t.name)).toContain('Cuti Tahunan');
    const menikah = types.find((t) => t.code === 'menikah')!;
    const tooMany = await apply(token, { leaveTypeId: menikah.id, startDate: '2027-01-04', endDate: '2027-01-07' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toBe('Melebihi kuota Cuti Menikah: maksimal 3 hari, diajukan 4 hari');

    const tahunan = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tahunan' } });
    const put = await call(updateTypeRoute, {
      method: 'PUT',
      token: adminToken,
      params: { id: tahunan.id },
      body: { name: 'Cuti Tahunan', category: 'cuti', deductsBalance: true, quotaPerYear: 12, halfDayAllowed: true, minNoticeDays: 7 },
    });
    expect(put.status).toBe(200);
    try {
      const short = await apply(token, { type: 'cuti', startDate: '2026-11-26', endDate: '2026-11-26' });
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('Cuti Tahunan harus diajukan paling lambat 7 hari sebelum tanggal mulai');
    } finally {
      await db.leaveTypeConfig.update({ where: { id: tahunan.id }, data: { minNoticeDays: 0 } });
    }
    const pagi = await apply(token, { type: 'cuti', startDate: '2026-12-01', endDate: '2026-12-01', halfDay: 'pagi' });
    expect(pagi.status).toBe(201);
    expect(pagi.body.days).toBe(0.5);
    expect((await apply(token, { type: 'cuti', startDate: '2026-12-01', endDate: '2026-12-01', halfDay: 'siang' })).status).toBe(201);
    const clash = await apply(token, { type: 'cuti', startDate: '2026-12-01', endDate: '2026-12-02' });
    expect(clash.status).toBe(409);
    const withdrawn = await call(cancelRoute, { token, params: { id: pagi.body.id }, body: {} });
    expect(withdrawn.body.status).toBe('cancelled');
  });

  it('20 parallel approvals on a balance of 5: exactly 5 approved, the balance ends at 0', async () => {
    const { user } = await employee(null);
    const { token: hrToken } = await createUser({ role: 'hr' });
    const type = await annual();
    await db.leaveLedgerEntry.create({
      data: {
        userId: user.id,
        leaveTypeId: type.id,
        kind: 'adjustment',
        days: 5,
        effectiveDate: dateKeyToDate('2026-11-23'),
        note: 'Saldo uji',
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const day = dateKeyToDate(`2027-03-${String(i + 1).padStart(2, '0')}`);
      const r = await db.leaveRequest.create({
        data: { userId: user.id, type: 'cuti', leaveTypeId: type.id, startDate: day, endDate: day, days: 1, reason: REASON },
      });
      ids.push(r.id);
    }
    const results = await Promise.all(ids.map((id) => decide(hrToken, id, 'approved')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.code === 'LEAVE_BALANCE')).toBe(true);
    expect(results.filter((r) => r.status === 422)).toHaveLength(15);
    expect(await balanceOf(db, user.id, type.id)).toBe(0);
    expect(await db.leaveRequest.count({ where: { userId: user.id, status: 'approved' } })).toBe(5);
  });
});

describe('attachments and the two-step approval', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64');
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex').toString('base64');

  it('sick leave of 2 days needs a letter; the type is read from the bytes; owner, HR and admin may open it, nobody else', async () => {
    const { user, token } = await employee('2025-01-01');
    const { token: otherToken } = await createUser();
    const { token: hrToken } = await createUser({ role: 'hr' });
    const base = { type: 'sakit', startDate: '2026-11-24', endDate: '2026-11-25' };
    const missing = await apply(token, base);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Lampiran (surat dokter) wajib untuk Sakit untuk 2 hari atau lebih');
    const fake = await apply(token, {
      ...base,
      attachment: { name: 'surat.pdf', data: Buffer.from('bukan pdf sama sekali').toString('base64') },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.error).toBe('Lampiran harus berupa PDF, JPEG, PNG atau WebP');
    const big = await apply(token, {
      ...base,
      attachment: { name: 'besar.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64') },
    });
    expect(big.status).toBe(413);
    const png = await apply(token, {
      type: 'sakit',
      startDate: '2026-11-30',
      endDate: '2026-12-01',
      attachment: { name: 'foto.pdf', data: PNG },
    });
    expect(png.status).toBe(201);
    expect((await db.leaveRequest.findUniqueOrThrow({ where: { id: png.body.id } })).attachmentMime).toBe('image/png');
    const ok = await apply(token, { ...base, attachment: { name: 'surat-dokter.pdf', data: `data:application/pdf;base64,${PDF}` } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ hasAttachment: true, category: 'sakit', days: 2 });
    expect(await balance(token, user.id)).toBe(4);
    for (const t of [token, hrToken]) {
      const file = await call(attachmentRoute, { token: t, params: { id: ok.body.id } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
    }
    expect((await call(attachmentRoute, { token: otherToken, params: { id: ok.body.id } })).status).toBe(403);
  });

  it('supervisor first, then HR; every step recorded; nobody decides their own request; half a day takes 0.5', async () => {
    const { user: boss, token: bossToken } = await employee('2024-01-01');
    const { user, token } = await employee('2025-01-01', { supervisorId: boss.id });
    const { token: hrToken } = await createUser({ role: 'hr' });
    const res = await apply(token, { type: 'cuti', startDate: '2026-11-27', endDate: '2026-11-27', halfDay: 'siang' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ days: 0.5, awaiting: 'atasan' });
    expect((await decide(token, res.body.id, 'approved')).status).toBe(403);
    const early = await decide(hrToken, res.body.id, 'approved');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(
      'Pengajuan menunggu persetujuan atasan terlebih dahulu. Untuk memutuskan menggantikan atasan, isi alasannya.',
    );
    const first = await decide(bossToken, res.body.id, 'approved');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'pending', awaiting: 'hr' });
    expect((await decide(bossToken, res.body.id, 'approved')).status).toBe(403);
    const team = await call(calendarRoute, { token: bossToken, path: '/api/leaves/calendar?month=2026-11' });
    expect(team.status).toBe(200);
    expect(team.body.days.find((d: { date: string }) => d.date === '2026-11-27').entries[0]).toMatchObject({
      userId: user.id,
      halfDay: 'siang',
      status: 'pending',
    });
    const last = await decide(hrToken, res.body.id, 'approved');
    expect(last.status).toBe(200);
    expect(last.body.status).toBe('approved');
    expect(last.body.steps.map((s: { step: string; decision: string }) => `${s.step}:${s.decision}`)).toEqual([
      'atasan:approve',
      'hr:approve',
    ]);
    expect(await balance(token, user.id)).toBe(3.5);
    expect(await db.auditLog.count({ where: { entityId: res.body.id, kind: 'leave.approve' } })).toBe(2);
    expect((await call(calendarRoute, { token, path: '/api/leaves/calendar?month=2026-11' })).status).toBe(403);
  });

  it('admins add and edit types (audited); employees cannot', async () => {
    const { token } = await createUser();
    const { token: adminToken } = await createUser({ role: 'admin' });
    const body = { name: 'Cuti Ibadah Haji', category: 'cuti', maxDays: 40, calendarDays: true, attachmentRequired: true };
    expect((await call(createTypeRoute, { token, body })).status).toBe(403);
    const made = await call(createTypeRoute, { token: adminToken, body });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'Cuti Ibadah Haji', maxDays: 40, deductsBalance: false, legacyType: 'keluarga' });
    expect((await call(createTypeRoute, { token: adminToken, body })).status).toBe(409);
    expect(await db.auditLog.count({ where: { kind: 'leave_type.create', entityId: made.body.id } })).toBe(1);
  });
});

describe('the balance says what it leaves out (issue 35)', () => {
  it('on 23 Nov 2026 a balance of 4 already takes 24 Dec (cuti bersama); 2 days + a morning pending leave 1,5 to ask for', async () => {
    const { user, token } = await employee('2025-01-01');
    const read = async () => (await call(balanceRoute, { token, params: { userId: user.id } })).body.annual;
    // 12 granted on 1 January 2026, minus the 8 cuti bersama weekdays of 2026 (24 December among them).
    expect(await read()).toMatchObject({ balance: 4, pending: 0, available: 4, futureCutiBersama: { days: 1, dates: ['2026-12-24'] } });
    // Monday 30 Nov and Tuesday 1 Dec: 2 working days; Thursday 3 Dec, the morning only: 0.5.
    expect((await apply(token, { type: 'cuti', startDate: '2026-11-30', endDate: '2026-12-01' })).status).toBe(201);
    expect((await apply(token, { type: 'cuti', startDate: '2026-12-03', endDate: '2026-12-03', halfDay: 'pagi' })).status).toBe(201);
    // Pending requests take nothing yet: the balance stays 4, 2.5 wait, 4 − 2.5 = 1.5 can still be asked for.
    expect(await read()).toMatchObject({ balance: 4, pending: 2.5, available: 1.5, futureCutiBersama: { days: 1, dates: ['2026-12-24'] } });
  });
});
