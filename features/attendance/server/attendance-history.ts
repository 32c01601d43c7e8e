// One employee's history: every punch record and every closed day without one, a page at a time.
import { db } from '@/lib/server/db';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';
import { Prisma } from '@/lib/generated/prisma/client';
import { HISTORY_DAY_STATUSES, storedDays } from '@/features/attendance/server/attendance-days';
import { dateKeyToDate, dateToKey, zoneAbbreviation } from '@/lib/dates';
import type { HistoryQuery } from '@/features/attendance/validation/attendance';
import type { DayDto, HistoryEntry } from '@/features/attendance/types/attendance';
import { assertUserExists, marks, photoKindsSelect, type WithOffice } from '@/features/attendance/server/attendance-marks';
import { breakFigures } from '@/features/attendance/lib/breaks';
import { payableMinutes, type Payable } from '@/features/attendance/server/attendance-payable';

/**
 * A punch record as a history entry: its own times, and the payable late/early minutes (after an
 * approved half day or hourly permission, attendance-payable.ts) where the record's own would be.
 */
function historyDto(a: WithOffice, payable: Payable | undefined): HistoryEntry {
  const late = payable?.lateMinutes ?? a.lateMinutes;
  const early = a.checkOutAt ? (payable?.earlyMinutes ?? a.earlyMinutes) : a.earlyMinutes;
  const m = marks(
    { ...a, lateMinutes: late, earlyMinutes: early },
    a.photos.map((p) => p.kind),
  );
  return {
    id: a.id,
    date: dateToKey(a.workDate),
    ...m,
    lateMinutes: late,
    earlyMinutes: early,
    faceCheckStatus: a.faceCheckStatus,
    office: a.office
      ? { id: a.office.id, name: a.office.name, timezone: a.office.timezone, zone: zoneAbbreviation(a.office.timezone) }
      : null,
    dayStatus: a.dayStatus,
    reviewDecision: a.reviewDecision,
    shiftStart: a.shiftStart,
    shiftEnd: a.shiftEnd,
    break: breakFigures(a),
    ...reviewState(a),
  };
}

/** Under review: flagged (any reason, or the face status) and not decided; see NEEDS_REVIEW. */
function reviewState(a: WithOffice) {
  const flagReasons = [...new Set([...a.flags.map((f) => f.reason), ...(a.faceCheckStatus === 'flagged' ? ['face'] : [])])].sort();
  return { underReview: flagReasons.length > 0 && a.reviewDecision === null, flagReasons };
}

/** One page of a history, newest first, with the count of the whole range. */
export type HistoryPage = { entries: HistoryEntry[]; page: number; pageSize: number; total: number; totalPages: number };

/**
 * Any range (dates optional), a page at a time. A user has at most one record per day, so `workDate`
 * orders the entries fully and pages never overlap; a check-in arriving between two page requests
 * shifts later pages by one entry, which a client reading every page removes by id.
 */
export async function history(actor: SessionUser, userId: string, query: HistoryQuery): Promise<HistoryPage> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  const start = query.startDate ?? null;
  const end = query.endDate ?? null;
  // The dates of the range: every punch record, and every closed day without one that a history shows
  // (absent, leave, dinas luar, a day made present by a correction: docs/daily-close.md).
  const dates = (rows: { date: string }[]) => rows.map((r) => r.date);
  const [[count], page] = await Promise.all([
    db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (${historyDates(userId, start, end)}) x`,
    db.$queryRaw<{ date: string }[]>`
      SELECT d::text AS date FROM (${historyDates(userId, start, end)}) x
      ORDER BY d DESC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  ]);
  const keys = dates(page);
  const total = count?.n ?? 0;
  const [rows, days] = keys.length
    ? await Promise.all([
        db.attendance.findMany({ where: { userId, workDate: { in: keys.map(dateKeyToDate) } }, include: photoKindsSelect }),
        storedDays([userId], keys[keys.length - 1]!, keys[0]!),
      ])
    : [[], []];
  const recordOf = new Map(rows.map((r) => [dateToKey(r.workDate), r]));
  const dayOf = new Map(days.map((d) => [d.date, d]));
  const payable = await payableMinutes(
    rows.map((r) => ({ userId, date: dateToKey(r.workDate) })),
    new Map(days.map((d) => [`${userId}|${d.date}`, d])),
  );
  const entries = keys.map((date) => {
    const record = recordOf.get(date);
    const day = dayOf.get(date) ?? null;
    return record ? { ...historyDto(record, payable.get(`${userId}|${date}`)), day } : closedDayEntry(date, day!);
  });
  return { entries, page: query.page, pageSize: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

function historyDates(userId: string, start: string | null, end: string | null) {
  return Prisma.sql`
    SELECT "workDate" AS d FROM "Attendance"
     WHERE "userId" = ${userId}::uuid AND (${start}::date IS NULL OR "workDate" >= ${start}::date) AND (${end}::date IS NULL OR "workDate" <= ${end}::date)
    UNION
    SELECT "date" AS d FROM "AttendanceDay"
     WHERE "userId" = ${userId}::uuid AND "attendanceId" IS NULL AND status::text = ANY(${HISTORY_DAY_STATUSES}::text[])
       AND (${start}::date IS NULL OR "date" >= ${start}::date) AND (${end}::date IS NULL OR "date" <= ${end}::date)`;
}

/** A closed day without a punch record, as a history entry (no check-in mark: the record does not exist). */
function closedDayEntry(date: string, day: DayDto): HistoryEntry {
  return {
    id: `hari-${date}`,
    date,
    checkIn: null,
    checkOut: null,
    lateMinutes: day.lateMinutes,
    earlyMinutes: null,
    faceCheckStatus: 'verified',
    office: day.office,
    dayStatus: day.calendarStatus,
    shiftStart: day.shiftStart,
    shiftEnd: day.shiftEnd,
    day,
  };
}
