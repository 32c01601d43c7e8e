// Review of flagged records (Perlu Tinjauan: every reason, docs/anti-fraud.md): an admin or HR (never
// the record's own employee) confirms or rejects, once per flagging. Every decision is kept in AttendanceReview (append-only, with
// who, when, decision and note) and on the audit trail; the latest one is also on the record, where
// a later re-flag (check-out photo) clears it for a new review without erasing the history.
import { db } from '@/lib/server/db';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { reclassifyDays } from '@/features/daily-close/server/reclassify';
import { dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { ReviewInput } from '@/features/face/validation/face';
import { FLAGGED_EVER, NEEDS_REVIEW } from '@/features/attendance/server/attendance-flags';
import type { ReviewDto } from '@/features/face/types/face';
import { assertStaff, assertNotSelf } from '@/lib/server/auth/policy';

export type { FlagDto, ReviewDto, ReviewHistoryItem } from '@/features/face/types/face';

export const OWN_REVIEW = 'Anda tidak dapat meninjau absensi Anda sendiri. Minta admin atau HR lain untuk meninjaunya.';

async function reviewDto(attendanceId: string): Promise<ReviewDto> {
  const row = await db.attendance.findUnique({
    where: { id: attendanceId },
    select: {
      id: true,
      faceCheckStatus: true,
      faceCheckReason: true,
      reviewDecision: true,
      reviewNote: true,
      reviewedAt: true,
      reviewedBy: { select: { id: true, name: true } },
      reviews: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      flags: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { phase: true, reason: true, detail: true, createdAt: true } },
    },
  });
  if (!row) throw notFound('Data absensi tidak ditemukan');
  const { reviews, flags, ...rest } = row;
  return {
    ...rest,
    flags: flags.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    history: reviews.map((r) => ({
      id: r.id,
      decision: r.decision,
      note: r.note,
      reviewer: { id: r.reviewerId, name: r.reviewerName },
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function reviewAttendance(actor: SessionUser, attendanceId: string, input: ReviewInput): Promise<ReviewDto> {
  assertStaff(actor);
  const note = input.note || null;
  await db.$transaction(async (tx) => {
    const record = await tx.attendance.findUnique({
      where: { id: attendanceId },
      select: { userId: true, workDate: true, flags: { select: { reason: true, phase: true } } },
    });
    if (!record) throw notFound('Data absensi tidak ditemukan');
    assertNotSelf(actor, record.userId, OWN_REVIEW);
    // One conditional update: of two simultaneous reviews exactly one is recorded.
    const { count } = await tx.attendance.updateMany({
      where: { id: attendanceId, ...NEEDS_REVIEW },
      data: { reviewDecision: input.decision, reviewedById: actor.id, reviewedAt: new Date(), reviewNote: note },
    });
    if (count === 0) {
      const flagged = await tx.attendance.count({ where: { id: attendanceId, ...FLAGGED_EVER } });
      if (!flagged) throw conflict('Hanya absensi yang ditandai yang dapat ditinjau.', 'NOT_FLAGGED');
      throw conflict('Absensi ini sudah ditinjau.', 'ALREADY_REVIEWED');
    }
    // A rejected record no longer counts as presence: its closed day is classified again.
    await reclassifyDays(tx, record.userId, dateToKey(record.workDate), dateToKey(record.workDate));
    await tx.attendanceReview.create({
      data: { attendanceId, reviewerId: actor.id, reviewerName: actor.name, decision: input.decision, note },
    });
    await recordAudit(tx, {
      actor,
      kind: `attendance.review.${input.decision}`,
      entity: 'Attendance',
      entityId: attendanceId,
      targetUserId: record.userId,
      after: { decision: input.decision, reasons: record.flags.map((f) => `${f.phase}:${f.reason}`) },
      note,
    });
  });
  return reviewDto(attendanceId);
}

/** GET /attendance/{id}/review: the record's review state and every decision so far (admin, HR). */
export async function getAttendanceReview(actor: SessionUser, attendanceId: string): Promise<ReviewDto> {
  assertStaff(actor);
  return reviewDto(attendanceId);
}
