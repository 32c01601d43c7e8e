// The contract between attendance (check-in/out) and face verification.
// The attendance service reads the employee's face profile in its one context query and calls
// verifyAttendanceFace before it writes; the write queues the photo's server re-check in the same
// statement (faceRecheckSql below), so a stored photo always has its job.
import { unprocessable } from '@/lib/server/errors';
import { euclideanDistance, isMatch, isValidDescriptor } from '@/features/face/lib/descriptor';
import { FACE_DESCRIPTOR_MISSING, FACE_MISMATCH, FACE_NOT_ENROLLED } from '@/features/face/lib/messages';

/** The employee's face profile as stored (status and enrolled descriptor), or null when none. */
export type FaceProfileRow = { status: string; descriptor: number[] | null } | null;

/** The enrolled reference descriptor when the profile is active and valid, else null. */
function activeReference(profile: FaceProfileRow): number[] | null {
  return profile?.status === 'active' && isValidDescriptor(profile.descriptor) ? profile.descriptor : null;
}

/**
 * Runs before a check-in/out is written. Throws an AppError (422) to refuse the attendance.
 * Returns the Euclidean distance to the employee's enrolled reference (stored as faceScore).
 * Only a descriptor comparison: the photo itself is re-checked later by the worker, off the request path.
 */
export function verifyAttendanceFace(profile: FaceProfileRow, descriptor: number[] | null, threshold: number): { faceScore: number } {
  const reference = activeReference(profile);
  if (!reference) throw unprocessable(FACE_NOT_ENROLLED, 'FACE_NOT_ENROLLED');
  if (!descriptor || !isValidDescriptor(descriptor)) throw unprocessable(FACE_DESCRIPTOR_MISSING, 'FACE_DESCRIPTOR_MISSING');
  const distance = euclideanDistance(descriptor, reference);
  if (!isMatch(distance, threshold)) throw unprocessable(FACE_MISMATCH, 'FACE_MISMATCH');
  return { faceScore: Math.round(distance * 10_000) / 10_000 };
}

/**
 * The tail of a check-in/out statement: given a CTE `a` (the written Attendance row, with `id`), stores
 * the photo and queues its server re-check; `param` gives the statement's parameter numbers of the
 * photo's size, bytes and descriptor.
 */
export function faceRecheckSql(kind: 'check_in' | 'check_out', param: { size: number; data: number; descriptor: number }): string {
  return `p AS (
    INSERT INTO "AttendancePhoto" (id, "attendanceId", kind, mime, size, data, descriptor)
    SELECT gen_random_uuid(), a.id, '${kind}', 'image/jpeg', $${param.size}::int, $${param.data}::bytea, $${param.descriptor}::float8[] FROM a
    RETURNING id
  ), j AS (
    INSERT INTO "FaceCheckJob" ("photoId", "updatedAt") SELECT id, now() FROM p
  )`;
}
