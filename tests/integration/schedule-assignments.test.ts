// GET /schedules/assignments paged and searched on the server (issue 35): without `page` the list as before,
// with it one page in the same order and its total in X-Total-Count; `q` searches name, NIK and e-mail.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { GET as listRoute } from '@/app/api/schedules/assignments/route';
import { call, createUser } from '../helpers';

const path = (query = '') => `/api/schedules/assignments${query ? `?${query}` : ''}`;
let hrToken = '';
let employeeToken = '';
/** The 25 assignments' ids in the list's order: newest start first. */
let expectedOrder: string[] = [];

beforeAll(async () => {
  hrToken = (await createUser({ role: 'hr', name: 'HR Jadwal' })).token;
  employeeToken = (await createUser({ name: 'Karyawan Biasa' })).token;
  const schedule = await db.workSchedule.create({
    data: {
      name: 'Shift Halaman',
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '08:00' : null, end: i < 5 ? '17:00' : null })),
      },
    },
  });
  const rows: { id: string; startDate: string; createdAt: Date }[] = [];
  for (let i = 0; i < 25; i++) {
    const { user } = await createUser({ name: `Pegawai Halaman ${String(i).padStart(2, '0')}` });
    if (i === 7) await db.user.update({ where: { id: user.id }, data: { employeeNumber: 'NIK-7777', email: 'tujuh.khusus@test.local' } });
    // Five start dates, five people each; within a date, the later created first.
    const startDate = `2026-12-${String(1 + (i % 5)).padStart(2, '0')}`;
    const createdAt = new Date(Date.UTC(2026, 10, 1, 0, 0, i));
    const a = await db.scheduleAssignment.create({
      data: { userId: user.id, scheduleId: schedule.id, startDate: dateKeyToDate(startDate), createdAt },
    });
    rows.push({ id: a.id, startDate, createdAt });
  }
  expectedOrder = rows
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => r.id);
});

describe('GET /schedules/assignments', () => {
  it('without page: every assignment, newest start first, no page headers (the contract as before)', async () => {
    const res = await call(listRoute, { token: hrToken, path: path() });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { id: string }) => a.id)).toEqual(expectedOrder);
    expect(Object.keys(res.body[0]).sort()).toEqual(['endDate', 'id', 'scheduleId', 'scheduleName', 'startDate', 'userId', 'userName']);
    expect(res.body[0]).toMatchObject({ scheduleName: 'Shift Halaman', startDate: '2026-12-05', endDate: null });
    expect(res.headers.get('X-Total-Count')).toBeNull();
  });

  it('with page: 20 by default, the total in X-Total-Count, page 2 the rest in the same order', async () => {
    const first = await call(listRoute, { token: hrToken, path: path('page=1') });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('X-Total-Count')).toBe('25');
    expect(first.headers.get('X-Total-Pages')).toBe('2');
    expect(first.body.map((a: { id: string }) => a.id)).toEqual(expectedOrder.slice(0, 20));

    const second = await call(listRoute, { token: hrToken, path: path('page=2') });
    expect(second.body.map((a: { id: string }) => a.id)).toEqual(expectedOrder.slice(20));
    expect(second.headers.get('X-Page')).toBe('2');

    const small = await call(listRoute, { token: hrToken, path: path('page=3&limit=10') });
    expect(small.body.map((a: { id: string }) => a.id)).toEqual(expectedOrder.slice(20, 25));
    expect(small.headers.get('X-Page-Size')).toBe('10');
    expect(small.headers.get('X-Total-Pages')).toBe('3');

    const past = await call(listRoute, { token: hrToken, path: path('page=9') });
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('X-Total-Count')).toBe('25');
  });

  it('q searches the name, NIK and e-mail, case-insensitive', async () => {
    const byName = await call(listRoute, { token: hrToken, path: path('page=1&q=pegawai%20halaman%201') });
    expect(byName.headers.get('X-Total-Count')).toBe('10');
    expect(byName.body.every((a: { userName: string }) => a.userName.startsWith('Pegawai Halaman 1'))).toBe(true);

    const byNik = await call(listRoute, { token: hrToken, path: path('page=1&q=nik-77') });
    expect(byNik.body.map((a: { userName: string }) => a.userName)).toEqual(['Pegawai Halaman 07']);
    const byEmail = await call(listRoute, { token: hrToken, path: path('page=1&q=TUJUH.KHUSUS') });
    expect(byEmail.body.map((a: { userName: string }) => a.userName)).toEqual(['Pegawai Halaman 07']);

    const none = await call(listRoute, { token: hrToken, path: path('page=1&q=tidak-ada-siapa-pun') });
    expect(none.body).toEqual([]);
    expect(none.headers.get('X-Total-Count')).toBe('0');
    expect(none.headers.get('X-Total-Pages')).toBe('1');
  });

  it('bad page and limit values: 400 with the validation envelope', async () => {
    for (const [query, message] of [
      ['page=1&limit=0', 'Limit tidak valid'],
      ['page=1&limit=201', 'Limit maksimal 200'],
      ['page=1&limit=abc', 'Limit tidak valid'],
      ['page=0', 'Halaman tidak valid'],
      ['page=1.5', 'Halaman tidak valid'],
      ['page=-1', 'Halaman tidak valid'],
    ] as const) {
      const res = await call(listRoute, { token: hrToken, path: path(query) });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: message, code: 'VALIDATION' });
    }
    const ok = await call(listRoute, { token: hrToken, path: path('page=1&limit=200') });
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(25);
  });

  it('an employee is refused', async () => {
    expect((await call(listRoute, { token: employeeToken, path: path('page=1') })).status).toBe(403);
  });
});
