// The daily close (docs/daily-close.md): after an office's day has ended, every employee-day of that
// office is classified once into AttendanceDay. "Once" is the primary key of DayClose (office, date):
// the claim is inserted with ON CONFLICT DO NOTHING in the same transaction as the rows it produces,
// so however many instances race, one commits the close and the others find it done; a close that
// fails leaves no claim behind and is tried again. One read of the database's clock stamps the claim
// (DayClose.closedAt) and every row of that close (AttendanceDay.classifiedAt), so which close wrote a
// row can be proven. Later facts (leave, corrections, review rejections) re-classify the days they touch
// with reclassifyDays() (reclassify.ts).
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { conflict, notFound, unprocessable } from '@/lib/server/errors';
import { periodClosedMessage } from '@/features/periods/validation/periods';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey, instantInZone } from '@/lib/dates';
import { crossesMidnight, shiftWindow } from '@/features/attendance/lib/shift';
import { calendarFor, classify, writeDays } from '@/features/daily-close/server/day-classify';
import type { CloseQuery } from '@/features/corrections/validation/corrections';

type Tx = Prisma.TransactionClient;

/** How many past days a close catches up after downtime (and on the first start): the setting's default. */
export const CATCH_UP_DAYS = 62;
/** A night shift's day closes no earlier than this long after the shift ends (late check-outs). */
export const NIGHT_SHIFT_GRACE_MS = 2 * 60 * 60 * 1000;
export const DEFAULT_CLOSE_TIME = '02:00';

type Office = { id: string; timezone: string };

/** The employees whose home office is `officeId` on `date`, with their calendar rows of that date. */
async function officeDay(tx: Tx, officeId: string, date: string) {
  // Payroll members only (absensi_on_payroll: User.onPayroll and not waiting for approval, the one
  // definition the recap and Tutup Periode use too); the home office decides (null: the main office);
  // the calendar stays the judge of who was employed that day.
  const users = await tx.$queryRaw<{ id: string }[]>`
    SELECT u.id::text AS id FROM "User" u LEFT JOIN "Settings" s ON s.id = 1
     WHERE absensi_on_payroll(u) AND COALESCE(u."homeOfficeId", s."mainOfficeId") = ${officeId}::uuid`;
  if (!users.length) return [];
  const rows = await calendarFor(
    tx,
    users.map((u) => u.id),
    date,
    date,
  );
  return rows.filter((r) => r.officeId === officeId && r.status !== 'belum_bergabung' && r.status !== 'nonaktif');
}

/**
 * When the day `date` of an office may close: the close time of the next local day, or later, two hours
 * after the end of a night shift that started on `date`.
 */
export async function closeDueAt(tx: Tx, office: Office, date: string, closeTime: string): Promise<Date> {
  let due = instantInZone(addDays(date, 1), closeTime, office.timezone);
  for (const d of await officeDay(tx, office.id, date)) {
    if (d.status === 'kerja' && d.shiftStart && d.shiftEnd && crossesMidnight(d.shiftStart, d.shiftEnd)) {
      const end = new Date(shiftWindow(date, d.shiftStart, d.shiftEnd, d.timezone).end.getTime() + NIGHT_SHIFT_GRACE_MS);
      if (end > due) due = end;
    }
  }
  return due;
}

/**
 * The stamp of one close: the transaction's time on the database's clock (the one clock every instance
 * shares), at the columns' millisecond precision, read once and written into the claim and every row.
 */
async function closeStamp(tx: Tx): Promise<Date> {
  const [row] = await tx.$queryRaw<{ at: Date }[]>`SELECT now()::timestamptz(3) AS at`;
  return row!.at;
}

/** Classifies and stores the employee-days of one office on one date (no claim), stamped `at`: returns how many. */
async function classifyOfficeDay(tx: Tx, officeId: string, date: string, at: Date): Promise<number> {
  const users = (await officeDay(tx, officeId, date)).map((d) => d.userId).sort();
  if (!users.length) return 0;
  // Key-share locks: a re-classification (which locks its employee FOR UPDATE) waits for this close
  // to commit, or this close waits for it and then reads its facts. Neither misses the other.
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ANY(${users}::uuid[]) ORDER BY id FOR KEY SHARE`;
  const rows = await classify(tx, users, date, date);
  await writeDays(
    tx,
    users.map((userId) => ({ userId, date })),
    rows,
    at,
  );
  return rows.length;
}

/** Whether the month of `date` is closed (Tutup Periode). */
async function closedMonth(client: Tx | typeof db, date: string): Promise<boolean> {
  return !!(await client.period.findFirst({ where: { month: date.slice(0, 7), status: 'closed' }, select: { month: true } }));
}

export type CloseResult = { officeId: string; date: string; ran: boolean; days: number };

/** The close of one office-day, exactly once: false when another run already committed it. */
export async function closeOfficeDay(officeId: string, date: string): Promise<CloseResult> {
  // A day of a closed month (docs/periods.md) is left alone: its rows are locked. It is closed (not
  // claimed before) once the month is reopened.
  if (await closedMonth(db, date)) return { officeId, date, ran: false, days: 0 };
  return db.$transaction(
    async (tx) => {
      const at = await closeStamp(tx);
      const claimed = await tx.$queryRaw<{ officeId: string }[]>`
        INSERT INTO "DayClose" ("officeId", "date", "days", "closedAt") VALUES (${officeId}::uuid, ${date}::date, 0, ${at}::timestamptz)
        ON CONFLICT ("officeId", "date") DO NOTHING RETURNING "officeId"::text`;
      if (!claimed.length) return { officeId, date, ran: false, days: 0 };
      const days = await classifyOfficeDay(tx, officeId, date, at);
      await tx.dayClose.update({ where: { officeId_date: { officeId, date: dateKeyToDate(date) } }, data: { days } });
      return { officeId, date, ran: true, days };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** The close time and the catch-up window (Settings, set on the Tutup Harian page). */
async function closeSettings(): Promise<{ time: string; catchUpDays: number }> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { dailyCloseTime: true, dailyCloseCatchUpDays: true } });
  return { time: s?.dailyCloseTime ?? DEFAULT_CLOSE_TIME, catchUpDays: s?.dailyCloseCatchUpDays ?? CATCH_UP_DAYS };
}

/**
 * Every office-day that is due and not closed yet, from the catch-up window ago (the setting, unless
 * `catchUpDays` is given), oldest first. Run by the worker every minute in each instance; returns the
 * closes this call committed.
 */
export async function runDueCloses(now: Date = new Date(), catchUpDays?: number): Promise<CloseResult[]> {
  const offices = await db.office.findMany({ select: { id: true, timezone: true }, orderBy: { createdAt: 'asc' } });
  const settings = await closeSettings();
  const time = settings.time;
  catchUpDays ??= settings.catchUpDays;
  const done: CloseResult[] = [];
  for (const office of offices) {
    const today = dateKeyInZone(now, office.timezone);
    const first = addDays(today, -catchUpDays);
    const closed = new Set(
      (await db.dayClose.findMany({ where: { officeId: office.id, date: { gte: dateKeyToDate(first) } }, select: { date: true } })).map(
        (c) => dateToKey(c.date),
      ),
    );
    for (let date = first; date < today; date = addDays(date, 1)) {
      if (closed.has(date)) continue;
      if (instantInZone(addDays(date, 1), time, office.timezone) > now) break;
      if ((await closeDueAt(db, office, date, time)) > now) continue;
      const result = await closeOfficeDay(office.id, date);
      if (result.ran) done.push(result);
    }
  }
  return done;
}

/**
 * POST /api/attendance/close?date&officeId (admin or HR): close that day now, for one office or all. A day
 * already closed is classified again from the facts (the same answer unless a fact changed). Today (a day
 * not over yet in the office's zone) is classified provisionally: the rows are written but the day is not
 * claimed, so its real close still runs after it ends. A future date is refused.
 */
export async function closeNow(
  actor: SessionUser,
  q: CloseQuery,
): Promise<{ date: string; offices: { officeId: string; days: number; alreadyClosed: boolean; provisional: boolean }[] }> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat menjalankan tutup harian.');
  const offices = q.officeId
    ? await db.office.findMany({ where: { id: q.officeId }, select: { id: true, timezone: true } })
    : await db.office.findMany({ select: { id: true, timezone: true }, orderBy: { createdAt: 'asc' } });
  if (!offices.length) throw notFound('Kantor tidak ditemukan');
  const now = new Date();
  if (offices.some((o) => q.date > dateKeyInZone(now, o.timezone)))
    throw unprocessable('Tanggal tersebut belum tiba; tutup harian hanya untuk hari ini atau hari yang sudah lewat.', 'DAY_NOT_STARTED');
  // A re-close inside a closed month would rewrite locked days (the database refuses it too).
  if (await closedMonth(db, q.date)) throw conflict(periodClosedMessage(q.date.slice(0, 7)), 'PERIOD_CLOSED');
  const result: { officeId: string; days: number; alreadyClosed: boolean; provisional: boolean }[] = [];
  await db.$transaction(
    async (tx) => {
      // One stamp for this run: a new claim and the rows it writes carry it; a re-run of a closed day
      // stamps its rewritten rows with it (the claim keeps the first close's time).
      const at = await closeStamp(tx);
      for (const o of offices) {
        const provisional = q.date === dateKeyInZone(now, o.timezone);
        const claimed = provisional
          ? []
          : await tx.$queryRaw<{ officeId: string }[]>`
          INSERT INTO "DayClose" ("officeId", "date", "days", "closedAt") VALUES (${o.id}::uuid, ${q.date}::date, 0, ${at}::timestamptz)
          ON CONFLICT ("officeId", "date") DO NOTHING RETURNING "officeId"::text`;
        const days = await classifyOfficeDay(tx, o.id, q.date, at);
        if (!provisional)
          await tx.dayClose.update({ where: { officeId_date: { officeId: o.id, date: dateKeyToDate(q.date) } }, data: { days } });
        result.push({ officeId: o.id, days, alreadyClosed: !provisional && !claimed.length, provisional });
      }
      await recordAudit(tx, {
        actor,
        kind: 'attendance.close',
        entity: 'DayClose',
        entityId: q.date,
        after: { date: q.date, offices: result },
      });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return { date: q.date, offices: result };
}
