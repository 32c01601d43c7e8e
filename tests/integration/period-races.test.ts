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
import { POST as correctionRoute } from '@/app/api/corrections/route';
import { PUT as leaveStatusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as reopenRoute } from '@/app/api/periods/[month]/reopen/route';
import { db } from '@/lib/server/db';
import { recapSnapshot } from '@/features/recap/server/recap';
import { addDays, dateKeyInZone, dateKeyToDate, isoWeekday } from '@/lib/dates';
import { call, configureMainOffice, createUser, setDefaultWorkingDays, uniqueEmail } from '../helpers';

const isPostgres = inject('testDb').kind === 'postgres';
type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made;
let mainOffice: string;

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
  mainOffice = (await db.settings.findUniqueOrThrow({ where: { id: 1 } })).mainOfficeId!;
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
  /**
   * The latest such weekday, `weeksBack` weeks earlier still, whose `span` days from it hold no holiday: a
   * holiday's overtime is capped as a rest day's, so a day of the national calendar (a week with Christmas)
   * would change the caps these tests count on.
   */
  const clearWeekday = async (weekday: number, span = 1, weeksBack = 0) => {
    let d = addDays(lastWeekday(weekday), -7 * weeksBack);
    const holidays = (from: string) =>
      db.holiday.count({ where: { date: { gte: dateKeyToDate(from), lte: dateKeyToDate(addDays(from, span - 1)) } } });
    while ((await holidays(d)) > 0) d = addDays(d, -7);
    return d;
  };
  const ask = (token: string, date: string, startTime: string, endTime: string) =>
    call(overtime.POST, { token, body: { date, startTime, endTime, reason: 'Stok opname' } });

  it('two rest-day windows of one Saturday may not pass the 12-hour maximum of a 5-day week together', async () => {
    const { token } = await createUser({ name: 'Sabtu', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    const saturday = await clearWeekday(6);
    // 00:30–12:00 and 12:00–23:30: 690 minutes each, within 720 alone, 1,380 together.
    const answers = await Promise.all([ask(token, saturday, '00:30', '12:00'), ask(token, saturday, '12:00', '23:30')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body.code).toBe('OVERTIME_REST_DAY_MAX');
    expect(refused.body.error).toContain(`Pada tanggal ${saturday} sudah tercatat 11 jam 30 menit.`);
  });

  it('three working-day windows of 2 hours asked at once: two pass the 4-hour day, the third is refused', async () => {
    const { token } = await createUser({ name: 'Rabu', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    const wednesday = await clearWeekday(3);
    const answers = await Promise.all([
      ask(token, wednesday, '17:00', '19:00'),
      ask(token, wednesday, '19:00', '21:00'),
      ask(token, wednesday, '21:00', '23:00'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.code).toBe('OVERTIME_DAILY_CAP');
  });

  it('five 4-hour working-day requests of one week asked at once: four pass the 18-hour week, the fifth is refused', async () => {
    const { token } = await createUser({ name: 'Pekan', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    // Monday to Friday of a week that has ended (the one before last week's Monday, or earlier).
    const monday = await clearWeekday(1, 5, 1);
    const answers = await Promise.all([0, 1, 2, 3, 4].map((d) => ask(token, addDays(monday, d), '17:00', '21:00')));
    // 4 × 4 h = 16 h; a fifth 4 h would make 20 h > 18 h.
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body.code).toBe('OVERTIME_WEEKLY_CAP');
    expect(refused.body.error).toContain('sudah tercatat 16 jam, sisa 2 jam');
  });

  it('two 7-hour windows of a national holiday on a weekday asked at once: one passes, 14 h together would pass the 12-hour maximum of a 5-day week', async () => {
    const { token } = await createUser({ name: 'Libur', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    const wednesday = await clearWeekday(3, 1, 2);
    await db.holiday.create({ data: { date: new Date(`${wednesday}T00:00:00Z`), name: 'Libur uji', kind: 'libur_nasional' } });
    const answers = await Promise.all([ask(token, wednesday, '08:00', '15:00'), ask(token, wednesday, '15:00', '22:00')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.code).toBe('OVERTIME_REST_DAY_MAX');
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

describe.runIf(isPostgres)('200 mixed writes into a month while it is being closed (PostgreSQL)', () => {
  // The month before this one (ended, within the corrections' 62 days; its last days within overtime's 31).
  // Each round: ten new employees (joined on the 1st), forty pending leave requests, then 200 writes
  // sent by three writers at once — admin corrections, leave approvals, overtime requests, punches
  // stored as a terminal's sync would, roster cells and join-date edits, all dated in the month — while
  // the admin closes it (sent when the 80th write starts). Every write must answer 2xx (and then be in the snapshot: the
  // stored snapshot equals the recap recomputed from the frozen month, and nothing in the month is newer
  // than the close) or 409 PERIOD_CLOSED. Then the month is reopened for the next round. Join dates move
  // within the 1st–4th only, every other write is dated from the 5th, so no write is refused for another reason.
  // PERIOD_RACE_ROUNDS sets the rounds (default 2; docs/daily-close.md gives the figures of 20).
  const rounds = Math.max(1, Number(process.env.PERIOD_RACE_ROUNDS ?? 2));
  const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
  const month = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const last = addDays(`${today.slice(0, 7)}-01`, -1);
  const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
  const tally = { landed: 0, refused: 0 };
  let hr: Made;

  beforeAll(async () => {
    hr = await createUser({ role: 'hr', name: 'HR Balapan', onPayroll: false });
  });

  for (let round = 1; round <= rounds; round++) {
    it(`round ${round} of ${rounds}: every one of 200 writes is in the snapshot or refused with 409`, async () => {
      // A round that failed before its reopen leaves the month closed: the next one starts open regardless.
      await db.period.updateMany({ where: { month, status: 'closed' }, data: { status: 'open' } });
      const people = await Promise.all(
        Array.from({ length: 10 }, (_, i) => createUser({ name: `Ronde ${round} ${i}`, createdAt: new Date(`${month}-01T02:00:00Z`) })),
      );
      const unpaid = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tanpa_upah' } });
      const leaves = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          db.leaveRequest.create({
            data: {
              userId: people[i % 10]!.user.id,
              type: 'lainnya',
              leaveTypeId: unpaid.id,
              category: 'izin',
              startDate: dateKeyToDate(day(5 + Math.floor(i / 10))),
              endDate: dateKeyToDate(day(5 + Math.floor(i / 10))),
              days: 1,
              reason: 'Urusan keluarga',
            },
          }),
        ),
      );
      // Overtime only where the 31 days allow: the month's last day (a working or a rest day, within every cap:
      // at most four one-hour windows from 17:00 per person).
      let overtimeSlot = 0;
      const dbWrite = async (write: () => Promise<unknown>) => {
        try {
          await write();
          return { status: 201, body: {} };
        } catch (err) {
          const code = (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } }).meta?.driverAdapterError?.cause
            ?.originalCode;
          if (code === 'AB409' || /sudah ditutup|sedang ditutup/.test(String(err))) return { status: 409, body: { code: 'PERIOD_CLOSED' } };
          throw err;
        }
      };
      const writes = Array.from({ length: 200 }, (_, i) => {
        const p = people[i % 10]!;
        const date = day(5 + (Math.floor(i / 10) % 20));
        switch (i % 6) {
          case 0:
            return () =>
              call(correctionRoute, {
                token: admin.token,
                body: { userId: p.user.id, date, kind: 'tambah_jam', checkIn: '08:00', checkOut: '17:00', reason: 'Mesin absen rusak' },
              });
          case 1: {
            const leave = leaves[Math.floor(i / 6) % leaves.length]!;
            return () => call(leaveStatusRoute, { method: 'PUT', token: hr.token, params: { id: leave.id }, body: { status: 'approved' } });
          }
          case 2: {
            const slot = overtimeSlot++;
            const who = people[slot % 10]!;
            const from = 17 + (Math.floor(slot / 10) % 4);
            return () =>
              call(overtime.POST, {
                token: who.token,
                body: { date: last, startTime: `${from}:00`, endTime: `${from + 1}:00`, reason: 'Stok opname' },
              });
          }
          case 3:
            return () =>
              dbWrite(() =>
                db.attendance.create({
                  data: {
                    userId: p.user.id,
                    workDate: dateKeyToDate(day(5 + Math.floor(i / 60) * 7 + Math.floor((i % 60) / 10))),
                    checkInAt: new Date(`${month}-01T01:00:00Z`),
                    checkInLatitude: 0,
                    checkInLongitude: 0,
                    checkInDistance: 10,
                    lateMinutes: 0,
                    officeId: mainOffice,
                    dayStatus: 'kerja',
                    faceCheckStatus: 'verified',
                  },
                }),
              );
          case 4:
            return () =>
              call(rosterRoute, { method: 'PUT', token: admin.token, body: { cells: [{ userId: p.user.id, date, rest: true }] } });
          default:
            return () => editUser(p.user.id, { joinDate: day(1 + (i % 4)) });
        }
      });
      // Three writers at a time (a 2-core machine under load keeps every transaction within Prisma's 5 s), the close sent when
      // the 80th write starts: writes are in flight before, during and after it.
      const answers: Awaited<ReturnType<(typeof writes)[number]>>[] = new Array(writes.length);
      // Warm-up, before the race: the first call of each route in a fresh process (code loaded, statements
      // planned) can take seconds on a loaded machine, beyond a transaction's 5 s. One of each kind, in order.
      for (const i of [0, 1, 2, 3, 4, 5]) {
        answers[i] = await writes[i]!();
        expect(answers[i]!.status, `warm-up ${i}`).toBeLessThan(300);
      }
      let next = 6;
      let fireClose: () => void = () => {};
      const closeDue = new Promise<void>((resolve) => (fireClose = resolve));
      const writers = Array.from({ length: 3 }, async () => {
        while (next < writes.length) {
          const i = next++;
          if (i === 80) fireClose();
          answers[i] = await writes[i]!();
        }
      });
      await closeDue;
      const closed = await call(closeRoute, { token: admin.token, params: { month }, body: { override: true, reason: 'Uji balapan' } });
      await Promise.all(writers);
      expect(closed.status).toBe(200);
      const unexpected = answers
        .map((a, i) => ({ i, kind: i % 6, status: a.status, code: a.body.code, error: a.body.error }))
        .filter((a) => !(a.status === 200 || a.status === 201 || (a.status === 409 && a.code === 'PERIOD_CLOSED')));
      expect(unexpected).toEqual([]);
      tally.landed += answers.filter((a) => a.status < 300).length;
      tally.refused += answers.filter((a) => a.status === 409).length;

      const period = await db.period.findUniqueOrThrow({ where: { month } });
      // The figures; a user edit that moves no date (a new e-mail address only) is no write into the month.
      const figures = (rows: unknown) => (rows as Record<string, unknown>[]).map(({ email: _e, name: _n, position: _p, ...rest }) => rest);
      expect(figures((period.snapshot as { rows: unknown }).rows)).toEqual(figures((await recapSnapshot(db, month)).rows));
      const inMonth = { gte: dateKeyToDate(day(1)), lte: dateKeyToDate(last) };
      const after = { gt: period.closedAt! };
      const ids = people.map((p) => p.user.id);
      expect({
        roster: await db.rosterEntry.count({ where: { userId: { in: ids }, date: inMonth, updatedAt: after } }),
        punches: await db.attendance.count({ where: { userId: { in: ids }, workDate: inMonth, createdAt: after } }),
        corrections: await db.attendanceCorrection.count({ where: { userId: { in: ids }, date: inMonth, requestedAt: after } }),
        overtime: await db.overtimeRequest.count({ where: { userId: { in: ids }, date: inMonth, createdAt: after } }),
        leaves: await db.leaveRequest.count({ where: { userId: { in: ids }, processedAt: after } }),
      }).toEqual({ roster: 0, punches: 0, corrections: 0, overtime: 0, leaves: 0 });
      // No join date moved after the close: each person's join date is the one the snapshot was taken with.
      const joined = await db.user.findMany({ where: { id: { in: ids } }, select: { joinDate: true, updatedAt: true } });
      const lastJoinEdit = answers.filter((a, i) => i % 6 === 5 && a.status === 200).length;
      expect(lastJoinEdit + answers.filter((a, i) => i % 6 === 5 && a.status === 409).length).toBe(33);
      expect(joined.every((u) => u.joinDate === null || u.joinDate <= dateKeyToDate(day(4)))).toBe(true);
      // What landed is there: every accepted punch is a row.
      const landedPunches = answers.filter((a, i) => i % 6 === 3 && a.status === 201).length;
      expect(await db.attendance.count({ where: { userId: { in: ids }, workDate: inMonth } })).toBe(landedPunches);

      const reopened = await call(reopenRoute, { token: admin.token, params: { month }, body: { reason: 'Ronde berikutnya' } });
      expect(reopened.status).toBe(200);
      if (round === rounds)
        console.log(`[period-races] ${rounds} round(s) of 200 writes: ${tally.landed} landed, ${tally.refused} refused (409)`);
    }, 300_000);
  }
});
