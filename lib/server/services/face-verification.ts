// The contract between attendance (check-in/out) and face verification.
// The attendance service calls these two functions before and inside its transaction.
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/server/db';
import { unprocessable } from '@/lib/server/errors';
import { getSettingsRow } from '@/lib/server/services/settings';
import { euclideanDistance, isMatch, isValidDescriptor } from '@/lib/face/descriptor';
import { FACE_DESCRIPTOR_MISSING, FACE_MISMATCH, FACE_NOT_ENROLLED } from '@/lib/face/messages';

export type FaceEvidence = {
  /** The decoded JPEG bytes of the capture (already checked: JPEG magic bytes, size cap). */
  image: Buffer;
  /** The 128-d descriptor the browser computed for the capture, when it sent one. */
  descriptor: number[] | null;
};

/** The employee's active reference descriptor, or null when not (or no longer) enrolled. */
export async function activeReference(userId: string): Promise<number[] | null> {
  const profile = await db.faceProfile.findUnique({ where: { userId }, select: { status: true, descriptor: true } });
  return profile?.status === 'active' && isValidDescriptor(profile.descriptor) ? profile.descriptor : null;
}

/**
 * Runs before a check-in/out is written. Throws an AppError (422) to refuse the attendance.
 * Returns the Euclidean distance to the employee's enrolled reference (stored as faceScore).
 * Only a descriptor comparison: the photo itself is re-checked later by the worker, off the request path.
 */
export async function verifyAttendanceFace(userId: string, evidence: FaceEvidence): Promise<{ faceScore: number | null }> {
  const reference = await activeReference(userId);
  if (!reference) throw unprocessable(FACE_NOT_ENROLLED, 'FACE_NOT_ENROLLED');
  if (!evidence.descriptor || !isValidDescriptor(evidence.descriptor)) throw unprocessable(FACE_DESCRIPTOR_MISSING, 'FACE_DESCRIPTOR_MISSING');
  const { faceMatchThreshold } = await getSettingsRow();
  const distance = euclideanDistance(evidence.descriptor, reference);
  if (!isMatch(distance, faceMatchThreshold)) throw unprocessable(FACE_MISMATCH, 'FACE_MISMATCH');
  return { faceScore: Math.round(distance * 10_000) / 10_000 };
}

/**
 * Runs inside the check-in/out transaction once the photo row exists: queues the server re-check.
 * A record whose check-in was already verified waits again for its check-out photo's verdict.
 */
export async function queueFaceRecheck(tx: Prisma.TransactionClient, photoId: string): Promise<void> {
  await tx.faceCheckJob.create({ data: { photoId } });
  await tx.attendance.updateMany({
    where: { photos: { some: { id: photoId } }, faceCheckStatus: 'verified' },
    data: { faceCheckStatus: 'pending' },
  });
}
