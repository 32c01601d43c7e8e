// GET /api/attendance/all: the contract's list, validated and bounded.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/attendance/all/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { LIST_CAP } from '@/lib/validation/reports';
import { call, createUser } from '../helpers';

let adminToken = '';
let hrToken = '';
let employeeToken = '';
let siti = '';
let joko = '';

const row = (userId: string, key: string, extra: Record<string, unknown> = {}) => ({
  userId,
  workDate: dateKeyToDate(key),
  checkInAt: new Date(`${key}T08:00:00+07:00`),
  checkInLatitude: -6.17541234,
  checkInLongitude: 106.82721234,
  checkInDistance: 5,
  ...extra,
});

beforeAll(async () => {
  adminToken = (await createUser({ role: 'admin' })).token;
  hrToken = (await createUser({ role: 'hr' })).token;
  const s = await createUser({ name: 'Siti', email: 'siti.list@test.local', position: 'Desainer' });
  const j = await createUser({ name: 'Joko' });
  siti = s.user.id;
  joko = j.user.id;
  employeeToken = s.token;
  const withOut = {
    checkOutAt: new Date('2026-03-02T17:05:00+07:00'),
    checkOutLatitude: -6.1755,
    checkOutLongitude: 106.8273,
    checkOutDistance: 7,
    earlyMinutes: 0,
  };
  const a = await db.attendance.create({
    data: row(siti, '2026-03-02', { ...withOut, lateMinutes: 12, faceCheckStatus: 'flagged', faceCheckReason: 'no_face' }),
  });
  await db.attendancePhoto.create({
    data: {
      attendanceId: a.id,
      kind: 'check_in',
      mime: 'image/jpeg',
      size: 3,
      data: Buffer.from([0xff, 0xd8, 0xff]),
      descriptor: [0.1, 0.2],
    },
  });
  await db.attendance.create({ data: row(siti, '2026-03-03', { faceCheckStatus: 'verified' }) });
  await db.attendance.create({ data: row(joko, '2026-03-03') });
  await db.attendance.create({ data: row(joko, '2026-03-04') });
});

const get = (qs: string, token = adminToken) => call(listRoute, { path: `/api/attendance/all${qs}`, token });

describe('GET /api/attendance/all', () => {
  it("returns the spec's record shape (plus review fields), newest first, with no photo bytes or descriptors", async () => {
    const res = await get('?startDate=2026-03-01&endDate=2026-03-31');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { date: string }) => r.date)).toEqual(['2026-03-04', '2026-03-03', '2026-03-03', '2026-03-02']);
    expect(res.body.map((r: { userName: string }) => r.userName).sort()).toEqual(['Joko', 'Joko', 'Siti', 'Siti']);
    const first = res.body.find((r: { date: string }) => r.date === '2026-03-02');
    expect(first).toEqual({
      id: expect.any(String),
      date: '2026-03-02',
      userId: siti,
      userName: 'Siti',
      userEmail: 'siti.list@test.local',
      userPosition: 'Desainer',
      checkIn: { timestamp: '2026-03-02T01:00:00.000Z', latitude: -6.17541234, longitude: 106.82721234 },
      checkOut: { timestamp: '2026-03-02T10:05:00.000Z', latitude: -6.1755, longitude: 106.8273 },
      lateMinutes: 12,
      earlyMinutes: 0,
      faceCheckStatus: 'flagged',
      faceCheckReason: 'no_face',
      reviewDecision: null,
      reviewedAt: null,
      hasCheckInPhoto: true,
      hasCheckOutPhoto: false,
      office: null,
      dayStatus: null,
      // Made without the check-in path, so no AttendanceFlag row: flagged by its face status alone.
      flags: [],
      needsReview: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/descriptor|passwordHash|"data"/);
  });

  it('filters by employee, date and face status', async () => {
    expect((await get(`?employee=${siti}`)).body).toHaveLength(2);
    expect((await get(`?employee=${joko.toUpperCase()}&startDate=2026-03-04`)).body.map((r: { date: string }) => r.date)).toEqual([
      '2026-03-04',
    ]);
    expect((await get('?endDate=2026-03-02')).body).toHaveLength(1);
    const flagged = await get('?faceStatus=flagged', hrToken);
    expect(flagged.status).toBe(200);
    expect(flagged.body.map((r: { userName: string }) => r.userName)).toEqual(['Siti']);
    expect((await get('?faceStatus=&employee=&startDate=&endDate=')).body).toHaveLength(4);
  });

  it('honours limit (1..1000) and keeps the newest', async () => {
    const two = await get('?limit=2');
    expect(two.status).toBe(200);
    expect(two.body.map((r: { date: string }) => r.date)).toEqual(['2026-03-04', '2026-03-03']);
    for (const bad of ['0', '1001', 'abc', '1.5', '-3']) {
      const res = await get(`?limit=${bad}`);
      expect(res.status, `limit=${bad}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect((await get('?limit=1000')).status).toBe(200);
  });

  it.each([
    ['?startDate=2026-03-05&endDate=2026-03-01', 'Tanggal mulai tidak boleh setelah tanggal selesai'],
    ['?startDate=2025-01-01&endDate=2026-01-02', 'Rentang waktu maksimal 1 tahun'],
    ['?startDate=2026-02-30', 'Tanggal mulai harus berformat YYYY-MM-DD'],
    ['?endDate=03-01-2026', 'Tanggal selesai harus berformat YYYY-MM-DD'],
    ['?employee=123', 'ID karyawan tidak valid'],
    ['?faceStatus=approved', 'Status verifikasi wajah tidak valid'],
  ])('refuses %s with 400 "%s"', async (qs, message) => {
    const res = await get(qs);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('accepts a span of exactly 366 days', async () => {
    expect((await get('?startDate=2024-01-01&endDate=2024-12-31')).status).toBe(200);
  });

  it('is for admins and HR only', async () => {
    expect((await call(listRoute, { path: '/api/attendance/all' })).status).toBe(401);
    expect((await get('', employeeToken)).status).toBe(403);
  });

  it(`returns at most ${LIST_CAP} rows without filters, newest first`, async () => {
    const users = [];
    for (let i = 0; i < 14; i++) users.push((await createUser({ name: `Bulk ${i}` })).user.id);
    const rows = [];
    for (let d = 0; d < 360; d++) for (const u of users) rows.push(row(u, addDays('2025-01-01', d)));
    await db.attendance.createMany({ data: rows });
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(LIST_CAP);
    expect(res.body[0].date).toBe('2026-03-04');
    const dates = res.body.map((r: { date: string }) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
