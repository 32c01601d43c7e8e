// Cuti Pengganti (docs/leave.md, docs/overtime.md "Cuti pengganti"): the company's choice for work on a
// rest day or holiday, approved overtime converted to a ledger credit with an expiry instead of being
// paid (never both), the credit used like any leave, expired by the daily jobs, refused in a closed month.
//
// Company schedule Mon–Fri 08:00–17:00, rounding 30 minutes, no holidays. SAT = the last Saturday before
// today (a rest day), FRI = the day before it.
//   Sari, SAT: record 08:00–16:30, approved overtime 08:00–16:30 on a rest day (5-day week): 510 minutes
//     payable = 480 × 2 + 30 × 3 → 16 + 1.5 = 17.5 equivalent hours. Converted: ⌊510 / 240⌋ × 0.5 = 1 day,
//     valid until SAT + 90 days.
//   Sari, FRI: record 08:00–19:00, approved overtime 17:00–19:00 on a working day: 120 minutes = 60 × 1.5 +
//     60 × 2 = 3.5 equivalent hours; under 4 hours: not convertible (half a day needs 240 payable minutes).
//   After the conversion her month pays FRI only: 120 minutes, 3.5 equivalent hours (SAT would have added
//     510 minutes and 17.5 hours); her Cuti Pengganti balance is 1, her annual balance unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { runDailyJobs } from '@/features/daily-close/server/daily-jobs';
import { expireCompensatory } from '@/features/leave/server/leave-compensatory';
import { GET as typesRoute } from '@/app/api/leave-types/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as leaveStatusRoute } from '@/app/api/leaves/[id]/status/route';
import { GET as balanceRoute } from '@/app/api/leaves/balance/[userId]/route';
import { POST as convertRoute } from '@/app/api/overtime/[id]/convert/route';
import { GET as overtimeRecapRoute } from '@/app/api/overtime/recap/[userId]/route';
import { GET as recapRoute } from '@/app/api/recap/route';
import * as overtimeSettings from '@/app/api/settings/overtime/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, sari: Made, tono: Made;
let office: string;
const TZ = 'Asia/Jakarta';
const today = dateKeyInZone(new Date(), TZ);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
let SAT = addDays(today, -1);
while (weekday(SAT) !== 6) SAT = addDays(SAT, -1);
const FRI = addDays(SAT, -1);
/** The first two working days after today: the leave's dates. */
let D1 = addDays(today, 1);
while (weekday(D1) === 0 || weekday(D1) === 6) D1 = addDays(D1, 1);
let D2 = addDays(D1, 1);
while (weekday(D2) === 0 || weekday(D2) === 6) D2 = addDays(D2, 1);
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

async function worked(userId: string, date: string, inAt: string, outAt: string, dayStatus: string) {
  await db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: at(date, inAt),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 0,
      checkOutAt: at(date, outAt),
      checkOutLatitude: 0,
      checkOutLongitude: 0,
      checkOutDistance: 0,
      officeId: office,
      dayStatus,
      shiftStart: dayStatus === 'kerja' ? '08:00' : null,
      shiftEnd: dayStatus === 'kerja' ? '17:00' : null,
    },
  });
}

async function approvedOvertime(userId: string, date: string, start: string, end: string, dayKind: 'kerja' | 'istirahat') {
  const row = await db.overtimeRequest.create({
    data: {
      userId,
      date: dateKeyToDate(date),
      startTime: start,
      endTime: end,
      startAt: at(date, start),
      endAt: at(date, end),
      minutes: Math.round((at(date, end).getTime() - at(date, start).getTime()) / 60000),
      dayKind,
      weekDays: 5,
      timezone: TZ,
      shiftStart: dayKind === 'kerja' ? '08:00' : null,
      shiftEnd: dayKind === 'kerja' ? '17:00' : null,
      reason: 'Stok opname gudang',
      status: 'approved',
      createdById: userId,
      createdByName: 'Karyawan',
      consentAt: new Date(),
    },
  });
  return row.id;
}

const convert = (token: string, id: string) =>
  call(convertRoute, { token, params: { id }, path: `/api/overtime/${id}/convert`, method: 'POST' });
const balance = async (u: Made) => (await call(balanceRoute, { token: u.token, params: { userId: u.user.id } })).body;
const setCompensation = (compensation: string) => call(overtimeSettings.PUT, { method: 'PUT', token: admin.token, body: { compensation } });
let typeId = '';
let satId = '';
let friId = '';

beforeAll(async () => {
  await clearHolidays();
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: TZ });
  office = (await getMainOffice()).id;
  const joined = new Date('2026-01-01T00:00:00Z');
  admin = await createUser({ role: 'admin', name: 'Admin', createdAt: joined });
  hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt: joined });
  sari = await createUser({ name: 'Sari', createdAt: joined });
  tono = await createUser({ name: 'Tono', createdAt: joined });
  await db.user.updateMany({ where: { id: { in: [sari.user.id, tono.user.id] } }, data: { homeOfficeId: office } });
  await worked(sari.user.id, SAT, '08:00', '16:30', 'istirahat');
  satId = await approvedOvertime(sari.user.id, SAT, '08:00', '16:30', 'istirahat');
  await worked(sari.user.id, FRI, '08:00', '19:00', 'kerja');
  friId = await approvedOvertime(sari.user.id, FRI, '17:00', '19:00', 'kerja');
});

describe('Cuti Pengganti', () => {
  it('is a leave type of its own, code cuti_pengganti, in GET /api/leave-types', async () => {
    const res = await call(typesRoute, { token: sari.token });
    expect(res.status).toBe(200);
    const type = res.body.find((t: { code: string }) => t.code === 'cuti_pengganti');
    expect(type).toMatchObject({ name: 'Cuti Pengganti', category: 'cuti', deductsBalance: false, halfDayAllowed: true, active: true });
    typeId = type.id;
  });

  it('under the default (upah) overtime is paid and cannot be converted', async () => {
    const res = await convert(sari.token, satId);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('OVERTIME_NOT_CONVERTIBLE');
    expect((await db.overtimeRequest.findUniqueOrThrow({ where: { id: satId } })).convertedAt).toBeNull();
    expect(await db.leaveLedgerEntry.count({ where: { leaveTypeId: typeId } })).toBe(0);
  });

  it("under the employee's choice: 510 rest-day minutes become 1 day valid 90 days, and are no longer paid", async () => {
    const put = await setCompensation('pilihan');
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ compensation: 'pilihan', compensatoryExpiryDays: 90 });
    const paidBefore = await call(overtimeRecapRoute, {
      token: sari.token,
      params: { userId: sari.user.id },
      path: `/api/overtime/recap/${sari.user.id}?startDate=${FRI}&endDate=${SAT}`,
    });
    expect(paidBefore.body).toMatchObject({ payableMinutes: 630, equivalentHours: 21 }); // 120 + 510; 3.5 + 17.5

    // Nobody converts someone else's overtime but admin and HR; under 4 payable hours nothing converts.
    expect((await convert(tono.token, satId)).status).toBe(403);
    const short = await convert(sari.token, friId);
    expect(short.status).toBe(422);
    expect(short.body.error).toContain('Lembur 2 jam belum cukup');

    const res = await convert(sari.token, satId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: satId, convertedMinutes: 510, convertedDays: 1 });
    // Never both: a second conversion is refused, and the pay leaves SAT out.
    const again = await convert(hr.token, satId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('OVERTIME_ALREADY_PROCESSED');
    expect(await db.leaveLedgerEntry.count({ where: { leaveTypeId: typeId, userId: sari.user.id } })).toBe(1);
    const paidAfter = await call(overtimeRecapRoute, {
      token: sari.token,
      params: { userId: sari.user.id },
      path: `/api/overtime/recap/${sari.user.id}?startDate=${FRI}&endDate=${SAT}`,
    });
    expect(paidAfter.body).toMatchObject({ payableMinutes: 120, equivalentHours: 3.5 });
    for (const month of new Set([FRI.slice(0, 7), SAT.slice(0, 7)])) {
      const row = (await call(recapRoute, { token: hr.token, path: `/api/recap?month=${month}` })).body.rows.find(
        (r: { userId: string }) => r.userId === sari.user.id,
      );
      // SAT's month never pays SAT's 510 minutes; FRI's pays its 120.
      expect(row.overtime.payableMinutes).toBe(month === FRI.slice(0, 7) ? 120 : 0);
    }

    const b = await balance(sari);
    expect(b.compensatory).toMatchObject({ leaveTypeId: typeId, name: 'Cuti Pengganti', balance: 1 });
    expect(b.compensatory.credits).toEqual([
      expect.objectContaining({ days: 1, remaining: 1, effectiveDate: SAT, expiresAt: addDays(SAT, 90) }),
    ]);
  });

  it('is used like any leave: applied, approved, taken from its own credits (not the annual balance)', async () => {
    const annualBefore = (await balance(sari)).annual.balance;
    const apply = await call(applyRoute, {
      token: sari.token,
      body: { leaveTypeId: typeId, startDate: D1, endDate: D1, reason: 'Ganti hari kerja Sabtu' },
    });
    expect(apply.status).toBe(201);
    // The one day is spoken for at approval; a second day is more than the credit holds.
    const decided = await call(leaveStatusRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: apply.body._id ?? apply.body.id },
      body: { status: 'approved' },
    });
    expect(decided.status).toBe(200);
    const second = await call(applyRoute, {
      token: sari.token,
      body: { leaveTypeId: typeId, startDate: D2, endDate: D2, reason: 'Ganti hari kerja Sabtu' },
    });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe('LEAVE_BALANCE');
    expect(second.body.error).toContain('Sisa cuti pengganti');
    const b = await balance(sari);
    expect(b.compensatory.balance).toBe(0);
    expect(b.compensatory.credits).toEqual([]);
    expect(b.annual.balance).toBe(annualBefore);
  });

  it('a credit past its last day expires in the daily jobs; under the cuti setting they convert worked rest days', async () => {
    // Tono: 0.5 day earned 100 days ago (valid to yesterday) and 1 day valid 30 more days.
    const base = { userId: tono.user.id, leaveTypeId: typeId, kind: 'grant' as const };
    const old = await db.leaveLedgerEntry.create({
      data: { ...base, days: 0.5, effectiveDate: dateKeyToDate(addDays(today, -100)), expiresAt: dateKeyToDate(addDays(today, -1)) },
    });
    await db.leaveLedgerEntry.create({
      data: { ...base, days: 1, effectiveDate: dateKeyToDate(addDays(today, -60)), expiresAt: dateKeyToDate(addDays(today, 30)) },
    });
    // Tono worked SAT 09:00–13:00 (240 minutes, 8 equivalent hours): under `cuti` the jobs make it 0.5 day.
    await worked(tono.user.id, SAT, '09:00', '13:00', 'istirahat');
    const tonoSat = await approvedOvertime(tono.user.id, SAT, '09:00', '13:00', 'istirahat');
    expect((await setCompensation('cuti')).status).toBe(200);

    const ran = await runDailyJobs(today);
    expect(ran.map((r) => r.job)).toContain('leave_ledger');
    const expiry = await db.leaveLedgerEntry.findMany({ where: { userId: tono.user.id, kind: 'expiry', leaveTypeId: typeId } });
    expect(expiry).toMatchObject([{ days: -0.5, period: old.id }]);
    expect(await db.overtimeRequest.findUniqueOrThrow({ where: { id: tonoSat } })).toMatchObject({
      convertedDays: 0.5,
      convertedMinutes: 240,
    });
    expect(await db.auditLog.count({ where: { kind: 'overtime.convert', entityId: tonoSat, actorId: null } })).toBe(1);
    // 0.5 − 0.5 expired + 1 + 0.5 converted = 1.5; once expired, never twice.
    expect((await balance(tono)).compensatory.balance).toBe(1.5);
    expect(await expireCompensatory(today)).toBe(0);
  });

  it('a conversion inside a closed month is refused with the period message', async () => {
    // August 2026: Tono's worked Saturday 1 August, 08:00–12:00 (240 minutes), then the month is closed.
    await worked(tono.user.id, '2026-08-01', '08:00', '12:00', 'istirahat');
    const id = await approvedOvertime(tono.user.id, '2026-08-01', '08:00', '12:00', 'istirahat');
    const closed = await call(closePeriodRoute, {
      token: admin.token,
      params: { month: '2026-08' },
      body: { override: true, reason: 'Gaji harus dibayar tepat waktu' },
    });
    expect(closed.status).toBe(200);
    const res = await convert(tono.token, id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PERIOD_CLOSED', error: 'Periode Agustus 2026 sudah ditutup.' });
    expect((await db.overtimeRequest.findUniqueOrThrow({ where: { id } })).convertedAt).toBeNull();
  });
});
