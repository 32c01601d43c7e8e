// GET /attendance/all: the contract's admin list, kept for compatibility and the history screen.
// Validated and paged as the employee history: newest first, `page` (from 1) and `limit` (1..1000,
// default 1000), the page info in X-* headers; every row of a range is reachable. Photos are never loaded.
import { db } from '@/lib/server/db';
import { breakFigures } from '@/features/attendance/lib/breaks';
import { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { dateToKey } from '@/lib/dates';
import { storedDays } from '@/features/attendance/server/attendance-days';
import { payableMinutes } from '@/features/attendance/server/attendance-payable';
import { closedDayFilter, recordFilterParts } from '@/features/attendance/server/attendance-export-rows';
import type { AttendanceListQuery, FaceStatus } from '@/features/reports/validation/reports';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import type { AttendanceRecordDto } from '@/features/attendance/types/attendance';
import { SOURCE_COLUMNS, SOURCE_JOINS, type SourceColumns } from '@/features/attendance/server/punch-source-sql';
import { punchSource } from '@/features/attendance/lib/punch-source';

export type { AttendanceRecordDto } from '@/features/attendance/types/attendance';

const select = {
  id: true,
  workDate: true,
  userId: true,
  checkInAt: true,
  checkInLatitude: true,
  checkInLongitude: true,
  checkOutAt: true,
  checkOutLatitude: true,
  checkOutLongitude: true,
  lateMinutes: true,
  earlyMinutes: true,
  faceCheckStatus: true,
  faceCheckReason: true,
  reviewDecision: true,
  reviewedAt: true,
  user: { select: { name: true, email: true, position: true, employeeNumber: true, division: { select: { name: true } } } },
  photos: { select: { kind: true } },
  office: { select: { id: true, name: true, timezone: true } },
  dayStatus: true,
  breakStartAt: true,
  breakEndAt: true,
  breakAllowedMinutes: true,
  flags: { select: { phase: true, reason: true, detail: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.AttendanceSelect;

type Row = Prisma.AttendanceGetPayload<{ select: typeof select }>;

function toDto(r: Row, src: SourceColumns | undefined): AttendanceRecordDto {
  const out = r.checkOutAt && r.checkOutLatitude !== null && r.checkOutLongitude !== null;
  return {
    id: r.id,
    date: dateToKey(r.workDate),
    userId: r.userId,
    userName: r.user.name,
    userEmail: r.user.email,
    userPosition: r.user.position,
    userEmployeeNumber: r.user.employeeNumber,
    userDivision: r.user.division?.name ?? null,
    checkIn: { timestamp: r.checkInAt.toISOString(), latitude: r.checkInLatitude, longitude: r.checkInLongitude },
    checkOut: out ? { timestamp: r.checkOutAt!.toISOString(), latitude: r.checkOutLatitude!, longitude: r.checkOutLongitude! } : null,
    checkInSource: punchSource(src?.inSourceKind ?? 'ponsel', src?.inSourceName ?? null),
    checkOutSource: out ? punchSource(src?.outSourceKind ?? null, src?.outSourceName ?? null) : null,
    lateMinutes: r.lateMinutes,
    earlyMinutes: r.earlyMinutes,
    faceCheckStatus: r.faceCheckStatus,
    faceCheckReason: r.faceCheckReason,
    reviewDecision: r.reviewDecision,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    hasCheckInPhoto: r.photos.some((p) => p.kind === 'check_in'),
    hasCheckOutPhoto: r.photos.some((p) => p.kind === 'check_out'),
    office: r.office,
    dayStatus: r.dayStatus,
    flags: r.flags,
    needsReview: r.reviewDecision === null && (r.faceCheckStatus === 'flagged' || r.flags.length > 0),
    break: breakFigures(r),
  };
}

/** One page of the admin list, newest first, with the count of the whole filtered range. */
export type AttendancePage = PageInfo & { records: AttendanceRecordDto[] };

type Key = { key: string; attendanceId: string | null; userId: string; date: string };

/**
 * The keys of the list's rows: the punch records and the closed days without one, in the export's order
 * (date, check-in time, key; all descending; a closed day after the records of its date). The key is
 * unique, so the order is total and pages never overlap or skip. Each branch stops at the rows the page
 * needs, in the same order, so the first pages stay cheap on a large table.
 */
function keysSql(q: AttendanceListQuery, upTo: number): Prisma.Sql {
  const records = recordFilterParts(q).map(
    (where) => Prisma.sql`
    (SELECT a.id::text AS key, a.id::text AS "attendanceId", a."userId"::text AS "userId", a."workDate" AS d, a."checkInAt" AS t
       FROM "Attendance" a WHERE ${where}
      ORDER BY a."workDate" DESC, a."checkInAt" DESC, a.id::text DESC LIMIT ${upTo})`,
  );
  return Prisma.sql`
    ${Prisma.join(records, ' UNION ALL ')}
    UNION ALL
    (SELECT 'hari-' || ad."userId"::text || '-' || ad.date::text, NULL, ad."userId"::text, ad.date, '-infinity'::timestamptz
       FROM "AttendanceDay" ad WHERE ${closedDayFilter(q)}
      ORDER BY ad.date DESC, 'hari-' || ad."userId"::text || '-' || ad.date::text DESC LIMIT ${upTo})`;
}

/** The count of each part (records, and closed days), as separate queries so they run side by side. */
function countSqls(q: AttendanceListQuery): Prisma.Sql[] {
  return [
    ...recordFilterParts(q).map((where) => Prisma.sql`SELECT count(*)::int AS n FROM "Attendance" a WHERE ${where}`),
    Prisma.sql`SELECT count(*)::int AS n FROM "AttendanceDay" ad WHERE ${closedDayFilter(q)}`,
  ];
}

/**
 * Counting a range of a million and a half rows costs more than the page itself (300 ms), so a total
 * of LARGE_COUNT or more is kept COUNT_TTL_MS for the same filters: such a total may lag the newest
 * check-ins by up to a minute, which its reader cannot tell from 1,500,000; smaller totals are always exact.
 */
const LARGE_COUNT = 100_000;
const COUNT_TTL_MS = 60_000;
const largeCounts = new Map<string, { n: number; at: number }>();

async function countOf(q: AttendanceListQuery): Promise<number> {
  const { page: _p, limit: _l, ...filters } = q;
  const key = JSON.stringify(filters);
  const hit = largeCounts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.n;
  const parts = await Promise.all(countSqls(q).map((sql) => db.$queryRaw<{ n: number }[]>(sql)));
  const n = parts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
  if (n >= LARGE_COUNT) {
    if (largeCounts.size >= 100) largeCounts.delete(largeCounts.keys().next().value!);
    largeCounts.set(key, { n, at: Date.now() });
  } else largeCounts.delete(key);
  return n;
}

/**
 * One page (`page`, `limit`) of every punch record and closed day without a record (absent, leave,
 * dinas luar) matching the filters; each record carries its closed day and correction trail. A row
 * written between two page requests shifts the later pages by one: a client reading every page keeps
 * each id once (as features/attendance/components/loadHistory.ts does).
 */
export async function listAllAttendance(actor: SessionUser, q: AttendanceListQuery): Promise<AttendancePage> {
  assertStaff(actor);
  const offset = (q.page - 1) * q.limit;
  const [total, keys] = await Promise.all([
    countOf(q),
    db.$queryRaw<Key[]>`
      SELECT key, "attendanceId", "userId", d::text AS date FROM (${keysSql(q, offset + q.limit)}) x
       ORDER BY d DESC, t DESC, key DESC LIMIT ${q.limit} OFFSET ${offset}`,
  ]);
  const info = { page: q.page, pageSize: q.limit, total, totalPages: Math.max(1, Math.ceil(total / q.limit)) };
  if (!keys.length) return { records: [], ...info };
  const ids = keys.flatMap((k) => (k.attendanceId ? [k.attendanceId] : []));
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const dates = keys.map((k) => k.date).sort();
  const [rows, sources, days, users] = await Promise.all([
    ids.length ? db.attendance.findMany({ where: { id: { in: ids } }, select }) : [],
    // Where each side was made: phone, kiosk, machine push or imported file (punch-source-sql.ts).
    ids.length
      ? db.$queryRaw<(SourceColumns & { id: string })[]>`
          SELECT a.id::text AS id, ${SOURCE_COLUMNS} FROM "Attendance" a ${SOURCE_JOINS} WHERE a.id = ANY(${ids}::uuid[])`
      : [],
    storedDays(userIds, dates[0]!, dates[dates.length - 1]!),
    db.user.findMany({
      where: { id: { in: userIds } },
      select: { id: true, name: true, email: true, position: true, employeeNumber: true, division: { select: { name: true } } },
    }),
  ]);
  const dayOf = new Map(days.map((d) => [`${d.userId}|${d.date}`, d]));
  // The payable late/early minutes (after an approved half day or hourly permission), not the record's own.
  const payable = await payableMinutes(
    rows.map((r) => ({ userId: r.userId, date: dateToKey(r.workDate) })),
    dayOf,
  );
  const sourceOf = new Map(sources.map((s) => [s.id, s]));
  const recordOf = new Map(
    rows.map((r) => {
      const dto = toDto(r, sourceOf.get(r.id));
      const p = payable.get(`${dto.userId}|${dto.date}`);
      if (p) {
        dto.lateMinutes = p.lateMinutes;
        if (r.checkOutAt) dto.earlyMinutes = p.earlyMinutes;
      }
      return [r.id, dto];
    }),
  );
  const userOf = new Map(users.map((u) => [u.id, u]));
  // In the keys' order; a row deleted since the keys were read is left out.
  const records = keys.flatMap((k): AttendanceRecordDto[] => {
    if (k.attendanceId) {
      const r = recordOf.get(k.attendanceId);
      if (r) r.day = dayOf.get(`${r.userId}|${r.date}`) ?? null;
      return r ? [r] : [];
    }
    const d = dayOf.get(`${k.userId}|${k.date}`);
    const u = userOf.get(k.userId);
    if (!d || !u) return [];
    return [
      {
        id: k.key,
        date: d.date,
        userId: u.id,
        userName: u.name,
        userEmail: u.email,
        userPosition: u.position,
        userEmployeeNumber: u.employeeNumber,
        userDivision: u.division?.name ?? null,
        checkIn: null,
        checkOut: null,
        checkInSource: null,
        checkOutSource: null,
        lateMinutes: d.lateMinutes,
        earlyMinutes: null,
        faceCheckStatus: 'pending' as FaceStatus,
        faceCheckReason: null,
        reviewDecision: null,
        reviewedAt: null,
        hasCheckInPhoto: false,
        hasCheckOutPhoto: false,
        office: d.office ? { id: d.office.id, name: d.office.name, timezone: d.office.timezone } : null,
        dayStatus: d.calendarStatus,
        day: d,
        flags: [],
        needsReview: false,
        break: null,
      },
    ];
  });
  return { records, ...info };
}
