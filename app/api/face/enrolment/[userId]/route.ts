import { route } from '@/lib/server/http';
import * as enrolment from '@/features/face/server/face-enrolment';
import { enrolmentUserParam } from '@/features/face/validation/face';

/** Enrolment status and dates of one user: the owner, admins and HR. */
export const GET = route({ auth: 'user', params: enrolmentUserParam }, ({ user, params }) => enrolment.getEnrolment(user, params.userId));
