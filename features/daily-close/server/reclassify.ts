// Re-classification (docs/daily-close.md): days already closed are classified again when a fact of them
// changes afterwards (a leave decision or cancellation, a correction, a review rejection, someone put on the
// payroll), inside the transaction that changed it. Days not closed yet are left to their close
// (daily-close.ts); the days of a month closed by Tutup Periode stay as they are.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import { calendarFor, classify, writeDays } from '@/features/daily-close/server/day-classify';

type Tx = Prisma.TransactionClient;

/**
 * Re-classifies a user's days in [start, end] that are already closed (a day not closed yet is left to
 * its close). Call it inside the transaction that changed a fact of those days: a leave decision or
 * cancellation, a correction, a review rejection. Returns how many days it rewrote.
 */
export async function reclassifyDays(tx: Tx, userId: string, start: string, end: string): Promise<number> {
  if (end < start) return 0;
  const [who] = await tx.$queryRaw<{ counted: boolean }[]>`
    SELECT absensi_on_payroll(u) AS counted FROM "User" u WHERE id = ${userId}::uuid FOR UPDATE`;
  if (!who?.counted) return 0;
  const from = dateKeyToDate(start);
  const to = dateKeyToDate(end);
  const [stored, calendar, closes] = await Promise.all([
    tx.attendanceDay.findMany({ where: { userId, date: { gte: from, lte: to } }, select: { date: true } }),
    calendarFor(tx, [userId], start, end),
    tx.dayClose.findMany({ where: { date: { gte: from, lte: to } }, select: { officeId: true, date: true } }),
  ]);
  const closedDates = new Set(stored.map((d) => dateToKey(d.date)));
  const closedPairs = new Set(closes.map((c) => `${c.officeId}|${dateToKey(c.date)}`));
  for (const d of calendar) if (d.officeId && closedPairs.has(`${d.officeId}|${d.date}`)) closedDates.add(d.date);
  if (!closedDates.size) return 0;
  const rows = await classify(tx, [userId], start, end, (_u, date) => closedDates.has(date));
  await writeDays(
    tx,
    [...closedDates].map((date) => ({ userId, date })),
    rows,
  );
  return closedDates.size;
}

/** [start, end] less the months closed by Tutup Periode (their rows are frozen), as ranges. */
async function openRanges(tx: Tx, start: string, end: string): Promise<{ start: string; end: string }[]> {
  const closed = new Set(
    (
      await tx.period.findMany({
        where: { status: 'closed', month: { gte: start.slice(0, 7), lte: end.slice(0, 7) } },
        select: { month: true },
      })
    ).map((p) => p.month),
  );
  const out: { start: string; end: string }[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    if (closed.has(d.slice(0, 7))) continue;
    const last = out.at(-1);
    if (last && addDays(last.end, 1) === d) last.end = d;
    else out.push({ start: d, end: d });
  }
  return out;
}

/**
 * reclassifyDays() over the open months of [start, end] only: a closed month keeps its rows and its
 * snapshot (docs/periods.md). Used when a person is put on the payroll and by the one-time catch-up below.
 */
export async function reclassifyOpenDays(tx: Tx, userId: string, start: string, end: string): Promise<number> {
  let n = 0;
  for (const r of await openRanges(tx, start, end)) n += await reclassifyDays(tx, userId, r.start, r.end);
  return n;
}

/**
 * Every closed day of open months for one person (a stored row, or a DayClose of their office): called when
 * someone is put on the payroll, so the days closed meanwhile get their rows. Returns how many.
 */
export async function classifyClosedDays(tx: Tx, userId: string): Promise<number> {
  const [span] = await tx.$queryRaw<{ first: string | null; last: string | null }[]>`
    SELECT min(date)::text AS first, max(date)::text AS last FROM "DayClose"`;
  if (!span?.first || !span.last) return 0;
  return reclassifyOpenDays(tx, userId, span.first, span.last);
}

/**
 * Once per installation, after the release that brought payroll membership, half days on worked days
 * and hourly permissions (migration …_payroll_half_days_permits): the closed days of open months that
 * the new rules classify differently are classified again —
 *   - days with an approved half-day leave or hourly permission (late/early minutes, the half day's 0.5);
 *   - office-days already closed on which a payroll member has no row (HR accounts, on the payroll now).
 * Closed months are left as they are. Returns how many days were rewritten.
 */
export async function reclassifyForPayrollRules(): Promise<number> {
  const targets = await db.$queryRaw<{ userId: string; first: string; last: string }[]>`
    WITH closed AS (SELECT month FROM "Period" WHERE status = 'closed'),
    leave_days AS (
      SELECT ad."userId", ad.date FROM "AttendanceDay" ad
      JOIN "LeaveRequest" lr ON lr."userId" = ad."userId" AND ad.date BETWEEN lr."startDate" AND lr."endDate"
      WHERE lr.status = 'approved' AND (lr."halfDay" IS NOT NULL OR lr.hours IS NOT NULL)
    ),
    missing AS (
      SELECT u.id AS "userId", dc.date FROM "User" u
      LEFT JOIN "Settings" s ON s.id = 1
      JOIN "DayClose" dc ON dc."officeId" = coalesce(u."homeOfficeId", s."mainOfficeId")
      WHERE absensi_on_payroll(u) AND dc.date >= coalesce(u."joinDate", u."createdAt"::date)
        AND (u."endDate" IS NULL OR dc.date <= u."endDate")
        AND NOT EXISTS (SELECT 1 FROM "AttendanceDay" x WHERE x."userId" = u.id AND x.date = dc.date)
    )
    SELECT "userId"::text AS "userId", min(date)::text AS first, max(date)::text AS last
    FROM (SELECT * FROM leave_days UNION SELECT * FROM missing) t
    WHERE to_char(date, 'YYYY-MM') NOT IN (SELECT month FROM closed)
    GROUP BY "userId" ORDER BY "userId"`;
  let n = 0;
  for (const t of targets)
    n += await db.$transaction((tx) => reclassifyOpenDays(tx, t.userId, t.first, t.last), { timeout: 120_000, maxWait: 30_000 });
  return n;
}
