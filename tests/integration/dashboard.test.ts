// The admin dashboard's figures on hand-built data for today (office timezone).
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as dashboardRoute } from '@/app/api/dashboard/admin/route';
import { GET as listRoute } from '@/app/api/attendance/all/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, dateKeyToDate, isoWeekday } from '@/lib/dates';
import { call, clearHolidays, createUser, setDefaultWorkingDays } from '../helpers';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
let today = '';
let adminToken = '';
let hrToken = '';
let employeeToken = '';
const ids: Record<string, string> = {};

async function attend(userId: string, hhmm: string, extra: Record<string, unknown> = {}, day = today) {
  return db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(day),
      checkInAt: new Date(Math.min(Date.now() - 60_000, new Date(`${day}T${hhmm}:00+07:00`).getTime())),
      checkInLatitude: -6.1754,
      checkInLongitude: 106.8272,
      checkInDistance: 3,
      ...extra,
    },
  });
}

// Today must be a working day whatever the date: every weekday works and the holiday calendar is empty.
const setWorkingDays = async (workingDays: number[]) => {
  await clearHolidays();
  await setDefaultWorkingDays(workingDays);
};

beforeAll(async () => {
  today = dateKeyInZone(new Date(), 'Asia/Jakarta');
  await setWorkingDays(ALL_DAYS);
  const joined = new Date(Date.now() - 60_000); // joined today: this month is just today for everyone
  adminToken = (await createUser({ role: 'admin' })).token;
  // HR here only reads the dashboard: an account off the payroll, so it is not one of the people counted.
  hrToken = (await createUser({ role: 'hr', onPayroll: false })).token;
  const andi = await createUser({ name: 'Andi', position: 'Developer', createdAt: joined });
  const bima = await createUser({ name: 'Bima', position: 'Designer', createdAt: joined });
  const cici = await createUser({ name: 'Cici', createdAt: joined });
  const dodi = await createUser({ name: 'Dodi', createdAt: joined });
  const eka = await createUser({ name: 'Eka', createdAt: joined });
  employeeToken = andi.token;
  Object.assign(ids, { andi: andi.user.id, bima: bima.user.id, dodi: dodi.user.id, eka: eka.user.id });
  // Andi came first and left; his photo was flagged by the face re-check (counts for review).
  await attend(andi.user.id, '00:01', {
    checkOutAt: new Date(Date.now() - 30_000),
    checkOutLatitude: -6.1754,
    checkOutLongitude: 106.8272,
    checkOutDistance: 4,
    faceCheckStatus: 'flagged',
  });
  // Bima came later; flagged too but already reviewed (no longer waiting).
  await attend(bima.user.id, '00:02', { faceCheckStatus: 'flagged', reviewDecision: 'confirmed', reviewedAt: new Date() });
  // Cici is on approved leave today; Dodi and Eka have not come.
  const leave = (userId: string, status: 'approved' | 'pending' | 'rejected') =>
    db.leaveRequest.create({
      data: {
        userId,
        type: 'cuti',
        startDate: dateKeyToDate(today),
        endDate: dateKeyToDate(today),
        reason: 'Urusan keluarga penting',
        status,
      },
    });
  await leave(cici.user.id, 'approved');
  await leave(dodi.user.id, 'pending');
  await leave(eka.user.id, 'pending');
  await leave(eka.user.id, 'rejected');
  // An admin's record is not an employee's attendance.
  const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
  await attend(admin.id, '00:03');
  // Earlier days (before these employees joined, so no figure counts them): Dodi yesterday, Eka on the
  // 11 days before; only the newest of them reach the 10 latest records.
  await attend(dodi.user.id, '07:50', {}, addDays(today, -1));
  for (let back = 2; back <= 12; back++) await attend(eka.user.id, '08:05', {}, addDays(today, -back));
});

describe('GET /api/dashboard/admin', () => {
  it('counts today: 5 employees, 2 present, 1 on leave, 2 absent, rate 2 / (5 − 1) = 50', async () => {
    const res = await call(dashboardRoute, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ today, timezone: 'Asia/Jakarta', isWorkingDay: true });
    expect(res.body.stats).toEqual({
      totalEmployees: 5,
      todayPresent: 2,
      todayAbsent: 2,
      todayOnLeave: 1,
      attendanceRate: 50,
      pendingLeaves: 2,
      flaggedFaces: 1,
      needsReview: 1,
    });
  });

  it("lists the latest 10 records of any day, newest first, each with its day and check-in; never an admin's", async () => {
    const res = await call(dashboardRoute, { token: hrToken });
    const items = res.body.recentActivity as {
      name: string;
      date: string;
      status: string;
      checkIn: string | null;
      checkOut: string | null;
    }[];
    const ekaDays = [2, 3, 4, 5, 6, 7, 8].map((back) => addDays(today, -back));
    expect(items.map((i) => [i.name, i.date])).toEqual([
      ['Bima', today],
      ['Andi', today],
      ['Dodi', addDays(today, -1)],
      ...ekaDays.map((d) => ['Eka', d]),
    ]);
    expect(items.every((i) => i.status === 'hadir' && i.checkIn !== null)).toBe(true);
    expect(items[0]!.checkOut).toBeNull();
    expect(items[1]!.checkOut).not.toBeNull();
    expect(new Date(items[2]!.checkIn!).toISOString()).toBe(new Date(`${addDays(today, -1)}T07:50:00+07:00`).toISOString());
  });

  it('ranks top performers of the month by rate, then days present, and leaves out those without a presence', async () => {
    const res = await call(dashboardRoute, { token: adminToken });
    expect(res.body.topPerformers).toEqual([
      { id: ids.andi, name: 'Andi', position: 'Developer', presentDays: 1, performanceRate: 100 },
      { id: ids.bima, name: 'Bima', position: 'Designer', presentDays: 1, performanceRate: 100 },
    ]);
  });

  it('on a non-working day nobody is absent and leave does not apply', async () => {
    await setWorkingDays(ALL_DAYS.filter((d) => d !== isoWeekday(today)));
    try {
      const res = await call(dashboardRoute, { token: adminToken });
      expect(res.body.isWorkingDay).toBe(false);
      expect(res.body.stats).toMatchObject({ totalEmployees: 5, todayPresent: 2, todayAbsent: 0, todayOnLeave: 0, attendanceRate: 40 });
      // Recent activity lists records, whatever the day's status.
      expect(res.body.recentActivity.slice(0, 3).map((i: { name: string }) => i.name)).toEqual(['Bima', 'Andi', 'Dodi']);
    } finally {
      await setWorkingDays(ALL_DAYS);
    }
  });

  it('is refused to anonymous callers and employees', async () => {
    expect((await call(dashboardRoute, {})).status).toBe(401);
    expect((await call(dashboardRoute, { token: employeeToken })).status).toBe(403);
  });
});

describe('GET /api/dashboard/admin?officeId=', () => {
  it("Aktivitas Terbaru of one office lists only that office's records, each with the office's zone", async () => {
    const makassar = await db.office.create({
      data: { name: 'Cabang Makassar Dasbor', latitude: -5.14, longitude: 119.42, radius: 150, timezone: 'Asia/Makassar' },
    });
    const fajar = await createUser({ name: 'Fajar' });
    await db.user.update({ where: { id: fajar.user.id }, data: { homeOfficeId: makassar.id } });
    await attend(fajar.user.id, '08:00', { officeId: makassar.id }, addDays(today, -30));
    const branch = await call(dashboardRoute, { token: adminToken, path: `/api/dashboard/admin?officeId=${makassar.id}` });
    expect(branch.status).toBe(200);
    expect(branch.body.timezone).toBe('Asia/Makassar');
    expect(branch.body.recentActivity.map((i: { name: string; timezone: string }) => [i.name, i.timezone])).toEqual([
      ['Fajar', 'Asia/Makassar'],
    ]);
    // Every office: the newest ten, Fajar's old record not among them; records without an office read the main zone.
    const all = await call(dashboardRoute, { token: adminToken });
    expect(all.body.recentActivity).toHaveLength(10);
    expect(
      all.body.recentActivity.every((i: { name: string; timezone: string }) => i.name !== 'Fajar' && i.timezone === 'Asia/Jakarta'),
    ).toBe(true);
  });
});

describe('Aktivitas Terbaru and GET /api/attendance/all agree on ties', () => {
  it('two check-ins at the same instant come in the same order on both (id descending)', async () => {
    // The demo data checks several people in at the same minute; on a weekend the list reaches back to
    // those days, and both screens must show them in one order.
    const at = new Date(Date.now() - 5_000);
    const gita = await createUser({ name: 'Gita Seri' });
    const hadi = await createUser({ name: 'Hadi Seri' });
    const tied = [await attend(gita.user.id, '00:00', { checkInAt: at }), await attend(hadi.user.id, '00:00', { checkInAt: at })];
    const byIdDesc = tied.map((r) => r.id).sort((a, b) => (a < b ? 1 : -1));
    const dash = await call(dashboardRoute, { token: adminToken });
    expect(dash.body.recentActivity.slice(0, 2).map((i: { id: string }) => i.id)).toEqual(byIdDesc);
    const list = await call(listRoute, { token: adminToken, path: '/api/attendance/all?limit=2' });
    expect(list.status).toBe(200);
    expect((list.body as { id: string }[]).map((r) => r.id)).toEqual(byIdDesc);
  });
});
