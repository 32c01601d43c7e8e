import { route } from '@/lib/server/http';
import * as enrolment from '@/features/face/server/face-enrolment';

/** The caller's own enrolment status (no photos, no descriptor). */
export const GET = route({ auth: 'user' }, ({ user }) => enrolment.myEnrolment(user));
