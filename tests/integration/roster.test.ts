// Jadwal Kerja's roster (docs/calendar.md) with answers worked out by hand for the week of Monday
// 23 November 2026 (no holiday that week): cells from a schedule's shift, explicit hours, a rest day and
// back to the schedule; all or none written; the office filter; each schedule's count of employees.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as rosterGet, PUT as rosterPut } from '@/app/api/roster/route';
import { GET as schedulesGet, POST as schedulesPost } from '@/app/api/schedules/route';
import { db } from '@/lib/server/db';
import { getMainOffice } from '@/features/offices/server/offices';
import { call, createUser, setDefaultWorkingDays } from '../helpers';

const WEEK = { start: '2026-11-23', end: '2026-11-29' };
const JOINED = new Date('2026-01-05T02:00:00Z');
let admin: Awaited<ReturnType<typeof createUser>>;
let hr: Awaited<ReturnType<typeof createUser>>;
let nightId: string;
let nightName: string;

type Cell = {
  date: string;
  status: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  breakMinutes: number | null;
  lateToleranceMinutes: number | null;
  override: boolean;
  label: string | null;
};
type Row = { userId: string; days: Cell[] };

async function roster(query = '') {
  const res = await call(rosterGet, { token: admin.token, path: `/api/roster?startDate=${WEEK.start}&endDate=${WEEK.end}${query}` });
  expect(res.status).toBe(200);
  return res.body.rows as Row[];
}
const pick = (c: Cell) => [c.status, c.shiftStart, c.shiftEnd, c.breakMinutes, c.lateToleranceMinutes, c.override, c.label];

beforeAll(async () => {
  admin = await createUser({ role: 'admin' });
  hr = await createUser({ role: 'hr' });
  const standard = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: standard.id }, data: { breakMinutes: 60, lateToleranceMinutes: 15 } });
  nightName = `Shift Malam ${Date.now()}`;
  const days = Array.from({ length: 7 }, (_, i) => ({
    weekday: i + 1,
    start: i < 5 ? '22:00' : undefined,
    end: i < 5 ? '06:00' : undefined,
  }));
  const made = await call(schedulesPost, {
    token: admin.token,
    body: { name: nightName, breakMinutes: 30, lateToleranceMinutes: 10, days },
  });
  expect(made.status).toBe(200);
  nightId = made.body.schedule.id;
});

describe('PUT /api/roster cells, read back from GET /api/roster', () => {
  it('a schedule’s shift, explicit hours and a rest day win over the default schedule; back to the schedule removes the override', async () => {
    const { user } = await createUser({ createdAt: JOINED });
    const cells = [
      { userId: user.id, date: '2026-11-23', scheduleId: nightId },
      { userId: user.id, date: '2026-11-24', start: '07:00', end: '15:00', breakMinutes: 30, lateToleranceMinutes: 5 },
      { userId: user.id, date: '2026-11-25', rest: true },
      // Saturday is a rest day of the default schedule: a shift there makes it a working day.
      { userId: user.id, date: '2026-11-28', start: '09:00', end: '13:00' },
    ];
    const put = await call(rosterPut, { method: 'PUT', token: hr.token, body: { cells } });
    expect(put.status).toBe(200);
    expect(put.body.updated).toBe(4);

    const row = (await roster()).find((r) => r.userId === user.id)!;
    expect(row.days.map(pick)).toEqual([
      ['kerja', '22:00', '06:00', 30, 10, true, nightName],
      ['kerja', '07:00', '15:00', 30, 5, true, '07:00–15:00'],
      ['istirahat', null, null, null, null, true, 'Libur'],
      ['kerja', '08:00', '17:00', 60, 15, false, null],
      ['kerja', '08:00', '17:00', 60, 15, false, null],
      ['kerja', '09:00', '13:00', 0, 0, true, '09:00–13:00'],
      ['istirahat', null, null, null, null, false, null],
    ]);

    const back = await call(rosterPut, {
      method: 'PUT',
      token: admin.token,
      body: {
        cells: [
          { userId: user.id, date: '2026-11-23', clear: true },
          { userId: user.id, date: '2026-11-25', clear: true },
        ],
      },
    });
    expect(back.status).toBe(200);
    const after = (await roster()).find((r) => r.userId === user.id)!;
    expect(pick(after.days[0]!)).toEqual(['kerja', '08:00', '17:00', 60, 15, false, null]);
    expect(pick(after.days[2]!)).toEqual(['kerja', '08:00', '17:00', 60, 15, false, null]);
    expect(await db.rosterEntry.count({ where: { userId: user.id } })).toBe(2);
  });

  it('a schedule without hours on that weekday is refused, and then no cell of the request is written', async () => {
    const { user } = await createUser({ createdAt: JOINED });
    const res = await call(rosterPut, {
      method: 'PUT',
      token: admin.token,
      body: {
        cells: [
          { userId: user.id, date: '2026-11-26', rest: true },
          { userId: user.id, date: '2026-11-28', scheduleId: nightId },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ROSTER_REST_DAY');
    expect(res.body.error).toBe(`Jadwal ${nightName} tidak punya jam kerja pada 2026-11-28. Pilih jam kerja atau libur.`);
    expect(await db.rosterEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a cell must say one thing: two choices at once, or a start without an end, are refused', async () => {
    const { user } = await createUser({ createdAt: JOINED });
    const both = await call(rosterPut, {
      method: 'PUT',
      token: admin.token,
      body: { cells: [{ userId: user.id, date: '2026-11-26', rest: true, start: '08:00', end: '12:00' }] },
    });
    expect(both.status).toBe(400);
    const half = await call(rosterPut, {
      method: 'PUT',
      token: admin.token,
      body: { cells: [{ userId: user.id, date: '2026-11-26', start: '08:00' }] },
    });
    expect(half.status).toBe(400);
    expect(await db.rosterEntry.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('the office filter and the schedules’ employee counts', () => {
  it('an office shows its own employees; the main office also those without a home office', async () => {
    const main = await getMainOffice();
    const branch = await db.office.create({
      data: { name: `Cabang ${Date.now()}`, latitude: -8.65, longitude: 115.21, radius: 100, timezone: 'Asia/Makassar' },
    });
    const { user: atMain } = await createUser({ createdAt: JOINED });
    const { user: atBranch } = await createUser({ createdAt: JOINED });
    await db.user.update({ where: { id: atBranch.id }, data: { homeOfficeId: branch.id } });
    const inBranch = (await roster(`&officeId=${branch.id}`)).map((r) => r.userId);
    expect(inBranch).toEqual([atBranch.id]);
    const inMain = (await roster(`&officeId=${main.id}`)).map((r) => r.userId);
    expect(inMain).toContain(atMain.id);
    expect(inMain).not.toContain(atBranch.id);
    // Staff are not rostered.
    expect(inMain).not.toContain(admin.user.id);
    expect(inMain).not.toContain(hr.user.id);
  });

  it('with page, one page of the office’s people in name order and the count of all of them', async () => {
    const branch = await db.office.create({
      data: { name: `Cabang Halaman ${Date.now()}`, latitude: -8.65, longitude: 115.21, radius: 100, timezone: 'Asia/Makassar' },
    });
    const names = ['Eko', 'Ani', 'Dewi', 'Budi', 'Citra'];
    const ids: Record<string, string> = {};
    for (const n of names) {
      const { user } = await createUser({ name: `${n} Roster`, createdAt: JOINED });
      await db.user.update({ where: { id: user.id }, data: { homeOfficeId: branch.id } });
      ids[n] = user.id;
    }
    const page = async (q: string) => {
      const res = await call(rosterGet, {
        token: hr.token,
        path: `/api/roster?startDate=${WEEK.start}&endDate=${WEEK.end}&officeId=${branch.id}&${q}`,
      });
      expect(res.status).toBe(200);
      return res.body as { rows: Row[]; total: number; page: number; pageSize: number };
    };
    const second = await page('page=2&limit=2');
    expect(second.rows.map((r) => r.userId)).toEqual([ids.Citra, ids.Dewi]);
    expect(second.rows[0]!.days).toHaveLength(7);
    expect([second.total, second.page, second.pageSize]).toEqual([5, 2, 2]);
    expect((await page('page=3&limit=2')).rows.map((r) => r.userId)).toEqual([ids.Eko]);
    // Without page: everyone of the office, as before (no page info).
    const all = await page('');
    expect(all.rows).toHaveLength(5);
    expect(all.total).toBeUndefined();
    const tooMany = await call(rosterGet, {
      token: hr.token,
      path: `/api/roster?startDate=${WEEK.start}&endDate=${WEEK.end}&page=1&limit=201`,
    });
    expect(tooMany.status).toBe(400);
  });

  it('counts the employees whose default each schedule is, not admins or HR', async () => {
    const { user } = await createUser({ createdAt: JOINED });
    await db.user.update({ where: { id: user.id }, data: { scheduleId: nightId } });
    await db.user.update({ where: { id: hr.user.id }, data: { scheduleId: nightId } });
    const res = await call(schedulesGet, { token: hr.token, path: '/api/schedules' });
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(
      res.body.map((s: { name: string; employeeCount: number; isDefault: boolean }) => [s.isDefault ? 'default' : s.name, s.employeeCount]),
    );
    expect(counts[nightName]).toBe(1);
    const employeesOnDefault = await db.user.count({
      where: { role: 'employee', OR: [{ scheduleId: null }, { schedule: { isDefault: true } }] },
    });
    expect(counts.default).toBe(employeesOnDefault);
    await db.user.update({ where: { id: hr.user.id }, data: { scheduleId: null } });
  });
});

describe('roster rows are the days of the range for every employee', () => {
  it('a range of 62 days is read; 63 is refused', async () => {
    const ok = await call(rosterGet, { token: hr.token, path: '/api/roster?startDate=2026-11-01&endDate=2027-01-01' });
    expect(ok.status).toBe(200);
    expect(ok.body.rows[0].days).toHaveLength(62);
    const long = await call(rosterGet, { token: hr.token, path: '/api/roster?startDate=2026-11-01&endDate=2027-01-02' });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Rentang jadwal maksimal 62 hari');
  });
});
