// Istirahat (docs/calendar.md, "Istirahat"): Mulai/Selesai Istirahat through POST /api/attendance/break on a
// schedule that requires it, with the punch's checks and its refusals (nothing written on any), and the
// figures of a punched break worked out by hand in the histories, the recap, Rekap Saya and the export.
import { beforeAll, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { NextRequest } from 'next/server';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { POST as breakRoute } from '@/app/api/attendance/break/route';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { GET as allRoute } from '@/app/api/attendance/all/route';
import { GET as recapRoute } from '@/app/api/recap/route';
import { GET as employeeRecapRoute } from '@/app/api/recap/[userId]/route';
import { GET as recapExportRoute } from '@/app/api/recap/export/route';
import { db } from '@/lib/server/db';
import { dateKeyInZone, dateKeyToDate, instantInZone } from '@/lib/dates';
import { breakFigures } from '@/features/attendance/lib/breaks';
import { BREAK_MESSAGES } from '@/features/attendance/server/attendance-break';
import { myRecapFigures } from '@/features/recap/lib/my-recap';
import type { EmployeeRecapDto } from '@/features/recap/types/recap';
import { POST as kioskCreateRoute } from '@/app/api/kiosks/route';
import { POST as kioskPairRoute } from '@/app/api/kiosk/pair/route';
import { POST as kioskIdentifyRoute } from '@/app/api/kiosk/identify/route';
import { POST as kioskPunchRoute } from '@/app/api/kiosk/punch/route';
import {
  call,
  clearHolidays,
  configureMainOffice,
  createUser as createPlainUser,
  enrolFace,
  faceFixture,
  livenessAnswer,
  punchCall,
} from '../helpers';

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };
const FAR = { latitude: -6.194929, longitude: 106.823025 };
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const wib = (date: string, time: string) => instantInZone(date, time, 'Asia/Jakarta');

const payload = (userId: string, over: Record<string, unknown> = {}) => ({
  userId,
  ...INSIDE,
  accuracy: 12.5,
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
  ...over,
});

let punched: string; // "Shift Istirahat": every day 08:00–17:00, a 60-minute break that must be punched
let fixed: string; // the same hours, the break fixed (not punched)

async function employee(scheduleId: string, name = 'Karyawan') {
  const made = await createPlainUser({ name });
  await enrolFace(made.user.id, DESCRIPTOR);
  await db.user.update({ where: { id: made.user.id }, data: { scheduleId } });
  return made;
}

const breakCall = (token: string, userId: string, action: 'start' | 'end', over: Record<string, unknown> = {}) =>
  punchCall(breakRoute, action === 'start' ? 'break-start' : 'break-end', { token, body: payload(userId, { action, ...over }) });

const breakColumns = async (userId: string) =>
  db.attendance.findMany({
    where: { userId },
    select: { breakStartAt: true, breakEndAt: true, breakAllowedMinutes: true, updatedAt: true },
  });

beforeAll(async () => {
  await clearHolidays();
  await configureMainOffice({ ...OFFICE, radius: 100, timezone: 'Asia/Jakarta' });
  const days = { create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: '08:00', end: '17:00' })) };
  punched = (await db.workSchedule.create({ data: { name: 'Shift Istirahat', breakMinutes: 60, breakPunch: true, days } })).id;
  fixed = (await db.workSchedule.create({ data: { name: 'Shift Biasa', breakMinutes: 60, days } })).id;
});

describe('POST /api/attendance/break', () => {
  it('start then end on a schedule that requires it; each refusal in the spec style with its status, nothing written', async () => {
    const { user, token } = await employee(punched);
    // Before check-in: 409, no record.
    const early = await breakCall(token, user.id, 'start');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'NOT_CHECKED_IN', error: BREAK_MESSAGES.notCheckedIn });
    expect(early.body.error).toBe('Anda belum melakukan check-in hari ini. Istirahat dicatat setelah check-in.');
    expect(await db.attendance.count({ where: { userId: user.id } })).toBe(0);

    expect((await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) })).status).toBe(200);
    const untouched = await breakColumns(user.id);

    // Selesai before Mulai: 409.
    const endFirst = await breakCall(token, user.id, 'end');
    expect(endFirst.status).toBe(409);
    expect(endFirst.body).toMatchObject({
      code: 'BREAK_NOT_STARTED',
      error: 'Anda belum memulai istirahat. Tekan Mulai Istirahat terlebih dahulu.',
    });
    // Outside the radius: the punch's own refusal, named for the break.
    const far = await breakCall(token, user.id, 'start', FAR);
    expect(far.status).toBe(422);
    expect(far.body.error).toBe('Anda berada di luar radius kantor. Tidak dapat melakukan Mulai Istirahat.');
    // Without the one-time challenge: refused like a punch.
    const bare = await call(breakRoute, { token, body: { ...payload(user.id), action: 'start' } });
    expect(bare.status).toBe(422);
    expect(bare.body.code).toBe('CHALLENGE_REQUIRED');
    // A challenge issued for check-in does not start a break.
    const { POST: challengeRoute } = await import('@/app/api/attendance/challenge/route');
    const wrong = await call(challengeRoute, { token, body: { action: 'check-in' } });
    const other = await call(breakRoute, { token, body: { ...payload(user.id), action: 'start', challengeId: wrong.body.id } });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('CHALLENGE_INVALID');
    expect(await breakColumns(user.id)).toEqual(untouched);

    const start = await breakCall(token, user.id, 'start');
    expect(start.status).toBe(200);
    expect(start.body.message).toBe('Mulai istirahat berhasil. Batas istirahat 60 menit.');
    expect(start.body.break).toMatchObject({ end: null, allowedMinutes: 60, minutes: null, overMinutes: 0, unfinished: true });
    const [afterStart] = await breakColumns(user.id);
    expect(afterStart!.breakAllowedMinutes).toBe(60);
    expect(afterStart!.breakStartAt).not.toBeNull();

    // A second Mulai while the break is open: 409, the start unchanged.
    const again = await breakCall(token, user.id, 'start');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'BREAK_ALREADY_STARTED',
      error: 'Anda sedang istirahat. Tekan Selesai Istirahat saat kembali bekerja.',
    });
    expect(await breakColumns(user.id)).toEqual([afterStart]);

    const end = await breakCall(token, user.id, 'end');
    expect(end.status).toBe(200);
    expect(end.body.message).toBe('Selesai istirahat berhasil. Istirahat 0 menit.');
    expect(end.body.break).toMatchObject({ allowedMinutes: 60, minutes: 0, overMinutes: 0, unfinished: false });

    // One break a day.
    const second = await breakCall(token, user.id, 'start');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'BREAK_DONE',
      error: 'Istirahat hari ini sudah dicatat. Istirahat hanya dicatat sekali sehari.',
    });

    // After check-out: 409.
    expect((await punchCall(checkOutRoute, 'check-out', { token, body: payload(user.id) })).status).toBe(200);
    const late = await breakCall(token, user.id, 'end');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'ALREADY_CHECKED_OUT',
      error: 'Anda sudah melakukan check-out hari ini. Istirahat tidak dapat dicatat setelah check-out.',
    });
  });

  it('a schedule whose break is fixed answers 422 and writes nothing; the fixed break stays as it was', async () => {
    const { user, token } = await employee(fixed);
    expect((await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) })).status).toBe(200);
    const before = await breakColumns(user.id);
    const res = await breakCall(token, user.id, 'start');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'BREAK_NOT_REQUIRED', error: 'Jadwal kerja Anda hari ini tidak memakai absen istirahat.' });
    expect(await breakColumns(user.id)).toEqual(before);
  });

  it("a roster cell picked from the punched schedule requires it; a cell of its own hours keeps the employee's schedule's rule", async () => {
    const { user, token } = await employee(fixed);
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    await db.rosterEntry.create({
      data: { userId: user.id, date: dateKeyToDate(today), start: '08:00', end: '17:00', breakMinutes: 45, scheduleId: punched },
    });
    expect((await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) })).status).toBe(200);
    const res = await breakCall(token, user.id, 'start');
    expect(res.status).toBe(200);
    // The cell's own allowed length (45), not the schedule's 60.
    expect(res.body.break.allowedMinutes).toBe(45);

    // A cell typed by hand (or a Tukar Jadwal's): the employee's own schedule decides; the cell's break is the allowed length.
    const own = await employee(punched, 'Sel Sendiri');
    await db.rosterEntry.create({
      data: { userId: own.user.id, date: dateKeyToDate(today), start: '08:00', end: '17:00', breakMinutes: 30 },
    });
    expect((await punchCall(checkInRoute, 'check-in', { token: own.token, body: payload(own.user.id) })).status).toBe(200);
    expect((await breakCall(own.token, own.user.id, 'start')).body.break.allowedMinutes).toBe(30);
    const plain = await employee(fixed, 'Sel Biasa');
    await db.rosterEntry.create({
      data: { userId: plain.user.id, date: dateKeyToDate(today), start: '08:00', end: '17:00', breakMinutes: 30 },
    });
    expect((await punchCall(checkInRoute, 'check-in', { token: plain.token, body: payload(plain.user.id) })).status).toBe(200);
    expect((await breakCall(plain.token, plain.user.id, 'start')).body.code).toBe('BREAK_NOT_REQUIRED');
  });

  it('inside a closed month: 409 PERIOD_CLOSED and the record unchanged', async () => {
    const { user, token } = await employee(punched);
    expect((await punchCall(checkInRoute, 'check-in', { token, body: payload(user.id) })).status).toBe(200);
    const before = await breakColumns(user.id);
    const month = dateKeyInZone(new Date(), 'Asia/Jakarta').slice(0, 7);
    await db.period.upsert({ where: { month }, create: { month, status: 'closed' }, update: { status: 'closed' } });
    try {
      const res = await breakCall(token, user.id, 'start');
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PERIOD_CLOSED');
    } finally {
      await db.period.update({ where: { month }, data: { status: 'open' } });
    }
    expect(await breakColumns(user.id)).toEqual(before);
  });

  it('another employee cannot punch a break in your name (403), and the body is validated (400)', async () => {
    const a = await employee(punched, 'Ani');
    const b = await employee(punched, 'Budi');
    const res = await breakCall(b.token, a.user.id, 'start');
    expect(res.status).toBe(403);
    const bad = await breakCall(a.token, a.user.id, 'start', { action: 'pause' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Tindakan istirahat harus 'start' atau 'end'");
  });
});

describe('at the kiosk', () => {
  it('the identified person is offered Mulai Istirahat after check-in, then Selesai Istirahat, each with its own challenge', async () => {
    const admin = await createPlainUser({ role: 'admin' });
    const main = await db.settings.findUniqueOrThrow({ where: { id: 1 }, select: { mainOfficeId: true } });
    const created = await call(kioskCreateRoute, { token: admin.token, body: { name: 'Kiosk Istirahat', officeId: main.mainOfficeId } });
    const paired = await call(kioskPairRoute, { body: { code: created.body.pairingCode } });
    const kiosk = paired.body.credential as string;
    const photo = await faceFixture('person-a-1.jpg');
    const probe = (await faceFixture('person-a-2.jpg')).descriptor;
    const { user } = await createPlainUser({ name: 'Kiki Kiosk' });
    await enrolFace(user.id, photo.descriptor);
    await db.user.update({ where: { id: user.id }, data: { scheduleId: punched } });
    const identify = async () => (await call(kioskIdentifyRoute, { token: kiosk, body: { faceDescriptor: probe } })).body;
    const punchAt = async (action: string, challenge: { id: string; steps: string[] }) =>
      call(kioskPunchRoute, {
        token: kiosk,
        body: {
          userId: user.id,
          action,
          challengeId: challenge.id,
          faceImage: photo.dataUrl,
          faceDescriptor: photo.descriptor,
          ...(await livenessAnswer(challenge.steps, photo.descriptor)),
        },
      });

    const first = await identify();
    expect(first).toMatchObject({ userId: user.id, action: 'check-in', breakOption: null });
    expect((await punchAt('check-in', first.challenge)).status).toBe(200);
    const second = await identify();
    expect(second.action).toBe('check-out');
    expect(second.breakOption.action).toBe('break-start');
    const started = await punchAt('break-start', second.breakOption.challenge);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.message).toBe('Mulai istirahat berhasil. Batas istirahat 60 menit.');
    const third = await identify();
    expect(third.breakOption.action).toBe('break-end');
    expect((await punchAt('break-end', third.breakOption.challenge)).status).toBe(200);
    expect((await identify()).breakOption).toBeNull();
    const [row] = await breakColumns(user.id);
    expect(row!.breakStartAt).not.toBeNull();
    expect(row!.breakEndAt).not.toBeNull();
  });
});

describe('the figures of a punched break (08:00–17:00, 60 minutes allowed)', () => {
  it('breakFigures, worked out by hand', () => {
    const day = (start: string | null, end: string | null, out: string | null) =>
      breakFigures({
        checkInAt: wib('2026-10-05', '08:00'),
        checkOutAt: out ? wib('2026-10-05', out) : null,
        breakStartAt: start ? wib('2026-10-05', start) : null,
        breakEndAt: end ? wib('2026-10-05', end) : null,
        breakAllowedMinutes: 60,
      });
    // 12:00–13:25: 85 minutes, 25 over; worked 540 − 85 = 455.
    expect(day('12:00', '13:25', '17:00')).toMatchObject({ minutes: 85, overMinutes: 25, unfinished: false, workedMinutes: 455 });
    // 12:00–12:50: 50 minutes, none over; worked 490.
    expect(day('12:00', '12:50', '17:00')).toMatchObject({ minutes: 50, overMinutes: 0, workedMinutes: 490 });
    // No Selesai Istirahat: until the check-out, 300 minutes, 240 over; worked 240 (08:00–12:00).
    expect(day('12:00', null, '17:00')).toMatchObject({ minutes: 300, overMinutes: 240, unfinished: true, workedMinutes: 240 });
    // No end and no check-out: no length yet, nothing over.
    expect(day('12:00', null, null)).toMatchObject({ minutes: null, overMinutes: 0, workedMinutes: null });
    // Whole minutes, rounded down: 12:00:40–13:25:10 is 84 minutes, 24 over.
    expect(
      breakFigures({
        checkInAt: wib('2026-10-05', '08:00'),
        checkOutAt: wib('2026-10-05', '17:00'),
        breakStartAt: new Date(wib('2026-10-05', '12:00').getTime() + 40_000),
        breakEndAt: new Date(wib('2026-10-05', '13:25').getTime() + 10_000),
        breakAllowedMinutes: 60,
      }),
    ).toMatchObject({ minutes: 84, overMinutes: 24 });
    expect(day(null, null, '17:00')).toBeNull();
  });

  it('a month: the day in the histories, the recap row, Rekap Saya and the export (25 + 0 + 240 = 265 minutes on 2 days)', async () => {
    const { user, token } = await employee(punched, 'Wati');
    const hr = await createPlainUser({ role: 'hr', name: 'Hana' });
    // Employed since 1 October: October's days are hers (not yet closed, so the recap counts them open).
    await db.user.update({ where: { id: user.id }, data: { joinDate: dateKeyToDate('2026-10-01') } });
    const record = (date: string, start: string, end: string | null, reviewDecision?: 'rejected') =>
      db.attendance.create({
        data: {
          userId: user.id,
          workDate: dateKeyToDate(date),
          checkInAt: wib(date, '08:00'),
          checkInLatitude: 0,
          checkInLongitude: 0,
          checkInDistance: 10,
          checkOutAt: wib(date, '17:00'),
          checkOutLatitude: 0,
          checkOutLongitude: 0,
          checkOutDistance: 10,
          shiftStart: '08:00',
          shiftEnd: '17:00',
          dayStatus: 'kerja',
          breakStartAt: wib(date, start),
          breakEndAt: end ? wib(date, end) : null,
          breakAllowedMinutes: 60,
          reviewDecision,
        },
      });
    await record('2026-10-05', '12:00', '13:25'); // 25 over
    await record('2026-10-06', '12:00', '12:50'); // 0
    await record('2026-10-07', '12:00', null); // unfinished: until 17:00, 240 over
    await record('2026-10-08', '12:00', '14:00', 'rejected'); // a rejected record is not presence: not counted

    const history = await call(historyRoute, {
      token,
      params: { userId: user.id },
      path: `/api/attendance/history/x?startDate=2026-10-05&endDate=2026-10-05`,
    });
    expect(history.status).toBe(200);
    expect(history.body[0].break).toEqual({
      start: '2026-10-05T05:00:00.000Z',
      end: '2026-10-05T06:25:00.000Z',
      allowedMinutes: 60,
      minutes: 85,
      overMinutes: 25,
      unfinished: false,
      workedMinutes: 455,
    });
    const all = await call(allRoute, {
      token: hr.token,
      path: `/api/attendance/all?employee=${user.id}&startDate=2026-10-07&endDate=2026-10-07`,
    });
    expect(all.status).toBe(200);
    expect(all.body[0].break).toMatchObject({ end: null, minutes: 300, overMinutes: 240, unfinished: true, workedMinutes: 240 });

    const recap = await call(recapRoute, { token: hr.token, path: '/api/recap?month=2026-10' });
    const row = recap.body.rows.find((r: { userId: string }) => r.userId === user.id);
    expect(row).toMatchObject({ breakOverCount: 2, breakOverMinutes: 265 });

    // Rekap Saya: the same figure, opening the two days behind it.
    const mine = await call(employeeRecapRoute, { token, params: { userId: user.id }, path: `/api/recap/x?month=2026-10` });
    expect(mine.status).toBe(200);
    expect(mine.body.summary).toMatchObject({ breakOverCount: 2, breakOverMinutes: 265 });
    const figure = myRecapFigures(mine.body as EmployeeRecapDto)!.find((f) => f.key === 'breakOver')!;
    expect(figure).toMatchObject({ label: 'Lebih Istirahat', value: 2, unit: 'kali (265 menit)' });
    expect(figure.days.map((d) => [d.date, d.breakOverMinutes])).toEqual([
      ['2026-10-05', 25],
      ['2026-10-07', 240],
    ]);

    const res = await recapExportRoute(
      new NextRequest(new URL('/api/recap/export?month=2026-10&format=csv', 'http://localhost'), {
        headers: { authorization: `Bearer ${hr.token}` },
      }),
      { params: Promise.resolve({}) },
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const lines = text.split('\r\n');
    // Every cell quoted, ';' between them (a decimal comma inside a cell).
    const cells = (l: string) => [...l.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => m[1]);
    const header = cells(lines.find((l) => l.includes('Lebih Istirahat (menit)'))!);
    const line = cells(lines.find((l) => l.includes('Wati'))!);
    expect(line[header.indexOf('Lebih Istirahat (kali)')]).toBe('2');
    expect(line[header.indexOf('Lebih Istirahat (menit)')]).toBe('265');
  });
});
