// Overtime over the API on the real database (docs/overtime.md): the caps refused with their message,
// payable time = approved window ∩ punches, one approval among parallel ones, supervisor then HR,
// assignments with consent, and one audit row per success, none per refusal. Figures worked by hand.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate, instantInZone, isoWeekday } from '@/lib/dates';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';
import * as overtime from '@/app/api/overtime/route';
import * as status from '@/app/api/overtime/[id]/status/route';
import * as consent from '@/app/api/overtime/[id]/consent/route';
import * as recap from '@/app/api/overtime/recap/[userId]/route';
import * as recapMonth from '@/app/api/recap/route';
import { overtimeFiguresForRange } from '@/features/overtime/server/overtime-figures';

const WIB = 'Asia/Jakarta';
const today = () => dateKeyInZone(new Date(), WIB);
const step = (from: string, dir: 1 | -1, weekday: (w: number) => boolean) => {
  let d = from;
  while (!weekday(isoWeekday(d))) d = addDays(d, dir);
  return d;
};
const at = (date: string, hhmm: string) => instantInZone(date, hhmm, WIB);
type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, officeId: string;
const auditCount = (kind = 'overtime') => db.auditLog.count({ where: { kind: { startsWith: kind } } });
const employee = async (name = 'Karyawan Lembur') => createUser({ name, createdAt: new Date(Date.now() - 200 * 86_400_000) });
const ask = (token: string, body: Record<string, unknown>) =>
  call(overtime.POST, { token, body: { reason: 'Menyelesaikan laporan bulanan', ...body } });
// A rejection carries its reason (docs/leave.md, "A reason on every rejection").
const decide = (token: string, id: string, s: 'approved' | 'rejected') =>
  call(status.PUT, { method: 'PUT', token, params: { id }, body: { status: s, ...(s === 'rejected' ? { note: 'Tidak mendesak' } : {}) } });
const list = (token: string, userId: string) => call(overtime.GET, { token, path: `/api/overtime?userId=${userId}` });

beforeAll(async () => {
  const office = await configureMainOffice({ timezone: WIB, latitude: -6.175392, longitude: 106.827153, radius: 100 });
  officeId = office.id;
  await setDefaultWorkingDays([1, 2, 3, 4, 5], { start: '08:00', end: '17:00' });
  await clearHolidays();
  admin = await createUser({ role: 'admin', name: 'Admin Lembur' });
  hr = await createUser({ role: 'hr', name: 'HR Lembur' });
});

beforeEach(async () => {
  await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 30 } });
});

describe('caps of PP 35/2021 on working days', () => {
  it('refuses over 4 h a day and 18 h a week with the message, allows rest-day overtime outside the cap, writes nothing when refused', async () => {
    const { user, token } = await employee();
    const monday = step(addDays(today(), 1), 1, (w) => w === 1);
    const day = (n: number) => addDays(monday, n);
    const before = { audit: await auditCount(), rows: await db.overtimeRequest.count() };

    // 17:00–21:30 = 4 h 30 min on a working day: over the 4 h daily cap.
    const tooLong = await ask(token, { date: monday, startTime: '17:00', endTime: '21:30' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({
      code: 'OVERTIME_DAILY_CAP',
      error: `Lembur pada hari kerja paling lama 4 jam sehari (PP 35/2021). Pada tanggal ${monday} sudah tercatat 0 menit, sisa 4 jam.`,
    });
    // Starting before the shift's end (17:00) is refused too.
    expect((await ask(token, { date: monday, startTime: '16:00', endTime: '18:00' })).body.code).toBe('OVERTIME_BEFORE_SHIFT_END');
    expect({ audit: await auditCount(), rows: await db.overtimeRequest.count() }).toEqual(before);

    // Exactly 4 h passes; one more hour the same day is refused (4 h used, 0 left).
    const ok = await ask(token, { date: monday, startTime: '17:00', endTime: '21:00' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      userId: user.id,
      minutes: 240,
      dayKind: 'kerja',
      status: 'pending',
      awaiting: 'hr',
      origin: 'request',
      figures: null,
    });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: ok.body.id } })).toMatchObject({
      kind: 'overtime.request',
      actorId: user.id,
      targetUserId: user.id,
    });
    const more = await ask(token, { date: monday, startTime: '21:00', endTime: '22:00' });
    expect(more.body.error).toBe(
      `Lembur pada hari kerja paling lama 4 jam sehari (PP 35/2021). Pada tanggal ${monday} sudah tercatat 4 jam, sisa 0 menit.`,
    );

    // Tuesday–Thursday 4 h each: 16 h in the week. Friday 3 h would make 19 > 18: refused, 2 h left.
    for (const n of [1, 2, 3]) expect((await ask(token, { date: day(n), startTime: '17:00', endTime: '21:00' })).status).toBe(201);
    const friday = await ask(token, { date: day(4), startTime: '17:00', endTime: '20:00' });
    expect(friday.status).toBe(422);
    expect(friday.body).toMatchObject({
      code: 'OVERTIME_WEEKLY_CAP',
      error: `Lembur pada hari kerja paling lama 18 jam seminggu (Senin–Minggu, PP 35/2021). Minggu ${monday} s.d. ${day(6)} sudah tercatat 16 jam, sisa 2 jam.`,
    });
    expect((await ask(token, { date: day(4), startTime: '17:00', endTime: '19:00' })).status).toBe(201);

    // Saturday (a rest day) 10 h: outside the cap. Sunday 12 h 30 min: over the 5-day table's 12 h.
    const saturday = await ask(token, { date: day(5), startTime: '08:00', endTime: '18:00' });
    expect(saturday.body).toMatchObject({ minutes: 600, dayKind: 'istirahat', weekDays: 5 });
    expect((await ask(token, { date: day(6), startTime: '07:00', endTime: '19:30' })).body.code).toBe('OVERTIME_REST_DAY_MAX');
    // Overlapping an existing window: 409.
    expect((await ask(token, { date: day(5), startTime: '10:00', endTime: '11:00' })).status).toBe(409);
    // Six successes (Mon–Fri and Saturday): six audit rows; the six refusals none.
    expect((await auditCount()) - before.audit).toBe(6);
    expect((await db.overtimeRequest.count()) - before.rows).toBe(6);
  });

  it('two requests racing for the last hours of a day: the row lock lets only what fits through', async () => {
    const { token } = await employee();
    const wednesday = step(addDays(today(), 1), 1, (w) => w === 3);
    // Four 2-hour windows at once (the last one across midnight): 4 h fit, so exactly two pass.
    const windows = [
      ['17:00', '19:00'],
      ['19:00', '21:00'],
      ['21:00', '23:00'],
      ['23:00', '01:00'],
    ];
    const answers = await Promise.all(windows.map(([s, e]) => ask(token, { date: wednesday, startTime: s, endTime: e })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'OVERTIME_DAILY_CAP')).toBe(true);
  });
});

describe('payable time and figures', () => {
  it('working day: approved 17:00–20:00 ∩ out at 19:47 = 167 min → 150 → 4.5; rest day 10 h, 5-day week → 23; the recap adds them', async () => {
    const { user, token } = await employee();
    const workday = step(addDays(today(), -2), -1, (w) => w <= 5);
    const saturday = step(addDays(today(), -1), -1, (w) => w === 6);
    await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate(workday),
        checkInAt: at(workday, '07:55'),
        checkOutAt: at(workday, '19:47'),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 0,
        shiftStart: '08:00',
        shiftEnd: '17:00',
        dayStatus: 'kerja',
        officeId,
      },
    });
    await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate(saturday),
        checkInAt: at(saturday, '06:50'),
        checkOutAt: at(saturday, '17:05'),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 0,
        dayStatus: 'istirahat',
        officeId,
      },
    });
    const a = await ask(token, { date: workday, startTime: '17:00', endTime: '20:00' });
    const b = await ask(token, { date: saturday, startTime: '07:00', endTime: '17:00' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await decide(hr.token, a.body.id, 'approved')).body).toMatchObject({
      status: 'approved',
      processedByName: 'HR Lembur',
      figures: {
        state: 'dihitung',
        workedMinutes: 167,
        payableMinutes: 150,
        classes: [
          { multiplier: 1.5, minutes: 60 },
          { multiplier: 2, minutes: 90 },
        ],
        equivalentHours: 4.5,
      },
    });
    await decide(admin.token, b.body.id, 'approved');
    const mine = await list(token, user.id);
    expect(mine.body.find((o: { id: string }) => o.id === b.body.id).figures).toMatchObject({
      workedMinutes: 600,
      payableMinutes: 600,
      equivalentHours: 23,
    });

    // The recap: 150 + 600 = 750 min; 1.5 ×: 60, 2 ×: 90 + 480 = 570, 3 ×: 60, 4 ×: 60; 4.5 + 23 = 27.5.
    const range = { startDate: addDays(today(), -20), endDate: today() };
    const r = await call(recap.GET, {
      token,
      params: { userId: user.id },
      path: `/api/overtime/recap/${user.id}?startDate=${range.startDate}&endDate=${range.endDate}`,
    });
    expect(r.body).toMatchObject({
      payableMinutes: 750,
      classes: [
        { multiplier: 1.5, minutes: 60 },
        { multiplier: 2, minutes: 570 },
        { multiplier: 3, minutes: 60 },
        { multiplier: 4, minutes: 60 },
      ],
      equivalentHours: 27.5,
      openDays: 0,
      roundingMinutes: 30,
    });

    // Figures follow the policy and the punches: rounding to 15 gives 165 → 1.5 + 3.5 = 5 on the working day.
    await db.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: 15 } });
    const again = await overtimeFiguresForRange(user.id, workday, workday);
    expect([again.payableMinutes, again.equivalentHours]).toEqual([165, 5]);
  });

  it('a day without check-out has nothing payable until an approved correction adds the check-out', async () => {
    const { user, token } = await employee();
    const workday = step(addDays(today(), -2), -1, (w) => w <= 5);
    const att = await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate(workday),
        checkInAt: at(workday, '08:00'),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 0,
        shiftStart: '08:00',
        shiftEnd: '17:00',
        dayStatus: 'kerja',
        officeId,
      },
    });
    const a = await ask(token, { date: workday, startTime: '17:00', endTime: '19:00' });
    const approved = await decide(hr.token, a.body.id, 'approved');
    expect(approved.body.figures).toMatchObject({ state: 'belum_checkout', payableMinutes: 0, equivalentHours: 0 });
    expect((await overtimeFiguresForRange(user.id, workday, workday)).openDays).toBe(1);
    // A pending correction changes nothing; once approved its check-out counts (the record stays as it
    // was): 18:30 → 90 min → 1 × 1.5 + 0.5 × 2 = 2.5.
    const fix = await db.attendanceCorrection.create({
      data: {
        userId: user.id,
        date: dateKeyToDate(workday),
        kind: 'tambah_jam',
        attendanceId: att.id,
        checkOutAt: at(workday, '18:30'),
        reason: 'Lupa check-out setelah lembur',
        requestedByName: user.name,
      },
    });
    expect((await overtimeFiguresForRange(user.id, workday, workday)).openDays).toBe(1);
    await db.attendanceCorrection.update({
      where: { id: fix.id },
      data: { status: 'approved', decidedAt: new Date(), decidedByName: 'HR Lembur' },
    });
    expect(await overtimeFiguresForRange(user.id, workday, workday)).toMatchObject({
      payableMinutes: 90,
      equivalentHours: 2.5,
      openDays: 0,
    });
    expect((await db.attendance.findUniqueOrThrow({ where: { id: att.id } })).checkOutAt).toBeNull();
  });
});

describe('one payable time on the Lembur page and Rekap Bulanan', () => {
  it('a corrected check-out and a rejected record count the same on both: 17:00–20:00 ∩ out corrected 17:40 → 19:20 = 140 min → 120 → 1 × 1.5 + 1 × 2 = 3.5; the rejected day 0 (the raw punches gave 30 and 120)', async () => {
    const { user, token } = await employee('Karyawan Koreksi Lembur');
    // Two working days of one month, at least two days ago (the later first).
    let corrected = step(addDays(today(), -2), -1, (w) => w <= 5);
    let rejected = step(addDays(corrected, -1), -1, (w) => w <= 5);
    while (rejected.slice(0, 7) !== corrected.slice(0, 7)) {
      corrected = rejected;
      rejected = step(addDays(corrected, -1), -1, (w) => w <= 5);
    }
    const punch = (date: string, inAt: string, outAt: string, extra: Record<string, unknown> = {}) =>
      db.attendance.create({
        data: {
          userId: user.id,
          workDate: dateKeyToDate(date),
          checkInAt: at(date, inAt),
          checkOutAt: at(date, outAt),
          checkInLatitude: 0,
          checkInLongitude: 0,
          checkInDistance: 0,
          shiftStart: '08:00',
          shiftEnd: '17:00',
          dayStatus: 'kerja',
          officeId,
          ...extra,
        },
      });
    // The machine recorded 17:40; HR approved a correction of the check-out to 19:20.
    const att = await punch(corrected, '07:58', '17:40');
    await db.attendanceCorrection.create({
      data: {
        userId: user.id,
        date: dateKeyToDate(corrected),
        kind: 'tambah_jam',
        attendanceId: att.id,
        checkOutAt: at(corrected, '19:20'),
        reason: 'Mesin mencatat check-out terlalu awal',
        requestedByName: user.name,
        status: 'approved',
        decidedAt: new Date(),
        decidedByName: 'HR Lembur',
      },
    });
    // A record whose face review was rejected is no presence: 08:00–19:00 counts for nothing.
    await punch(rejected, '08:00', '19:00', { reviewDecision: 'rejected' });
    const a = await ask(token, { date: corrected, startTime: '17:00', endTime: '20:00' });
    const b = await ask(token, { date: rejected, startTime: '17:00', endTime: '19:00' });
    for (const r of [a, b]) expect((await decide(hr.token, r.body.id, 'approved')).status).toBe(200);

    // Lembur: per row. Corrected: 17:00–19:20 = 140 min, rounded down to 30 → 120: 60 × 1.5 + 60 × 2 = 3.5.
    const rows = (await list(token, user.id)).body as { id: string; figures: { payableMinutes: number; state: string } }[];
    expect(rows.find((r) => r.id === a.body.id)!.figures).toMatchObject({
      state: 'dihitung',
      workedMinutes: 140,
      payableMinutes: 120,
      equivalentHours: 3.5,
    });
    expect(rows.find((r) => r.id === b.body.id)!.figures).toMatchObject({ state: 'tidak_hadir', payableMinutes: 0 });
    const month = corrected.slice(0, 7);
    const last = `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
    const lembur = await overtimeFiguresForRange(user.id, `${month}-01`, last);
    // Rekap Bulanan of that month: the same 120 minutes and 3.5 equivalent hours (before, from the raw
    // punches: 17:00–17:40 = 40 → 30 min and 17:00–19:00 = 120 min, 150 min and 0.75 + 3.5 = 4.25).
    const recapRow = (await call(recapMonth.GET, { token: hr.token, path: `/api/recap?month=${month}` })).body.rows.find(
      (r: { userId: string }) => r.userId === user.id,
    );
    expect(recapRow.overtime).toEqual({
      payableMinutes: 120,
      equivalentHours: 3.5,
      classes: [
        { multiplier: 1.5, minutes: 60, hours: 1 },
        { multiplier: 2, minutes: 60, hours: 1 },
      ],
    });
    expect([lembur.payableMinutes, lembur.equivalentHours, lembur.classes]).toEqual([
      recapRow.overtime.payableMinutes,
      recapRow.overtime.equivalentHours,
      recapRow.overtime.classes.map(({ multiplier, minutes }: { multiplier: number; minutes: number }) => ({ multiplier, minutes })),
    ]);
  });
});

describe('decisions', () => {
  it('twenty parallel approvals by HR and an admin: exactly one succeeds, one audit row', async () => {
    const { token } = await employee();
    const date = step(addDays(today(), 1), 1, (w) => w === 6);
    const req = await ask(token, { date, startTime: '09:00', endTime: '13:00' });
    const before = await auditCount('overtime.approve');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(i % 2 ? hr.token : admin.token, req.body.id, 'approved')),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'OVERTIME_ALREADY_PROCESSED')).toBe(true);
    expect((await auditCount('overtime.approve')) - before).toBe(1);
    // Decided once: a later rejection is refused and writes nothing.
    expect((await decide(hr.token, req.body.id, 'rejected')).status).toBe(409);
    expect((await auditCount('overtime.approve')) - before).toBe(1);
  });

  it('nobody decides their own; an employee cannot decide; a rejection is audited with the note', async () => {
    const own = await ask(hr.token, { date: step(addDays(today(), 1), 1, (w) => w === 6), startTime: '09:00', endTime: '11:00' });
    expect(own.status).toBe(201);
    const before = await auditCount();
    expect((await decide(hr.token, own.body.id, 'approved')).status).toBe(403);
    const { token: other } = await employee('Rekan Kerja');
    expect((await decide(other, own.body.id, 'approved')).status).toBe(403);
    expect(await auditCount()).toBe(before);
    const rejected = await call(status.PUT, {
      method: 'PUT',
      token: admin.token,
      params: { id: own.body.id },
      body: { status: 'rejected', note: 'Tidak ada pekerjaan mendesak' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', decisionNote: 'Tidak ada pekerjaan mendesak', figures: null });
    const row = await db.auditLog.findFirstOrThrow({ where: { kind: 'overtime.reject', entityId: own.body.id } });
    expect(row).toMatchObject({ actorId: admin.user.id, targetUserId: hr.user.id, note: 'Tidak ada pekerjaan mendesak' });
  });

  it('with a supervisor: the supervisor first, then HR; the supervisor sees the team', async () => {
    const boss = await employee('Atasan Gudang');
    const { user, token } = await employee('Staf Gudang');
    await db.user.update({ where: { id: user.id }, data: { supervisorId: boss.user.id } });
    const req = await ask(token, { date: step(addDays(today(), 1), 1, (w) => w === 6), startTime: '09:00', endTime: '12:00' });
    expect(req.body.awaiting).toBe('atasan');
    expect((await decide(hr.token, req.body.id, 'approved')).body.code).toBe('OVERTIME_AWAITING_SUPERVISOR');
    expect((await list(boss.token, user.id)).body.map((o: { id: string }) => o.id)).toEqual([req.body.id]);
    const first = await decide(boss.token, req.body.id, 'approved');
    expect(first.body).toMatchObject({ status: 'pending', awaiting: 'hr' });
    expect((await decide(boss.token, req.body.id, 'approved')).status).toBe(403);
    expect((await decide(hr.token, req.body.id, 'approved')).body.status).toBe('approved');
    const rows = await db.auditLog.findMany({ where: { entityId: req.body.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.kind, r.actorId, (r.after as { step: string } | null)?.step])).toEqual([
      ['overtime.request', user.id, undefined],
      ['overtime.approve', boss.user.id, 'atasan'],
      ['overtime.approve', hr.user.id, 'hr'],
    ]);
    // Someone else's employee: a supervisor of nobody on that user is refused.
    const { token: stranger } = await employee('Bukan Atasan');
    expect((await list(stranger, user.id)).status).toBe(403);
  });

  it("an assignment (SPKL) waits for the employee's consent, which approves it; declining rejects it", async () => {
    const { user, token } = await employee('Staf Lapangan');
    const date = step(addDays(today(), 1), 1, (w) => w === 2);
    const assigned = await call(overtime.POST, {
      token: admin.token,
      body: {
        userId: user.id,
        date,
        startTime: '17:00',
        endTime: '19:00',
        reason: 'Pengiriman barang ke klien',
        orderNumber: 'SPKL/2026/011',
      },
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toMatchObject({
      origin: 'assignment',
      orderNumber: 'SPKL/2026/011',
      awaiting: 'karyawan',
      consentAt: null,
      createdByName: 'Admin Lembur',
    });
    // Not approvable by HR, not acceptable by anyone but the employee.
    expect((await decide(hr.token, assigned.body.id, 'approved')).body.code).toBe('OVERTIME_AWAITING_CONSENT');
    const { token: other } = await employee('Orang Lain');
    expect((await call(consent.POST, { token: other, params: { id: assigned.body.id }, body: { accept: true } })).status).toBe(403);
    const accepted = await call(consent.POST, { token, params: { id: assigned.body.id }, body: { accept: true } });
    expect(accepted.body).toMatchObject({ status: 'approved', processedByName: 'Admin Lembur' });
    expect(accepted.body.consentAt).toBeTruthy();
    expect((await call(consent.POST, { token, params: { id: assigned.body.id }, body: { accept: false } })).status).toBe(409);
    expect(
      await db.auditLog.findMany({ where: { entityId: assigned.body.id }, select: { kind: true, actorId: true }, orderBy: { id: 'asc' } }),
    ).toEqual([
      { kind: 'overtime.assign', actorId: admin.user.id },
      { kind: 'overtime.consent', actorId: user.id },
    ]);

    const second = await call(overtime.POST, {
      token: hr.token,
      body: { userId: user.id, date, startTime: '19:00', endTime: '20:00', reason: 'Rapat evaluasi proyek' },
    });
    const declined = await call(consent.POST, {
      token,
      params: { id: second.body.id },
      body: { accept: false, note: 'Ada acara keluarga' },
    });
    expect(declined.body).toMatchObject({ status: 'rejected', decisionNote: 'Ada acara keluarga' });
    // An employee cannot assign overtime to someone else.
    expect(
      (
        await call(overtime.POST, {
          token,
          body: { userId: hr.user.id, date, startTime: '17:00', endTime: '18:00', reason: 'Coba menugaskan' },
        })
      ).status,
    ).toBe(403);
  });
});
