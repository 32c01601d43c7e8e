// Review of records the face re-check flagged: an admin or HR confirms or rejects, once, on record.
import { db } from '@/lib/server/db';
import { conflict, forbidden, notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import type { ReviewInput } from '@/lib/validation/face';

export type ReviewDto = {
  id: string;
  faceCheckStatus: 'pending' | 'verified' | 'flagged';
  faceCheckReason: string | null;
  reviewDecision: 'confirmed' | 'rejected' | null;
  reviewNote: string | null;
  reviewedAt: string | null;
  reviewedBy: { id: string; name: string } | null;
};

export async function reviewAttendance(actor: SessionUser, attendanceId: string, input: ReviewInput): Promise<ReviewDto> {
  if (actor.role !== 'admin' && actor.role !== 'hr') throw forbidden();
  // One conditional update: of two simultaneous reviews exactly one is recorded.
  const { count } = await db.attendance.updateMany({
    where: { id: attendanceId, faceCheckStatus: 'flagged', reviewDecision: null },
    data: { reviewDecision: input.decision, reviewedById: actor.id, reviewedAt: new Date(), reviewNote: input.note || null },
  });
  const row = await db.attendance.findUnique({
    where: { id: attendanceId },
    select: { id: true, faceCheckStatus: true, faceCheckReason: true, reviewDecision: true, reviewNote: true, reviewedAt: true, reviewedBy: { select: { id: true, name: true } } },
  });
  if (!row) throw notFound('Data absensi tidak ditemukan');
  if (count === 0) {
    if (row.faceCheckStatus !== 'flagged') throw conflict('Hanya absensi yang ditandai yang dapat ditinjau.', 'NOT_FLAGGED');
    throw conflict('Absensi ini sudah ditinjau.', 'ALREADY_REVIEWED');
  }
  return { ...row, reviewedAt: row.reviewedAt?.toISOString() ?? null };
}
