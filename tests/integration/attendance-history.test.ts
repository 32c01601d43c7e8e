// GET /attendance/history/{userId} over any range: the contract's list of entries, a page at a time,
// with the page info in headers. 1,200 hand-made days of one employee, worked out below.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as historyRoute } from '@/app/api/attendance/history/[userId]/route';
import { db } from '@/lib/server/db';
import { addDays, dateKeyToDate } from '@/lib/dates';
import { call, createUser } from '../helpers';

const FIRST_DAY = '2022-01-01';
const DAYS = 1200; // 2022-01-01 .. 2025-04-14, one record a day
const LAST_DAY = addDays(FIRST_DAY, DAYS - 1);
let userId = '';
let token = '';

const get = (query: string, as = token) => call(historyRoute, { token: as, params: { userId }, path: `/api/attendance/history/x${query}` });
const dates = (body: { date: string }[]) => body.map((e) => e.date);
const pageInfo = (headers: Headers) => ({
  total: headers.get('X-Total-Count'),
  page: headers.get('X-Page'),
  pageSize: headers.get('X-Page-Size'),
  totalPages: headers.get('X-Total-Pages'),
});

beforeAll(async () => {
  const made = await createUser({ name: 'Lama Bekerja' });
  userId = made.user.id;
  token = made.token;
  await db.attendance.createMany({
    data: Array.from({ length: DAYS }, (_, i) => {
      const day = addDays(FIRST_DAY, i);
      return {
        userId,
        workDate: dateKeyToDate(day),
        checkInAt: new Date(`${day}T01:00:00Z`),
        checkInLatitude: -6.1751,
        checkInLongitude: 106.8271,
        checkInDistance: 30,
      };
    }),
  });
});

describe('GET /api/attendance/history/{userId}', () => {
  it('without page or limit: the newest 1,000 entries as a plain list; the headers say 1,200 in 2 pages', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1000);
    expect(res.body[0].date).toBe(LAST_DAY);
    expect(res.body[999].date).toBe(addDays(LAST_DAY, -999));
    expect(pageInfo(res.headers)).toEqual({ total: '1200', page: '1', pageSize: '1000', totalPages: '2' });
  });

  it('page 2 holds the 200 oldest; together the pages are every day once, newest first', async () => {
    const first = await get('?page=1');
    const second = await get('?page=2');
    expect(second.status).toBe(200);
    expect(second.body).toHaveLength(200);
    expect(second.body[199].date).toBe(FIRST_DAY);
    const all = [...dates(first.body), ...dates(second.body)];
    expect(new Set(all).size).toBe(DAYS);
    expect(all).toEqual(Array.from({ length: DAYS }, (_, i) => addDays(LAST_DAY, -i)));
    // Past the last page: an empty list, still 200.
    const beyond = await get('?page=3');
    expect(beyond.body).toEqual([]);
    expect(pageInfo(beyond.headers)).toEqual({ total: '1200', page: '3', pageSize: '1000', totalPages: '2' });
  });

  it('takes a range over one year (2022-03-01 .. 2024-02-29 = 731 days) and a smaller page size', async () => {
    const res = await get('?startDate=2022-03-01&endDate=2024-02-29&limit=300&page=3');
    expect(res.status).toBe(200);
    expect(pageInfo(res.headers)).toEqual({ total: '731', page: '3', pageSize: '300', totalPages: '3' });
    // Entries 601..731 of the range, newest first: 2024-02-29 minus 600 days, down to 2022-03-01.
    expect(res.body).toHaveLength(131);
    expect(res.body[0].date).toBe(addDays('2024-02-29', -600));
    expect(res.body[130].date).toBe('2022-03-01');
  });

  it('one date alone bounds one side; an empty range answers an empty list with total 0 and 1 page', async () => {
    const from = await get(`?startDate=${addDays(LAST_DAY, -9)}`);
    expect(dates(from.body)).toHaveLength(10);
    const until = await get('?endDate=2022-01-05');
    expect(dates(until.body)).toEqual(['2022-01-05', '2022-01-04', '2022-01-03', '2022-01-02', '2022-01-01']);
    const none = await get('?startDate=2030-01-01');
    expect(none.body).toEqual([]);
    expect(pageInfo(none.headers)).toEqual({ total: '0', page: '1', pageSize: '1000', totalPages: '1' });
  });

  it('refuses a bad page or limit with its reason and changes nothing', async () => {
    for (const [q, message] of [
      ['?page=0', 'Halaman harus berupa bilangan bulat mulai dari 1'],
      ['?page=1.5', 'Halaman harus berupa bilangan bulat mulai dari 1'],
      ['?page=abc', 'Halaman harus berupa bilangan bulat mulai dari 1'],
      ['?limit=0', 'Limit harus antara 1 dan 1000'],
      ['?limit=1001', 'Limit harus antara 1 dan 1000'],
    ] as const) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe(message);
      expect(res.body.code, q).toBe('VALIDATION');
    }
    expect(await db.attendance.count({ where: { userId } })).toBe(DAYS);
  });
});
