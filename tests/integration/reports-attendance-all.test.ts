// GET /api/attendance/all: the contract's list, validated and paged (page, limit; X-* headers) as the
// employee history; no row cap: every row of a range is reachable page after page.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/attendance/all/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
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
const pageInfo = (headers: Headers) => ({
  total: headers.get('X-Total-Count'),
  page: headers.get('X-Page'),
  pageSize: headers.get('X-Page-Size'),
  totalPages: headers.get('X-Total-Pages'),
});
type Row = { id: string; date: string };

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
      userEmployeeNumber: null,
      userDivision: null,
      checkIn: { timestamp: '2026-03-02T01:00:00.000Z', latitude: -6.17541234, longitude: 106.82721234 },
      checkOut: { timestamp: '2026-03-02T10:05:00.000Z', latitude: -6.1755, longitude: 106.8273 },
      // Made on the phone (neither a kiosk nor a machine): docs/kiosk.md, docs/terminals.md.
      checkInSource: { kind: 'ponsel', name: null, label: 'Ponsel' },
      checkOutSource: { kind: 'ponsel', name: null, label: 'Ponsel' },
      lateMinutes: 12,
      earlyMinutes: 0,
      faceCheckStatus: 'flagged',
      faceCheckReason: 'no_face',
      reviewDecision: null,
      reviewedAt: null,
      hasCheckInPhoto: true,
      hasCheckOutPhoto: false,
      // No break punched (docs/calendar.md, Istirahat).
      break: null,
      office: null,
      dayStatus: null,
      // Not closed yet: no closed day (always present in the row, null until the daily close).
      day: null,
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

  it('answers a page at a time: limit (1..1000, default 1000) and page, the page info in headers', async () => {
    const all = await get('');
    expect(pageInfo(all.headers)).toEqual({ total: '4', page: '1', pageSize: '1000', totalPages: '1' });
    // Recent activity (limit=10) and any smaller page keep the newest.
    const two = await get('?limit=2');
    expect(two.status).toBe(200);
    expect(two.body.map((r: Row) => r.date)).toEqual(['2026-03-04', '2026-03-03']);
    expect(pageInfo(two.headers)).toEqual({ total: '4', page: '1', pageSize: '2', totalPages: '2' });
    const second = await get('?limit=2&page=2');
    expect(second.body.map((r: Row) => r.date)).toEqual(['2026-03-03', '2026-03-02']);
    expect([...two.body, ...second.body].map((r: Row) => r.id)).toEqual(all.body.map((r: Row) => r.id));
    // Past the last page: an empty list, still 200, with the same count.
    const beyond = await get('?limit=2&page=3');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual([]);
    expect(pageInfo(beyond.headers)).toEqual({ total: '4', page: '3', pageSize: '2', totalPages: '2' });
    // The filters count too; an empty range is one empty page.
    expect(pageInfo((await get(`?employee=${siti}&limit=1`)).headers)).toEqual({ total: '2', page: '1', pageSize: '1', totalPages: '2' });
    expect(pageInfo((await get('?startDate=2020-01-01&endDate=2020-01-31')).headers)).toEqual({
      total: '0',
      page: '1',
      pageSize: '1000',
      totalPages: '1',
    });
    expect((await get('?limit=1000')).status).toBe(200);
    expect((await get('?limit=10')).body).toHaveLength(4);
  });

  it('refuses a bad page or limit with its reason, as the employee history', async () => {
    for (const [qs, message] of [
      ['?limit=0', 'Limit harus antara 1 dan 1000'],
      ['?limit=1001', 'Limit harus antara 1 dan 1000'],
      ['?limit=abc', 'Limit harus antara 1 dan 1000'],
      ['?limit=1.5', 'Limit harus antara 1 dan 1000'],
      ['?limit=-3', 'Limit harus antara 1 dan 1000'],
      ['?page=0', 'Halaman harus berupa bilangan bulat mulai dari 1'],
      ['?page=1.5', 'Halaman harus berupa bilangan bulat mulai dari 1'],
      ['?page=abc', 'Halaman harus berupa bilangan bulat mulai dari 1'],
      ['?page=1000001', 'Halaman harus berupa bilangan bulat mulai dari 1'],
    ]) {
      const res = await get(qs!);
      expect(res.status, qs).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.error, qs).toBe(message);
    }
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

  it('has no row cap: 5,100 records and 10 absent days, every one reachable in pages of 1,000, none twice', async () => {
    const office = await db.office.findFirstOrThrow({ select: { id: true } });
    const users: string[] = [];
    for (let i = 0; i < 17; i++) users.push((await createUser({ name: `Bulk ${String(i).padStart(2, '0')}` })).user.id);
    // 17 employees × 300 days, one statement; on a day all check in at the same instant (ties for the order).
    await db.$executeRaw`
      INSERT INTO "Attendance" (id, "userId", "workDate", "checkInAt", "checkInLatitude", "checkInLongitude", "checkInDistance", "updatedAt")
      SELECT gen_random_uuid(), u, DATE '2025-01-01' + g, (DATE '2025-01-01' + g) + TIME '01:00', -6.175, 106.827, 5, now()
        FROM unnest(${users}::uuid[]) u, generate_series(0, 299) g`;
    // Closed days without a record (alpa) belong to the list too.
    await db.$executeRaw`
      INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus")
      SELECT u, DATE '2024-12-01' + g, ${office.id}::uuid, 'alpa', 'kerja'
        FROM unnest(${users.slice(0, 2)}::uuid[]) u, generate_series(0, 4) g`;
    const total = 4 + 5100 + 10;

    const ids: string[] = [];
    const dates: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const res = await get(`?limit=1000&page=${page}`);
      expect(res.status).toBe(200);
      expect(pageInfo(res.headers)).toEqual({ total: String(total), page: String(page), pageSize: '1000', totalPages: '6' });
      expect(res.body).toHaveLength(page < 6 ? 1000 : total - 5000);
      for (const r of res.body as Row[]) {
        ids.push(r.id);
        dates.push(r.date);
      }
    }
    expect(new Set(ids).size).toBe(total);
    expect(dates[0]).toBe('2026-03-04');
    expect(dates[dates.length - 1]).toBe('2024-12-01');
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(ids.filter((id) => id.startsWith('hari-'))).toHaveLength(10);

    // Small pages over the ties (17 records a day at the same instant) give the same sequence: no overlap, no gap.
    const range = '&startDate=2025-06-01&endDate=2025-06-10';
    const whole = (await get(`?limit=1000${range}`)).body.map((r: Row) => r.id);
    expect(whole).toHaveLength(170);
    const paged: string[] = [];
    for (let page = 1; page <= 25; page++) paged.push(...(await get(`?limit=7&page=${page}${range}`)).body.map((r: Row) => r.id));
    expect(paged).toEqual(whole);
  });
});
