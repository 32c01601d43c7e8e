import { idParam, route } from '@/lib/server/http';
import { getAttendanceReview, reviewAttendance } from '@/features/face/server/face-review';
import { reviewSchema } from '@/features/face/validation/face';

/** Admin/HR decision on a record the face re-check flagged: { decision: 'confirmed' | 'rejected', note? }. */
export const POST = route({ auth: ['admin', 'hr'], params: idParam, body: reviewSchema }, ({ user, params, body }) =>
  reviewAttendance(user, params.id, body),
);

/** The review state and every decision ever made on the record (append-only history). */
export const GET = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => getAttendanceReview(user, params.id));
