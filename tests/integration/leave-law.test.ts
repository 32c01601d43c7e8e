// Leave types where the law gives the figure (docs/leave.md, "Leave types" and "Length"), on the real
// database with the migrations' defaults:
//   - Cuti Melahirkan is 3 calendar months (up to 6 with a doctor's letter), not 90 days;
//   - Cuti Keguguran (the worker's own) 1.5 months, always with the doctor's or midwife's letter;
//   - Cuti Haid: days 1 and 2, paid, not from the annual balance;
//   - Istri Melahirkan/Keguguran: 2 days plus up to 3 by agreement = 5;
//   - the migration that set these leaves a type a company edited exactly as it was.
// Today is Monday 23 November 2026, 09:00 WIB; the default schedule works Monday to Friday. Every length
// is counted by hand on a calendar in the comments.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { GET as balanceRoute } from '@/app/api/leaves/balance/[userId]/route';
import { GET as typesRoute, POST as createTypeRoute } from '@/app/api/leave-types/route';
import { PUT as updateTypeRoute } from '@/app/api/leave-types/[id]/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { call, createUser, setDefaultWorkingDays } from '../helpers';

const REASON = 'Keperluan yang diatur undang-undang';
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;
const LETTER = { name: 'surat-dokter.pdf', data: PDF };
const typeId = async (code: string) => (await db.leaveTypeConfig.findUniqueOrThrow({ where: { code } })).id;
const apply = (token: string, body: Record<string, unknown>) => call(applyRoute, { token, body: { reason: REASON, ...body } });
async function employee() {
  const made = await createUser({ name: 'Karyawan Hak Cuti' });
  await db.user.update({ where: { id: made.user.id }, data: { joinDate: dateKeyToDate('2025-01-01') } });
  return made;
}
type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made;

beforeAll(async () => {
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  admin = await createUser({ role: 'admin', name: 'Admin Jenis Cuti' });
  hr = await createUser({ role: 'hr', name: 'HR Jenis Cuti' });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the defaults of a new installation', () => {
  it('Melahirkan in months (3, up to 6, a letter from 3.5), Keguguran 1.5 months with a letter, Haid 2 days, Istri Melahirkan up to 5', async () => {
    const types = (await call(typesRoute, { token: admin.token })).body as Record<string, unknown>[];
    const byCode = Object.fromEntries(types.map((t) => [t.code, t]));
    expect(byCode.melahirkan).toMatchObject({
      name: 'Cuti Melahirkan',
      durationUnit: 'bulan',
      calendarDays: true,
      quotaPerEvent: 3,
      maxDays: 6,
      attachmentRequired: true,
      attachmentFromDays: 3.5,
      deductsBalance: false,
      paid: true,
    });
    expect(byCode.keguguran).toMatchObject({
      name: 'Cuti Keguguran',
      category: 'cuti',
      durationUnit: 'bulan',
      calendarDays: true,
      quotaPerEvent: 1.5,
      maxDays: 3,
      attachmentRequired: true,
      attachmentFromDays: null,
      deductsBalance: false,
      paid: true,
      active: true,
    });
    expect(byCode.haid).toMatchObject({
      name: 'Cuti Haid',
      category: 'cuti',
      durationUnit: 'hari',
      calendarDays: true,
      quotaPerEvent: 2,
      maxDays: 2,
      attachmentRequired: false,
      deductsBalance: false,
      paid: true,
      active: true,
    });
    expect(byCode.istri_melahirkan).toMatchObject({ durationUnit: 'hari', quotaPerEvent: 2, maxDays: 5, calendarDays: false });
    // The other defaults stay in days.
    expect(byCode.menikah).toMatchObject({ durationUnit: 'hari', quotaPerEvent: 3, maxDays: 3 });
  });
});

describe('the migration on an existing installation', () => {
  // The statements after the schema change: they bring the defaults to the law, touching no edited row.
  const sql = readFileSync(path.join(process.cwd(), 'prisma/migrations/20261126080000_leave_types_law/migration.sql'), 'utf8');
  const dataStatements = sql
    .slice(sql.indexOf('UPDATE'))
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const runData = async () => {
    for (const s of dataStatements) await db.$executeRawUnsafe(s);
  };

  it('untouched defaults move to the law; an edited type, a removed-and-renamed one and a company type of the same name are left alone', async () => {
    expect(dataStatements).toHaveLength(3);
    // As the first migration left Cuti Melahirkan (90 days, up to 180, a letter from day 91): moved to months.
    await db.leaveTypeConfig.update({
      where: { code: 'melahirkan' },
      data: { durationUnit: 'hari', quotaPerEvent: 90, maxDays: 180, attachmentFromDays: 91 },
    });
    // A company that gave Istri Melahirkan 3 days keeps its 3.
    await db.leaveTypeConfig.update({ where: { code: 'istri_melahirkan' }, data: { maxDays: 3 } });
    // A company that already had its own "cuti haid" under another code: no second one.
    await db.leaveTypeConfig.delete({ where: { code: 'haid' } });
    await db.leaveTypeConfig.create({
      data: { code: 'menstruasi', name: 'CUTI HAID', category: 'izin', legacyType: 'lainnya', quotaPerEvent: 1, maxDays: 1 },
    });
    // Keguguran renamed by the company: kept as it is, not added again.
    await db.leaveTypeConfig.update({ where: { code: 'keguguran' }, data: { name: 'Gugur Kandungan', maxDays: 2 } });
    const before = await db.leaveTypeConfig.count();

    await runData();
    await runData(); // twice: nothing changes the second time

    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'melahirkan' } })).toMatchObject({
      durationUnit: 'bulan',
      quotaPerEvent: 3,
      maxDays: 6,
      attachmentFromDays: 3.5,
    });
    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'istri_melahirkan' } })).toMatchObject({ maxDays: 3 });
    expect(await db.leaveTypeConfig.findUnique({ where: { code: 'haid' } })).toBeNull();
    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'menstruasi' } })).toMatchObject({ name: 'CUTI HAID', maxDays: 1 });
    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'keguguran' } })).toMatchObject({
      name: 'Gugur Kandungan',
      maxDays: 2,
    });
    expect(await db.leaveTypeConfig.count()).toBe(before);

    // A missing default comes back once; an edited Melahirkan (4 months by the company) is not touched.
    await db.leaveTypeConfig.delete({ where: { code: 'menstruasi' } });
    await db.leaveTypeConfig.update({ where: { code: 'melahirkan' }, data: { quotaPerEvent: 4 } });
    await runData();
    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'haid' } })).toMatchObject({ name: 'Cuti Haid', maxDays: 2 });
    expect(await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'melahirkan' } })).toMatchObject({ quotaPerEvent: 4, maxDays: 6 });

    // Back to the defaults for the tests below.
    await db.leaveTypeConfig.update({ where: { code: 'melahirkan' }, data: { quotaPerEvent: 3 } });
    await db.leaveTypeConfig.update({ where: { code: 'istri_melahirkan' }, data: { maxDays: 5 } });
    await db.leaveTypeConfig.update({ where: { code: 'keguguran' }, data: { name: 'Cuti Keguguran', maxDays: 3 } });
  });
});

describe('applying', () => {
  it('Cuti Melahirkan from 1 July 2027: to 30 September is 3 months (92 days) without a letter; a day more needs one; past 6 months refused', async () => {
    const melahirkan = await typeId('melahirkan');
    const a = await employee();
    // 1 July - 30 September 2027 = 31 + 31 + 30 = 92 calendar days = 3 months: the old 90-day type asked a letter here.
    const three = await apply(a.token, { leaveTypeId: melahirkan, startDate: '2027-07-01', endDate: '2027-09-30' });
    expect(three.status).toBe(201);
    expect(three.body).toMatchObject({ days: 92, hasAttachment: false });

    const b = await employee();
    // 1 July - 1 October = 93 days = 3.5 months (rounded up to half months): from 3.5 months a letter is required.
    const more = await apply(b.token, { leaveTypeId: melahirkan, startDate: '2027-07-01', endDate: '2027-10-01' });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({
      code: 'LEAVE_ATTACHMENT_REQUIRED',
      error: 'Lampiran (surat dokter) wajib untuk Cuti Melahirkan untuk 3,5 bulan atau lebih',
    });
    // 1 July 2027 - 1 January 2028 = 6.5 months: over the 6 the letter allows (1 July + 6 months = 31 December).
    const tooLong = await apply(b.token, { leaveTypeId: melahirkan, startDate: '2027-07-01', endDate: '2028-01-01', attachment: LETTER });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({
      code: 'LEAVE_QUOTA',
      error: 'Melebihi kuota Cuti Melahirkan: maksimal 6 bulan (sampai 31 Des 2027), diajukan 6,5 bulan',
    });
    // To 31 December with the letter: 6 months = 31 + 31 + 30 + 31 + 30 + 31 = 184 days.
    const six = await apply(b.token, { leaveTypeId: melahirkan, startDate: '2027-07-01', endDate: '2027-12-31', attachment: LETTER });
    expect(six.status).toBe(201);
    expect(six.body).toMatchObject({ days: 184, hasAttachment: true });
  });

  it('Cuti Keguguran: 1 December 2026 + 1.5 months = 15 January 2027 (46 days), with the letter; a day more is refused', async () => {
    const keguguran = await typeId('keguguran');
    const { token } = await employee();
    const noLetter = await apply(token, { leaveTypeId: keguguran, startDate: '2026-12-01', endDate: '2027-01-15' });
    expect(noLetter.status).toBe(400);
    expect(noLetter.body.error).toBe('Lampiran (surat dokter) wajib untuk Cuti Keguguran');
    // 1 - 31 December (1 month) + 1 - 15 January (15 days) = 46 days = 1.5 months.
    const ok = await apply(token, { leaveTypeId: keguguran, startDate: '2026-12-01', endDate: '2027-01-15', attachment: LETTER });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ days: 46, category: 'cuti' });
    // The type allows up to 3 months by the letter: 1 February - 2 May 2027 is 3.5 months, refused.
    const over = await apply(token, { leaveTypeId: keguguran, startDate: '2027-02-01', endDate: '2027-05-02', attachment: LETTER });
    expect(over.body).toMatchObject({
      code: 'LEAVE_QUOTA',
      error: 'Melebihi kuota Cuti Keguguran: maksimal 3 bulan (sampai 30 Apr 2027), diajukan 3,5 bulan',
    });
  });

  it('Istri Melahirkan/Keguguran: Monday 30 November - Friday 4 December = 5 working days pass; to Monday 7 December (6) refused', async () => {
    const istri = await typeId('istri_melahirkan');
    const a = await employee();
    const five = await apply(a.token, { leaveTypeId: istri, startDate: '2026-11-30', endDate: '2026-12-04' });
    expect(five.status).toBe(201);
    expect(five.body.days).toBe(5);
    const b = await employee();
    // 30 Nov - 7 Dec: Mon-Fri (5) + Monday 7 (1) = 6 working days; Saturday and Sunday are rest days.
    const six = await apply(b.token, { leaveTypeId: istri, startDate: '2026-11-30', endDate: '2026-12-07' });
    expect(six.status).toBe(422);
    expect(six.body.error).toBe('Melebihi kuota Istri Melahirkan/Keguguran: maksimal 5 hari, diajukan 6 hari');
  });

  it('Cuti Haid: two days, paid, the annual balance untouched by the approval; Friday to Sunday is 3 days of the cycle, refused', async () => {
    const haid = await typeId('haid');
    const { user, token } = await employee();
    const balance = async () => (await call(balanceRoute, { token, params: { userId: user.id } })).body.annual.balance as number;
    const before = await balance();
    // Tuesday 24 - Wednesday 25 November: 2 days.
    const two = await apply(token, { leaveTypeId: haid, startDate: '2026-11-24', endDate: '2026-11-25' });
    expect(two.status).toBe(201);
    expect(two.body).toMatchObject({ days: 2, category: 'cuti' });
    const decided = await call(statusRoute, { method: 'PUT', token: hr.token, params: { id: two.body.id }, body: { status: 'approved' } });
    expect(decided.status).toBe(200);
    expect(await balance()).toBe(before);
    expect(await db.leaveLedgerEntry.count({ where: { leaveId: two.body.id } })).toBe(0);
    // Friday 27 - Sunday 29 November: 3 calendar days (days 1 to 3), though only Friday is a working day.
    const three = await apply(token, { leaveTypeId: haid, startDate: '2026-11-27', endDate: '2026-11-29' });
    expect(three.status).toBe(422);
    expect(three.body.error).toBe('Melebihi kuota Cuti Haid: maksimal 2 hari, diajukan 3 hari');
  });
});

describe('a type in months (Jenis Cuti)', () => {
  it('counts in calendar days, no half days or hours, figures in half months up to 12', async () => {
    const body = { name: 'Cuti Besar', category: 'cuti', durationUnit: 'bulan', calendarDays: true, quotaPerEvent: 2, maxDays: 2 };
    const workDays = await call(createTypeRoute, { token: admin.token, body: { ...body, calendarDays: false } });
    expect(workDays.status).toBe(400);
    expect(workDays.body.error).toBe('Satuan bulan dihitung dengan hari kalender');
    const third = await call(createTypeRoute, { token: admin.token, body: { ...body, maxDays: 2.25 } });
    expect(third.body.error).toBe('Durasi maksimal dalam bulan harus kelipatan 0,5 dan paling banyak 12 bulan');
    const half = await call(createTypeRoute, { token: admin.token, body: { ...body, halfDayAllowed: true } });
    expect(half.body.error).toBe('Jenis cuti dalam bulan tidak dapat diambil setengah hari');
    const made = await call(createTypeRoute, { token: admin.token, body });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ durationUnit: 'bulan', quotaPerEvent: 2 });
    // Back to days with a PUT that leaves the other fields out.
    const back = await call(updateTypeRoute, {
      method: 'PUT',
      token: admin.token,
      params: { id: made.body.id },
      body: { name: 'Cuti Besar', category: 'cuti', durationUnit: 'hari' },
    });
    expect(back.body).toMatchObject({ durationUnit: 'hari', calendarDays: true, quotaPerEvent: 2 });
  });
});
