// The rows of the Riwayat Absensi exports (attendance-export.ts writes the files): the filters shared with
// the admin list, a keyset cursor over Attendance (newest first, 1,000 at a time) with the closed days
// without a record, and the per-employee summary, all with the payable minutes the histories show.
import { db } from '@/lib/server/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { HISTORY_DAY_STATUSES, storedDays } from '@/features/attendance/server/attendance-days';
import { payableMinutes } from '@/features/attendance/server/attendance-payable';
import type { ClosedDay } from '@/features/attendance/types/attendance';
import { dateToKey } from '@/lib/dates';
import type { ExportFilters as AttendanceListQuery } from '@/lib/validation/exports';
import { NO_SOURCE_COLUMNS, SOURCE_COLUMNS, SOURCE_JOINS, type SourceColumns } from '@/features/attendance/server/punch-source-sql';

export const EXPORT_BATCH = 1000;

export type ExportRow = SourceColumns & {
  id: string | null;
  workDate: string;
  checkInAt: string | null;
  checkOutAt: string | null;
  inLat: number | null;
  inLon: number | null;
  outLat: number | null;
  outLon: number | null;
  lateMinutes: number;
  earlyMinutes: number | null;
  faceCheckStatus: string | null;
  reviewDecision: string | null;
  userId: string;
  name: string;
  email: string;
  position: string;
  /** NIK karyawan and Divisi (docs/onboarding.md). */
  employeeNumber: string | null;
  division: string | null;
  officeName: string | null;
  zone: string | null;
  /** The closed day, when the daily close has classified it (docs/daily-close.md). */
  day?: ClosedDay | null;
};

export type SummaryRow = {
  userId: string;
  name: string;
  email: string;
  employeeNumber: string | null;
  division: string | null;
  days: number;
  complete: number;
  checkInOnly: number;
  rejected: number;
  lateCount: number;
  lateMinutes: number;
  earlyMinutes: number;
};

/** The people of a Divisi filter (a division, or 'none'), for a column holding a user id. */
export function divisionClause(column: Prisma.Sql, divisionId: string | undefined): Prisma.Sql {
  if (!divisionId) return Prisma.sql`TRUE`;
  return divisionId === 'none'
    ? Prisma.sql`${column} IN (SELECT du.id FROM "User" du WHERE du."divisionId" IS NULL)`
    : Prisma.sql`${column} IN (SELECT du.id FROM "User" du WHERE du."divisionId" = ${divisionId}::uuid)`;
}

/** The filters of the punch records (alias `a`) but the review's. */
function commonRecordParts(q: AttendanceListQuery): Prisma.Sql[] {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (q.startDate) parts.push(Prisma.sql`a."workDate" >= ${q.startDate}::date`);
  if (q.endDate) parts.push(Prisma.sql`a."workDate" <= ${q.endDate}::date`);
  if (q.employee) parts.push(Prisma.sql`a."userId" = ${q.employee}::uuid`);
  if (q.officeId) parts.push(Prisma.sql`a."officeId" = ${q.officeId}::uuid`);
  if (q.divisionId) parts.push(divisionClause(Prisma.sql`a."userId"`, q.divisionId));
  if (q.faceStatus) parts.push(Prisma.sql`a."faceCheckStatus"::text = ${q.faceStatus}`);
  return parts;
}

const hasFlag = Prisma.sql`EXISTS (SELECT 1 FROM "AttendanceFlag" f WHERE f."attendanceId" = a.id)`;

/** The filter of the punch records (alias `a`): the admin history's filters. Shared with GET /attendance/all. */
export function recordFilter(q: AttendanceListQuery): Prisma.Sql {
  const parts = commonRecordParts(q);
  // Perlu Tinjauan (NEEDS_REVIEW in features/attendance/server/attendance-flags.ts): flagged for any reason, not decided.
  // The other values are the inbox's: flagged and confirmed, flagged and rejected, ever flagged.
  const flagged = Prisma.sql`(a."faceCheckStatus" = 'flagged' OR ${hasFlag})`;
  if (q.review === 'perlu') parts.push(Prisma.sql`a."reviewDecision" IS NULL AND ${flagged}`);
  else if (q.review === 'dikonfirmasi') parts.push(Prisma.sql`a."reviewDecision" = 'confirmed' AND ${flagged}`);
  else if (q.review === 'ditolak') parts.push(Prisma.sql`a."reviewDecision" = 'rejected' AND ${flagged}`);
  else if (q.review === 'ditandai') parts.push(flagged);
  return Prisma.join(parts, ' AND ');
}

/**
 * recordFilter(q) as disjoint parts whose union is the same rows, each one an index can serve: Perlu
 * Tinjauan is the undecided face-flagged records (the partial index Attendance_needs_review_idx, in the
 * list's order) plus the undecided records flagged otherwise (few, found from AttendanceFlag); an OR of
 * the two scanned every record. Any other filter is one part.
 */
export function recordFilterParts(q: AttendanceListQuery): Prisma.Sql[] {
  if (q.review !== 'perlu') return [recordFilter(q)];
  const common = Prisma.join(commonRecordParts(q), ' AND ');
  return [
    Prisma.sql`${common} AND a."reviewDecision" IS NULL AND a."faceCheckStatus" = 'flagged'`,
    Prisma.sql`${common} AND a."reviewDecision" IS NULL AND a."faceCheckStatus" <> 'flagged' AND ${hasFlag}`,
  ];
}

/**
 * The filter of the closed days without a record (alias `ad`): absent, leave, dinas luar. None when
 * filtering by the face check or the review (such a day has neither). Shared with GET /attendance/all.
 */
export function closedDayFilter(q: AttendanceListQuery): Prisma.Sql {
  if (q.faceStatus || q.review) return Prisma.sql`FALSE`;
  const parts: Prisma.Sql[] = [Prisma.sql`ad."attendanceId" IS NULL AND ad.status::text IN (${Prisma.join(HISTORY_DAY_STATUSES)})`];
  if (q.startDate) parts.push(Prisma.sql`ad.date >= ${q.startDate}::date`);
  if (q.endDate) parts.push(Prisma.sql`ad.date <= ${q.endDate}::date`);
  if (q.employee) parts.push(Prisma.sql`ad."userId" = ${q.employee}::uuid`);
  if (q.officeId) parts.push(Prisma.sql`ad."officeId" = ${q.officeId}::uuid`);
  if (q.divisionId) parts.push(divisionClause(Prisma.sql`ad."userId"`, q.divisionId));
  return Prisma.join(parts, ' AND ');
}

/**
 * Every matching history row, newest first, read 1,000 at a time by keyset (date, check-in, key): the
 * punch records, and the closed days without one (absent, leave, dinas luar, docs/daily-close.md) as the
 * history lists show them. Each batch is one short query plus the batch's closed days (with their
 * correction trail), so memory stays flat and no transaction is held open for the export.
 */
export async function* attendanceCursor(q: AttendanceListQuery, batch = EXPORT_BATCH): AsyncGenerator<ExportRow> {
  let after: { d: string; t: string; key: string } | null = null;
  for (;;) {
    // The keyset bound goes into each branch (with a plain date bound the workDate index can use), each
    // branch stops at `batch` rows in the same order, and the union of the two is cut to `batch` again.
    const keyA: Prisma.Sql = after
      ? Prisma.sql`AND a."workDate" <= ${after.d}::date AND (a."workDate", a."checkInAt", a.id::text) < (${after.d}::date, ${after.t}::timestamptz, ${after.key})`
      : Prisma.empty;
    const keyD: Prisma.Sql = after
      ? Prisma.sql`AND ad.date <= ${after.d}::date AND (ad.date, '-infinity'::timestamptz, 'hari-' || ad."userId"::text || '-' || ad.date::text) < (${after.d}::date, ${after.t}::timestamptz, ${after.key})`
      : Prisma.empty;
    const rows: (ExportRow & { key: string; sortT: string })[] = await db.$queryRaw`
      SELECT x.*, to_char(x.sort_t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "sortT" FROM (
        (SELECT a.id::text AS key, a.id::text AS id, a."workDate", a."checkInAt" AS sort_t,
               to_char(a."checkInAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "checkInAt",
               to_char(a."checkOutAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "checkOutAt",
               a."checkInLatitude" AS "inLat", a."checkInLongitude" AS "inLon", a."checkOutLatitude" AS "outLat", a."checkOutLongitude" AS "outLon",
               a."lateMinutes", a."earlyMinutes", a."faceCheckStatus"::text AS "faceCheckStatus", a."reviewDecision"::text AS "reviewDecision",
               a."userId"::text AS "userId", u.name, u.email, u.position, u."employeeNumber", dv.name AS division,
               o.name AS "officeName", o.timezone AS zone, ${SOURCE_COLUMNS}
        FROM "Attendance" a JOIN "User" u ON u.id = a."userId" LEFT JOIN "Division" dv ON dv.id = u."divisionId"
        LEFT JOIN "Office" o ON o.id = a."officeId" ${SOURCE_JOINS}
        WHERE ${recordFilter(q)} ${keyA}
        ORDER BY a."workDate" DESC, a."checkInAt" DESC, a.id::text DESC
        LIMIT ${batch})
        UNION ALL
        (SELECT 'hari-' || ad."userId"::text || '-' || ad.date::text, NULL, ad.date, '-infinity'::timestamptz,
               NULL, NULL, NULL, NULL, NULL, NULL, ad."lateMinutes", NULL, NULL, NULL,
               ad."userId"::text, u.name, u.email, u.position, u."employeeNumber", dv.name, o.name, o.timezone, ${NO_SOURCE_COLUMNS}
        FROM "AttendanceDay" ad JOIN "User" u ON u.id = ad."userId" LEFT JOIN "Division" dv ON dv.id = u."divisionId"
        LEFT JOIN "Office" o ON o.id = ad."officeId"
        WHERE ${closedDayFilter(q)} ${keyD}
        ORDER BY ad.date DESC, 'hari-' || ad."userId"::text || '-' || ad.date::text DESC
        LIMIT ${batch})
      ) x
      ORDER BY x."workDate" DESC, x.sort_t DESC, x.key DESC
      LIMIT ${batch}`;
    if (rows.length) {
      // The closed days of the batch's employees over the batch's dates, with their correction trail.
      for (const r of rows) r.workDate = dateToKey(r.workDate as unknown as Date);
      const dates = rows.map((r) => r.workDate).sort();
      const stored = await storedDays([...new Set(rows.map((r) => r.userId))], dates[0]!, dates[dates.length - 1]!);
      const dayOf = new Map(stored.map((d) => [`${d.userId}|${d.date}`, d]));
      // A record's payable late/early minutes (after an approved half day or hourly permission), not its own.
      const payable = await payableMinutes(
        rows.filter((r) => r.id).map((r) => ({ userId: r.userId, date: r.workDate })),
        dayOf,
      );
      for (const r of rows) {
        r.day = dayOf.get(`${r.userId}|${r.workDate}`) ?? null;
        const p = r.id ? payable.get(`${r.userId}|${r.workDate}`) : undefined;
        if (p) {
          r.lateMinutes = p.lateMinutes;
          if (r.checkOutAt) r.earlyMinutes = p.earlyMinutes;
        }
        yield r;
      }
    }
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { d: last.workDate, t: last.sortT, key: last.key };
  }
}

/**
 * Per employee: days recorded, complete, check-in only, rejected (not present), late count and minutes.
 * The minutes are the payable ones, as the detail rows show them: a closed day's, and for a record whose
 * day is not closed yet the close's rule applied now (attendance-payable.ts).
 */
export async function summaryRows(q: AttendanceListQuery): Promise<SummaryRow[]> {
  const [rows, open] = await Promise.all([
    db.$queryRaw<SummaryRow[]>`
      SELECT a."userId"::text AS "userId", u.name, u.email, u."employeeNumber", dv.name AS division, count(*)::int AS days,
        count(*) FILTER (WHERE a."checkOutAt" IS NOT NULL AND a."reviewDecision" IS DISTINCT FROM 'rejected')::int AS complete,
        count(*) FILTER (WHERE a."checkOutAt" IS NULL AND a."reviewDecision" IS DISTINCT FROM 'rejected')::int AS "checkInOnly",
        count(*) FILTER (WHERE a."reviewDecision" = 'rejected')::int AS rejected,
        count(*) FILTER (WHERE coalesce(ad."lateMinutes", a."lateMinutes") > 0 AND a."reviewDecision" IS DISTINCT FROM 'rejected')::int AS "lateCount",
        coalesce(sum(coalesce(ad."lateMinutes", a."lateMinutes")) FILTER (WHERE a."reviewDecision" IS DISTINCT FROM 'rejected'), 0)::int AS "lateMinutes",
        coalesce(sum(CASE WHEN ad."userId" IS NOT NULL AND a."checkOutAt" IS NOT NULL THEN ad."earlyMinutes" ELSE a."earlyMinutes" END)
          FILTER (WHERE a."reviewDecision" IS DISTINCT FROM 'rejected'), 0)::int AS "earlyMinutes"
      FROM "Attendance" a JOIN "User" u ON u.id = a."userId" LEFT JOIN "Division" dv ON dv.id = u."divisionId"
      LEFT JOIN "AttendanceDay" ad ON ad."userId" = a."userId" AND ad.date = a."workDate"
      WHERE ${recordFilter(q)}
      GROUP BY a."userId", u.name, u.email, u."employeeNumber", dv.name
      ORDER BY u.name, a."userId"`,
    // The records whose day is not closed yet (the sums above took their own minutes).
    db.$queryRaw<{ userId: string; date: string; late: number; early: number | null; out: boolean }[]>`
      SELECT a."userId"::text AS "userId", a."workDate"::text AS date, a."lateMinutes" AS late, a."earlyMinutes" AS early,
             a."checkOutAt" IS NOT NULL AS out
      FROM "Attendance" a
      WHERE ${recordFilter(q)} AND a."reviewDecision" IS DISTINCT FROM 'rejected'
        AND NOT EXISTS (SELECT 1 FROM "AttendanceDay" ad WHERE ad."userId" = a."userId" AND ad.date = a."workDate")`,
  ]);
  if (!open.length) return rows;
  const payable = await payableMinutes(open, new Map());
  const rowOf = new Map(rows.map((r) => [r.userId, r]));
  for (const o of open) {
    const p = payable.get(`${o.userId}|${o.date}`);
    const row = rowOf.get(o.userId);
    if (!p || !row) continue;
    if (o.late > 0 && p.lateMinutes === 0) row.lateCount -= 1;
    if (o.late === 0 && p.lateMinutes > 0) row.lateCount += 1;
    row.lateMinutes += p.lateMinutes - o.late;
    if (o.out) row.earlyMinutes += p.earlyMinutes - (o.early ?? 0);
  }
  return rows;
}
