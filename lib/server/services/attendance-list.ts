// GET /attendance/all: the contract's admin list, kept for compatibility and the history screen.
// Validated and bounded: newest first, at most `limit` (1..1000) or LIST_CAP rows; photos are never loaded.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { LIST_CAP, type AttendanceListQuery } from '@/lib/validation/reports';
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
  };
}

/** `cap` exists for the benchmark's "fetch everything" baseline; the route always uses the default. */
export async function listAllAttendance(actor: SessionUser, q: AttendanceListQuery, cap: number = LIST_CAP): Promise<AttendanceRecordDto[]> {
  assertStaff(actor);
  const rows = await db.attendance.findMany({
    where: attendanceWhere(q),
    select,
    orderBy: [{ workDate: 'desc' }, { checkInAt: 'desc' }, { id: 'asc' }],
    take: Math.min(q.limit ?? cap, cap),
  });
  return rows.map(toDto);
}
