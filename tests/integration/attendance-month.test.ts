// The month's sums (docs/recap.md, "The month's sums"): AttendanceMonth is kept by triggers on AttendanceDay,
// whatever writes the days. Every check compares it with the same figures added up from the days themselves,
// as Rekap Bulanan computed them before the sums existed: after inserts, updates (a status, the minutes, a day
// moved to another office or month), upserts, deletes, a user deleted with their days, and 300 random writes.
// Then the recap's office of a member who changed office in the month: the office of their last day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { computeRecapRows } from '@/features/recap/server/recap-rows';
import { createUser } from '../helpers';
import { MONTH_FIGURES, MONTH_FIGURES_FROM_DAYS } from '../month-figures-sql';

const STATUSES = ['hadir', 'dinas_luar', 'lupa_checkout', 'alpa', 'libur', 'istirahat', 'cuti', 'izin', 'sakit'] as const;
const CALENDAR = ['kerja', 'istirahat', 'libur_nasional', 'libur_perusahaan', 'cuti_bersama'] as const;

/** The sums kept, and the sums added up from the days now (the recap's definitions), for these users. */
async function keptAndCounted(users: string[]) {
  const kept = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT "userId"::text AS "userId", month::text AS month, "officeId"::text AS "officeId", ${MONTH_FIGURES}
     FROM "AttendanceMonth" WHERE "userId" = ANY ($1::uuid[]) ORDER BY 1, 2, 3`,
    users,
  );
  const counted = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT "userId"::text AS "userId", date_trunc('month', date)::date::text AS month, "officeId"::text AS "officeId",
       ${MONTH_FIGURES_FROM_DAYS}
     FROM "AttendanceDay" WHERE "userId" = ANY ($1::uuid[]) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    users,
  );
  return { kept, counted };
}

async function expectInStep(users: string[]) {
  const { kept, counted } = await keptAndCounted(users);
  expect(kept).toEqual(counted);
  return kept;
}

/** A deterministic generator (mulberry32), so a failure is the same run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let officeA: string;
let officeB: string;
const made: string[] = [];

beforeAll(async () => {
  officeA = (await db.office.create({ data: { name: 'Kantor Uji Sum A', timezone: 'Asia/Jakarta' } })).id;
  officeB = (await db.office.create({ data: { name: 'Kantor Uji Sum B', timezone: 'Asia/Jakarta' } })).id;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: made } } });
  await db.office.deleteMany({ where: { id: { in: [officeA, officeB] } } });
});

async function member() {
  const { user } = await createUser({ name: 'Sum Uji' });
  made.push(user.id);
  return user.id;
}

describe('AttendanceMonth follows every write to AttendanceDay', () => {
  it('insert, update, move, upsert and delete: the kept sums are the days’ sums, worked by hand', async () => {
    const u = await member();
    // Three days of October at A: hadir 10 min late, alpa, dinas luar on a holiday (corrected); one of November.
    await db.$executeRawUnsafe(
      `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus", "lateMinutes", "earlyMinutes", "correctionId") VALUES
        ($1::uuid, '2025-10-01', $2::uuid, 'hadir', 'kerja', 10, 0, NULL),
        ($1::uuid, '2025-10-02', $2::uuid, 'alpa', 'kerja', 0, 0, NULL),
        ($1::uuid, '2025-10-03', $2::uuid, 'dinas_luar', 'libur_nasional', 0, 0, gen_random_uuid()),
        ($1::uuid, '2025-11-03', $2::uuid, 'hadir', 'kerja', 0, 25, NULL)`,
      u,
      officeA,
    );
    const after = await expectInStep([u]);
    expect(
      after.map((r) => [r.month, r.days, r.workDays, r.present, r.dinasLuar, r.lateMinutes, r.alpa, r.holidaysWorked, r.correctedDays]),
    ).toEqual([
      ['2025-10-01', 3, 2, 2, 1, 10, 1, 1, 1],
      ['2025-11-01', 1, 1, 1, 0, 0, 0, 0, 0],
    ]);
    // The alpa day becomes hadir 5 minutes late, at office B: October splits into two rows.
    await db.$executeRawUnsafe(
      `UPDATE "AttendanceDay" SET status = 'hadir', "lateMinutes" = 5, "officeId" = $2::uuid WHERE "userId" = $1::uuid AND date = '2025-10-02'`,
      u,
      officeB,
    );
    const moved = await expectInStep([u]);
    const rows = moved.map((r) => [r.month, r.officeId === officeA ? 'A' : 'B', r.days, r.present, r.lateCount, r.lateMinutes, r.alpa]);
    expect(rows.sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`))).toEqual([
      ['2025-10-01', 'A', 2, 2, 1, 10, 0],
      ['2025-10-01', 'B', 1, 1, 1, 5, 0],
      ['2025-11-01', 'A', 1, 1, 0, 0, 0],
    ]);
    // An upsert as a re-close writes it: the day back at A as sakit. B's row has no day left and goes.
    await db.$executeRawUnsafe(
      `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus") VALUES ($1::uuid, '2025-10-02', $2::uuid, 'sakit', 'kerja')
       ON CONFLICT ("userId", date) DO UPDATE SET status = 'sakit', "officeId" = $2::uuid, "lateMinutes" = 0`,
      u,
      officeA,
    );
    const back = await expectInStep([u]);
    expect(back.filter((r) => r.officeId === officeB)).toEqual([]);
    // A date moved into another month, then every day of November deleted: November's row goes.
    await db.$executeRawUnsafe(`UPDATE "AttendanceDay" SET date = '2025-11-04' WHERE "userId" = $1::uuid AND date = '2025-10-01'`, u);
    await expectInStep([u]);
    await db.$executeRawUnsafe(`DELETE FROM "AttendanceDay" WHERE "userId" = $1::uuid AND date >= '2025-11-01'`, u);
    const left = await expectInStep([u]);
    expect(left.map((r) => [r.month, r.days])).toEqual([['2025-10-01', 2]]);
  });

  it('a user deleted takes their days and their sums', async () => {
    const u = await member();
    await db.$executeRawUnsafe(
      `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus") VALUES ($1::uuid, '2025-09-01', $2::uuid, 'hadir', 'kerja')`,
      u,
      officeA,
    );
    expect(await expectInStep([u])).toHaveLength(1);
    await db.user.delete({ where: { id: u } });
    expect((await keptAndCounted([u])).kept).toEqual([]);
  });

  it('300 random writes of three members over three months stay in step after each batch', async () => {
    const users = [await member(), await member(), await member()];
    const next = random(20261129);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const dates = ['2025-06', '2025-07', '2025-08'].flatMap((m) =>
      Array.from({ length: 8 }, (_, i) => `${m}-${String(i * 3 + 2).padStart(2, '0')}`),
    );
    for (let batch = 0; batch < 30; batch++) {
      for (let i = 0; i < 10; i++) {
        const u = pick(users);
        const date = pick(dates);
        const kind = next();
        const office = next() < 0.7 ? officeA : officeB;
        if (kind < 0.5)
          await db.$executeRawUnsafe(
            `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus", "lateMinutes", "earlyMinutes", "correctionId")
             VALUES ($1::uuid, $2::date, $3::uuid, $4::"DayResult", $5, $6, $7, CASE WHEN $8 THEN gen_random_uuid() END)
             ON CONFLICT ("userId", date) DO UPDATE SET status = excluded.status, "calendarStatus" = excluded."calendarStatus",
               "officeId" = excluded."officeId", "lateMinutes" = excluded."lateMinutes", "earlyMinutes" = excluded."earlyMinutes",
               "correctionId" = excluded."correctionId"`,
            u,
            date,
            office,
            pick(STATUSES),
            pick(CALENDAR),
            next() < 0.3 ? Math.floor(next() * 60) : 0,
            next() < 0.2 ? Math.floor(next() * 45) : 0,
            next() < 0.2,
          );
        else if (kind < 0.8)
          // One statement changing several days of one member at once, as a re-close of a month does.
          await db.$executeRawUnsafe(
            `UPDATE "AttendanceDay" SET status = $3::"DayResult", "lateMinutes" = "lateMinutes" + 1 WHERE "userId" = $1::uuid AND date >= $2::date`,
            u,
            date,
            pick(STATUSES),
          );
        else await db.$executeRawUnsafe(`DELETE FROM "AttendanceDay" WHERE "userId" = $1::uuid AND date = $2::date`, u, date);
      }
      await expectInStep(users);
    }
    // The run did reach every month and both offices (else it proved little).
    const { kept } = await keptAndCounted(users);
    expect(new Set(kept.map((r) => r.month)).size).toBe(3);
    expect(new Set(kept.map((r) => r.officeId)).size).toBe(2);
  });

  it('writes of one member’s month from two connections at once add up', async () => {
    const u = await member();
    const days = Array.from({ length: 20 }, (_, i) => `2025-05-${String(i + 1).padStart(2, '0')}`);
    await Promise.all(
      days.map((date, i) =>
        db.$transaction(async (tx) => {
          await tx.$executeRawUnsafe(
            `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus", "lateMinutes") VALUES ($1::uuid, $2::date, $3::uuid, 'hadir', 'kerja', $4)`,
            u,
            date,
            officeA,
            i,
          );
        }),
      ),
    );
    const kept = await expectInStep([u]);
    // 20 days, 19 of them late by 1 + 2 + … + 19 = 190 minutes.
    expect(kept.map((r) => [r.days, r.present, r.lateCount, r.lateMinutes])).toEqual([[20, 20, 19, 190]]);
  });
});

describe('the recap’s office of a member who changed office in the month', () => {
  it('is the office of their last day, closed or not', async () => {
    const u = await member();
    await db.user.update({ where: { id: u }, data: { joinDate: new Date('2025-04-01T00:00:00Z'), homeOfficeId: officeA } });
    // April 2025 closed whole: 1–15 at B, 16–30 at A → A; then 1–20 at A, 21–30 at B → B.
    const close = (date: string, office: string) =>
      db.$executeRawUnsafe(
        `INSERT INTO "AttendanceDay" ("userId", date, "officeId", status, "calendarStatus") VALUES ($1::uuid, $2::date, $3::uuid, 'hadir', 'kerja')
         ON CONFLICT ("userId", date) DO UPDATE SET "officeId" = excluded."officeId"`,
        u,
        date,
        office,
      );
    const april = Array.from({ length: 30 }, (_, i) => `2025-04-${String(i + 1).padStart(2, '0')}`);
    for (const [i, date] of april.entries()) await close(date, i < 15 ? officeB : officeA);
    const officeOf = async () => {
      const [row] = await computeRecapRows(db, '2025-04', [u]);
      return { office: row!.officeId === officeA ? 'A' : 'B', days: row!.present, open: row!.openDays };
    };
    expect(await officeOf()).toEqual({ office: 'A', days: 30, open: 0 });
    for (const [i, date] of april.entries()) await close(date, i < 20 ? officeA : officeB);
    expect(await officeOf()).toEqual({ office: 'B', days: 30, open: 0 });
    // The 30th not closed (its row deleted): its office is the home office A, and it is the last day.
    await db.$executeRawUnsafe(`DELETE FROM "AttendanceDay" WHERE "userId" = $1::uuid AND date = '2025-04-30'`, u);
    expect(await officeOf()).toEqual({ office: 'A', days: 29, open: 1 });
  });
});
