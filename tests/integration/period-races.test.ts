// A closed month stays closed under races (docs/periods.md, "Closing against concurrent writes"), the
// workplace dates of a user are locked like every other date of a closed month, and the overtime caps
// are judged over all of an employee's requests of the day and week, also when they arrive together
// (docs/overtime.md).
// The race itself needs PostgreSQL: PGlite is one connection, where transactions never overlap. That
// describe runs only when the suite runs on PostgreSQL (DATABASE_URL=postgresql://…, as the CI does).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { POST as closeRoute } from '@/app/api/periods/[month]/close/route';
import { PUT as rosterRoute } from '@/app/api/roster/route';
import { PUT as updateRoute } from '@/app/api/users/[id]/route';
import * as overtime from '@/app/api/overtime/route';
import { db } from '@/lib/server/db';
import { recapSnapshot } from '@/features/recap/server/recap';
import { addDays, dateKeyInZone, isoWeekday } from '@/lib/dates';
import { call, configureMainOffice, createUser, setDefaultWorkingDays, uniqueEmail } from '../helpers';

const isPostgres = inject('testDb').kind === 'postgres';
type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made;

const editUser = (id: string, over: Record<string, unknown>) =>
  call(updateRoute, {
    method: 'PUT',
    token: admin.token,
    params: { id },
    body: { name: 'Karyawan Balapan', email: uniqueEmail('race'), position: 'Staf', role: 'employee', ...over },
  });

beforeAll(async () => {
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' });
  admin = await createUser({ role: 'admin', name: 'Admin Balapan' });
});

describe('a user’s join and end dates in a closed month', () => {
  it('moving the join date into or out of a closed month, or the end date across one, is refused with the period message', async () => {
    const { user } = await createUser({ name: 'Joko', createdAt: new Date('2026-01-05T02:00:00Z') });
    expect((await editUser(user.id, { joinDate: '2026-11-02' })).status).toBe(200);
    await db.period.upsert({ where: { month: '2026-06' }, create: { month: '2026-06', status: 'closed' }, update: { status: 'closed' } });
    try {
      const closed = { status: 409, body: { error: 'Periode Juni 2026 sudah ditutup.', code: 'PERIOD_CLOSED' } };
      // Into June (closed): 15 June–1 November would become employed days.
      expect(await editUser(user.id, { joinDate: '2026-06-15' })).toMatchObject(closed);
      // Within open months: 2 → 9 November changes only November's days.
      expect((await editUser(user.id, { joinDate: '2026-11-09' })).status).toBe(200);
      // The database refuses it from any code, too.
      await expect(db.user.update({ where: { id: user.id }, data: { joinDate: new Date('2026-05-01') } })).rejects.toThrow(
        'Periode Juni 2026 sudah ditutup.',
      );
      // An end date in or before June: the days after it (June among them) would stop being employed.
      await expect(db.user.update({ where: { id: user.id }, data: { endDate: new Date('2026-06-20') } })).rejects.toThrow(
        'Periode Juni 2026 sudah ditutup.',
      );
      await db.user.update({ where: { id: user.id }, data: { endDate: new Date('2026-12-20') } });
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).joinDate?.toISOString().slice(0, 10)).toBe('2026-11-09');
    } finally {
      await db.period.update({ where: { month: '2026-06' }, data: { status: 'open' } });
    }
  });
});

describe('overtime caps over all requests of the day and week, requests arriving together', () => {
  const WIB = 'Asia/Jakarta';
  const lastWeekday = (weekday: number) => {
    let d = addDays(dateKeyInZone(new Date(), WIB), -1);
    while (isoWeekday(d) !== weekday) d = addDays(d, -1);
    return d;
  };
  const ask = (token: string, date: string, startTime: string, endTime: string) =>
    call(overtime.POST, { token, body: { date, startTime, endTime, reason: 'Stok opname' } });

  it('two rest-day windows of one Saturday may not pass the 12-hour maximum of a 5-day week together', async () => {
    const { token } = await createUser({ name: 'Sabtu', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    const saturday = lastWeekday(6);
    // 00:30–12:00 and 12:00–23:30: 690 minutes each, within 720 alone, 1,380 together.
    const answers = await Promise.all([ask(token, saturday, '00:30', '12:00'), ask(token, saturday, '12:00', '23:30')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body.code).toBe('OVERTIME_REST_DAY_MAX');
    expect(refused.body.error).toContain(`Pada tanggal ${saturday} sudah tercatat 11 jam 30 menit.`);
  });

  it('three working-day windows of 2 hours asked at once: two pass the 4-hour day, the third is refused', async () => {
    const { token } = await createUser({ name: 'Rabu', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    const wednesday = lastWeekday(3);
    const answers = await Promise.all([
      ask(token, wednesday, '17:00', '19:00'),
      ask(token, wednesday, '19:00', '21:00'),
      ask(token, wednesday, '21:00', '23:00'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.code).toBe('OVERTIME_DAILY_CAP');
  });
});

describe.runIf(isPostgres)('closing a month while writes into it race the close (PostgreSQL)', () => {
  // Each round closes one ended month while roster cells and join-date edits into it are sent: every
  // write either lands before the close (then the stored snapshot, recomputed afterwards from the
  // frozen month, is the same) or is refused with 409 PERIOD_CLOSED. No other answer.
  for (const month of ['2026-06', '2026-07', '2026-08', '2026-09']) {
    it(`${month}: every racing write is in the snapshot or refused with 409`, async () => {
      const people = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createUser({ name: `Balap ${month} ${i}`, createdAt: new Date('2026-01-05T02:00:00Z') })),
      );
      const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
      const writes = Array.from({ length: 20 }, (_, i) => async () => {
        await new Promise((r) => setTimeout(r, (i % 10) * 15));
        const p = people[i % people.length]!.user;
        if (i % 2 === 0)
          return call(rosterRoute, {
            method: 'PUT',
            token: admin.token,
            body: { cells: [{ userId: p.id, date: day(1 + (i % 28)), rest: true }] },
          });
        return editUser(p.id, { joinDate: day(2 + (i % 27)) });
      });
      const racing = writes.map((w) => w());
      await new Promise((r) => setTimeout(r, 40));
      const closed = await call(closeRoute, { token: admin.token, params: { month }, body: { override: true, reason: 'Uji balapan' } });
      const answers = await Promise.all(racing);
      expect(closed.status).toBe(200);
      for (const a of answers) {
        if (a.status !== 200) expect({ status: a.status, code: a.body.code }).toEqual({ status: 409, code: 'PERIOD_CLOSED' });
      }
      const period = await db.period.findUniqueOrThrow({ where: { month } });
      const stored = period.snapshot as { rows: unknown };
      expect(stored.rows).toEqual((await recapSnapshot(db, month)).rows);
      // Nothing written into the month after the close.
      const late = await db.rosterEntry.count({
        where: {
          date: { gte: new Date(`${month}-01`), lt: new Date(`${addDays(`${month}-28`, 5).slice(0, 7)}-01`) },
          updatedAt: { gt: period.closedAt! },
        },
      });
      expect(late).toBe(0);
    });
  }
});
