// The contract between attendance (check-in/out) and face verification.
// The attendance service calls these two functions; the face work fills them in.
import type { Prisma } from '@/lib/generated/prisma/client';

export type FaceEvidence = {
  /** The decoded JPEG bytes of the capture (already checked: JPEG magic bytes, size cap). */
  image: Buffer;
  /** The 128-d descriptor the browser computed for the capture, when it sent one. */
  descriptor: number[] | null;
};

/**
 * Runs before a check-in/out is written. Throws an AppError (422) to refuse the attendance.
 * Returns the Euclidean distance to the employee's enrolled reference (stored as faceScore), or null.
 */
export async function verifyAttendanceFace(_userId: string, _evidence: FaceEvidence): Promise<{ faceScore: number | null }> {
  return { faceScore: null };
}

/** Runs inside the check-in/out transaction once the photo row exists: queues the server re-check. */
export async function queueFaceRecheck(_tx: Prisma.TransactionClient, _photoId: string): Promise<void> {}
