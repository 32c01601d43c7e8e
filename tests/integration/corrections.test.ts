// Correction requests (Koreksi Absensi, docs/daily-close.md): the request, a single race-free decision,
// the original kept, the trail in the day and the history, an admin's direct correction, attachments.
// Days are recent (corrections reach back 62 days) working days of a Mon–Fri 08:00–17:00 week in WIB.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate, isoWeekday } from '@/lib/dates';
import { GET as listRoute, POST as createRoute } from '@/app/api/corrections/route';
import { PUT as statusRoute } from '@/app/api/corrections/[id]/status/route';
import { GET as attachmentRoute } from '@/app/api/corrections/[id]/attachment/route';
import { POST as closeRoute } from '@/app/api/attendance/close/route';
import { GET as daysRoute } from '@/app/api/attendance/days/[userId]/route';
import { GET as allRoute } from '@/app/api/attendance/all/route';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, hr2: Made, emp: Made;
const JOINED = new Date('2026-01-01T00:00:00Z');
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n').toString('base64')}`;

/** The n-th working day (Mon–Fri) before today in WIB, at least two days back. */
function workingDay(n: number): string {
  let d = addDays(dateKeyInZone(new Date(), 'Asia/Jakarta'), -2);
  for (let seen = 0; ; d = addDays(d, -1)) {
    if (isoWeekday(d) <= 5 && ++seen === n) return d;
  }
}
/** The instant of HH:MM WIB on a date. */
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);

async function day(userId: string, date: string, token = admin.token) {
  const res = await call(daysRoute, {
    token,
    params: { userId },
    path: `/api/attendance/days/${userId}?startDate=${date}&endDate=${date}`,
  });
  expect(res.status).toBe(200);
  return res.body.days[0];
}
const close = (date: string) => call(closeRoute, { method: 'POST', token: admin.token, path: `/api/attendance/close?date=${date}` });

let D1: string, D2: string, D3: string;

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  [admin, hr, hr2, emp] = [
    await createUser({ role: 'admin', name: 'Admin Utama', createdAt: JOINED }),
    await createUser({ role: 'hr', name: 'Hana HR', createdAt: JOINED }),
    await createUser({ role: 'hr', name: 'Heru HR', createdAt: JOINED }),
    await createUser({ name: 'Eka Karyawan', createdAt: JOINED }),
  ];
  [D1, D2, D3] = [workingDay(1), workingDay(2), workingDay(3)];
  // D1: checked in 08:00, forgot to check out. D2 and D3: nothing (alpa).
  await db.attendance.create({
    data: {
      userId: emp.user.id,
      workDate: dateKeyToDate(D1),
      checkInAt: wib(D1, '08:00'),
      checkInLatitude: 0,
      checkInLongitude: 0,
      checkInDistance: 5,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
    },
  });
  for (const d of [D1, D2, D3]) expect((await close(d)).status).toBe(200);
});

describe('correction requests', () => {
  let requestId = '';

  it('the forgotten check-out shows as Lupa check-out in the history', async () => {
    expect(await day(emp.user.id, D1)).toMatchObject({
      status: 'lupa_checkout',
      label: 'Lupa check-out',
      checkOutAt: null,
      correction: null,
    });
    const history = await call(historyRoute, {
      token: emp.token,
      params: { userId: emp.user.id },
      path: `/api/attendance/history/${emp.user.id}?startDate=${D3}&endDate=${D1}`,
    });
    // D1 (the record), D2 and D3 (absent days without a record), newest first.
    expect(history.body.map((e: { date: string; day: { status: string } }) => [e.date, e.day.status])).toEqual([
      [D1, 'lupa_checkout'],
      [D2, 'alpa'],
      [D3, 'alpa'],
    ]);
    expect(history.body[1].checkIn).toBeNull();
    expect(history.headers.get('X-Total-Count')).toBe('3');
    // The admin's Riwayat Absensi lists the same three days; the absent ones have no check-in.
    const all = await call(allRoute, {
      token: hr.token,
      path: `/api/attendance/all?employee=${emp.user.id}&startDate=${D3}&endDate=${D1}`,
    });
    expect(all.body.map((r: { date: string; checkIn: unknown; day: { label: string } }) => [r.date, !!r.checkIn, r.day.label])).toEqual([
      [D1, true, 'Lupa check-out'],
      [D2, false, 'Tidak Hadir'],
      [D3, false, 'Tidak Hadir'],
    ]);
    // Filtering by the face check lists records only.
    expect(
      (
        await call(allRoute, {
          token: hr.token,
          path: `/api/attendance/all?employee=${emp.user.id}&startDate=${D3}&endDate=${D1}&faceStatus=pending`,
        })
      ).body,
    ).toHaveLength(1);
  });

  it('an employee asks to add the check-out, with a reason and an attachment; one pending request per day', async () => {
    const res = await call(createRoute, {
      token: emp.token,
      body: {
        date: D1,
        kind: 'tambah_jam',
        checkOut: '17:30',
        reason: 'Lupa check-out karena rapat sampai sore',
        attachment: { name: 'memo.pdf', data: PDF },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      kind: 'tambah_jam',
      checkOutAt: wib(D1, '17:30').toISOString(),
      checkInAt: null,
      hasAttachment: true,
      requestedBy: 'Eka Karyawan',
    });
    requestId = res.body.id;
    const again = await call(createRoute, {
      token: emp.token,
      body: { date: D1, kind: 'tambah_jam', checkOut: '17:00', reason: 'Pengajuan kedua untuk hari yang sama' },
    });
    expect(again.status).toBe(409);
    // Nothing is applied while pending; no audit row for the employee's own request.
    expect((await day(emp.user.id, D1)).status).toBe('lupa_checkout');
    expect(await db.auditLog.count({ where: { kind: { startsWith: 'attendance.correction' } } })).toBe(0);
    // The attachment: the owner and staff; bad input is refused.
    expect((await call(attachmentRoute, { token: emp.token, params: { id: requestId } })).status).toBe(200);
    expect((await call(attachmentRoute, { token: hr.token, params: { id: requestId } })).status).toBe(200);
    const other = await createUser();
    expect((await call(attachmentRoute, { token: other.token, params: { id: requestId } })).status).toBe(403);
    expect(
      (await call(createRoute, { token: emp.token, body: { date: D2, kind: 'tambah_jam', reason: 'Tanpa jam sama sekali' } })).status,
    ).toBe(400);
    expect(
      (await call(createRoute, { token: emp.token, body: { date: D2, kind: 'dinas_luar', reason: 'Dinas tanpa keterangan' } })).status,
    ).toBe(400);
    expect((await call(createRoute, { token: emp.token, body: { date: D2, kind: 'sanggah_alpa', reason: 'x' } })).status).toBe(400);
    expect(
      (await call(createRoute, { token: emp.token, body: { date: addDays(D1, 10), kind: 'sanggah_alpa', reason: 'Hari yang belum tiba' } }))
        .status,
    ).toBe(422);
    expect(
      (
        await call(createRoute, {
          token: emp.token,
          body: {
            date: D2,
            kind: 'sanggah_alpa',
            reason: 'Lampiran palsu',
            attachment: { name: 'a.pdf', data: Buffer.from('bukan pdf').toString('base64') },
          },
        })
      ).status,
    ).toBe(400);
    // An employee sees only their own requests; HR sees everyone's.
    expect((await call(listRoute, { token: other.token, path: '/api/corrections' })).body).toEqual([]);
    expect(
      (await call(listRoute, { token: hr.token, path: '/api/corrections?status=pending' })).body.map((c: { id: string }) => c.id),
    ).toEqual([requestId]);
  });

  it('HR approves once: the day becomes hadir with the new check-out, the record keeps its original, the trail is shown', async () => {
    expect(
      (await call(statusRoute, { method: 'PUT', token: emp.token, params: { id: requestId }, body: { status: 'approved' } })).status,
    ).toBe(403);
    const [first, second] = await Promise.all([
      call(statusRoute, {
        method: 'PUT',
        token: hr.token,
        params: { id: requestId },
        body: { status: 'approved', note: 'Sesuai notulen rapat' },
      }),
      call(statusRoute, {
        method: 'PUT',
        token: hr2.token,
        params: { id: requestId },
        body: { status: 'approved', note: 'Sesuai notulen rapat' },
      }),
    ]);
    // Two HR officers approve at the same moment: exactly one decision is recorded.
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((first.status === 409 ? first : second).body.code).toBe('CORRECTION_ALREADY_PROCESSED');
    const decider = first.status === 200 ? 'Hana HR' : 'Heru HR';
    expect(await db.auditLog.count({ where: { kind: { startsWith: 'attendance.correction' } } })).toBe(1);
    // In 08:00, out 17:30 against a 08:00–17:00 shift: not late, not early.
    const corrected = await day(emp.user.id, D1);
    expect(corrected).toMatchObject({
      status: 'hadir',
      checkInAt: wib(D1, '08:00').toISOString(),
      checkOutAt: wib(D1, '17:30').toISOString(),
      lateMinutes: 0,
      earlyMinutes: 0,
    });
    expect(corrected.correction).toMatchObject({
      kind: 'tambah_jam',
      reason: 'Lupa check-out karena rapat sampai sore',
      decidedBy: decider,
      requestedBy: 'Eka Karyawan',
      decisionNote: 'Sesuai notulen rapat',
    });
    expect(corrected.correction.original).toMatchObject({
      day: { status: 'lupa_checkout', checkOutAt: null },
      record: { checkOutAt: null },
    });
    // The punch record is never overwritten.
    const rec = await db.attendance.findUniqueOrThrow({ where: { userId_workDate: { userId: emp.user.id, workDate: dateKeyToDate(D1) } } });
    expect(rec.checkOutAt).toBeNull();
    const history = await call(historyRoute, {
      token: emp.token,
      params: { userId: emp.user.id },
      path: `/api/attendance/history/${emp.user.id}?startDate=${D1}&endDate=${D1}`,
    });
    expect(history.body[0].checkOut).toBeNull();
    expect(history.body[0].day).toMatchObject({
      status: 'hadir',
      checkOutAt: wib(D1, '17:30').toISOString(),
      correction: { decidedBy: decider },
    });
  });

  it('nobody decides their own request; a rejected request leaves the day as it was', async () => {
    // Only employees have closed days: HR cannot ask for their own; an employee's own decision is refused above.
    expect(
      (await call(createRoute, { token: hr.token, body: { date: D2, kind: 'sanggah_alpa', reason: 'Saya hadir tetapi lupa absen' } }))
        .status,
    ).toBe(422);
    const contest = await call(createRoute, {
      token: emp.token,
      body: { date: D2, kind: 'sanggah_alpa', reason: 'Saya hadir, mesin absensi bermasalah' },
    });
    const rejected = await call(statusRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: contest.body.id },
      body: { status: 'rejected', note: 'Tidak ada bukti' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', decidedBy: 'Hana HR' });
    expect((await day(emp.user.id, D2)).status).toBe('alpa');
  });

  // HR may correct directly too since HR does the people and time work (docs/roles.md); the access matrix
  // proves both roles' answer and audit row for POST corrections.
  it('an admin corrects a day directly (dinas luar), with the same trail and one audit row', async () => {
    const res = await call(createRoute, {
      token: admin.token,
      body: { userId: emp.user.id, date: D3, kind: 'dinas_luar', note: 'Kunjungan klien di Bekasi', reason: 'Ditugaskan atasan' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'approved', direct: true, decidedBy: 'Admin Utama' });
    expect(await day(emp.user.id, D3)).toMatchObject({
      status: 'dinas_luar',
      label: 'Dinas Luar',
      correction: {
        direct: true,
        note: 'Kunjungan klien di Bekasi',
        reason: 'Ditugaskan atasan',
        original: { day: { status: 'alpa' }, record: null },
      },
    });
    const audit = await db.auditLog.findMany({ where: { kind: 'attendance.correction.direct' } });
    expect(audit.map((a) => [a.actorName, a.targetUserId, a.note])).toEqual([['Admin Utama', emp.user.id, 'Ditugaskan atasan']]);
    // Re-running the close keeps the correction (it is a fact the close reads).
    await close(D3);
    expect((await day(emp.user.id, D3)).status).toBe('dinas_luar');
  });

  it('adding a missing check-in to an absent day makes it present, measured against the shift', async () => {
    const other = await createUser({ name: 'Fajar', createdAt: JOINED });
    await close(D2);
    expect((await day(other.user.id, D2)).status).toBe('alpa');
    const res = await call(createRoute, {
      token: admin.token,
      body: {
        userId: other.user.id,
        date: D2,
        kind: 'tambah_jam',
        checkIn: '08:25',
        checkOut: '16:50',
        reason: 'Mesin absensi rusak hari itu',
      },
    });
    expect(res.status).toBe(201);
    // 08:25 against 08:00: 25 minutes late; 16:50 against 17:00: 10 minutes early.
    expect(await day(other.user.id, D2)).toMatchObject({ status: 'hadir', lateMinutes: 25, earlyMinutes: 10, attendanceId: null });
    expect(await db.attendance.count({ where: { userId: other.user.id } })).toBe(0);
  });

  it('today is classified provisionally by the admin: rows written, the day not claimed, so the real close still runs', async () => {
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    const res = await close(today);
    expect(res.status).toBe(200);
    expect(res.body.offices.every((o: { provisional: boolean }) => o.provisional)).toBe(true);
    expect(await db.dayClose.count({ where: { date: dateKeyToDate(today) } })).toBe(0);
  });
});
