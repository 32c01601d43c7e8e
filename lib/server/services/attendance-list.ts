// GET /attendance/all: the contract's admin list, kept for compatibility and the history screen.
// Validated and bounded: newest first, at most `limit` (1..1000) or LIST_CAP rows; photos are never loaded.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { HISTORY_DAY_STATUSES, storedDays } from '@/lib/server/services/attendance-days';
import { LIST_CAP, type AttendanceListQuery, type FaceStatus } from '@/lib/validation/reports';
import { NEEDS_REVIEW } from '@/lib/server/services/attendance-flags';
import type { AttendanceRecordDto } from '@/lib/types/attendance';

export type { AttendanceRecordDto } from '@/lib/types/attendance';

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
  user: { select: { name: true, email: true, position: true } },
  photos: { select: { kind: true } },
  office: { select: { id: true, name: true, timezone: true } },
  dayStatus: true,
  flags: { select: { phase: true, reason: true, detail: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.AttendanceSelect;

type Row = Prisma.AttendanceGetPayload<{ select: typeof select }>;

function toDto(r: Row): AttendanceRecordDto {
  const out = r.checkOutAt && r.checkOutLatitude !== null && r.checkOutLongitude !== null;
  return {
    id: r.id,
    date: dateToKey(r.workDate),
    userId: r.userId,
    userName: r.user.name,
    userEmail: r.user.email,
    userPosition: r.user.position,
    checkIn: { timestamp: r.checkInAt.toISOString(), latitude: r.checkInLatitude, longitude: r.checkInLongitude },
    checkOut: out ? { timestamp: r.checkOutAt!.toISOString(), latitude: r.checkOutLatitude!, longitude: r.checkOutLongitude! } : null,
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
  };
}

export function attendanceWhere(q: AttendanceListQuery): Prisma.AttendanceWhereInput {
  const workDate: Prisma.DateTimeFilter = {};
  if (q.startDate) workDate.gte = dateKeyToDate(q.startDate);
  if (q.endDate) workDate.lte = dateKeyToDate(q.endDate);
  return {
    ...(q.startDate || q.endDate ? { workDate } : {}),
    ...(q.employee ? { userId: q.employee } : {}),
    ...(q.faceStatus ? { faceCheckStatus: q.faceStatus } : {}),
    ...(q.officeId ? { officeId: q.officeId } : {}),
    ...(q.review === 'perlu' ? NEEDS_REVIEW : {}),
  };
}

/**
 * `cap` exists for the benchmark's "fetch everything" baseline; the route always uses the default.
 * Closed days without a record (absent, leave, dinas luar) are listed too, except when filtering by the
 * face check (they have no photo); each record carries its closed day and correction trail.
 */
export async function listAllAttendance(
  actor: SessionUser,
  q: AttendanceListQuery,
  cap: number = LIST_CAP,
): Promise<AttendanceRecordDto[]> {
  assertStaff(actor);
  const take = Math.min(q.limit ?? cap, cap);
  const rows = await db.attendance.findMany({
    where: attendanceWhere(q),
    select,
    orderBy: [{ workDate: 'desc' }, { checkInAt: 'desc' }, { id: 'asc' }],
    take,
  });
  const records = rows.map(toDto);
  const dayWhere = {
    ...(q.startDate || q.endDate
      ? { date: { ...(q.startDate ? { gte: dateKeyToDate(q.startDate) } : {}), ...(q.endDate ? { lte: dateKeyToDate(q.endDate) } : {}) } }
      : {}),
    ...(q.employee ? { userId: q.employee } : {}),
  };
  const [withRecord, withoutRecord] = await Promise.all([
    records.length
      ? db.attendanceDay.findMany({ where: { attendanceId: { in: records.map((r) => r.id) } }, select: { userId: true, date: true } })
      : [],
    q.faceStatus || q.review
      ? []
      : db.attendanceDay.findMany({
          where: { ...dayWhere, attendanceId: null, status: { in: HISTORY_DAY_STATUSES }, ...(q.officeId ? { officeId: q.officeId } : {}) },
          select: { userId: true, date: true },
          orderBy: [{ date: 'desc' }, { userId: 'asc' }],
          take,
        }),
  ]);
  const wanted = [...withRecord, ...withoutRecord];
  if (!wanted.length) return records;
  const userIds = [...new Set(wanted.map((d) => d.userId))];
  const dates = wanted.map((d) => dateToKey(d.date)).sort();
  const [days, users] = await Promise.all([
    storedDays(userIds, dates[0]!, dates[dates.length - 1]!),
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true, position: true } }),
  ]);
  const dayOf = new Map(days.map((d) => [`${d.userId}|${d.date}`, d]));
  const userOf = new Map(users.map((u) => [u.id, u]));
  for (const r of records) r.day = dayOf.get(`${r.userId}|${r.date}`) ?? null;
  const extra: AttendanceRecordDto[] = withoutRecord.flatMap((w) => {
    const d = dayOf.get(`${w.userId}|${dateToKey(w.date)}`);
    const u = userOf.get(w.userId);
    if (!d || !u) return [];
    return [
      {
        id: `hari-${w.userId}-${d.date}`,
        date: d.date,
        userId: u.id,
        userName: u.name,
        userEmail: u.email,
        userPosition: u.position,
        checkIn: null,
        checkOut: null,
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
      },
    ];
  });
  return [...records, ...extra].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1)).slice(0, take);
}
