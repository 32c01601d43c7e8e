import { route } from '@/lib/server/http';
import * as enrolment from '@/lib/server/services/face-enrolment';
import { enrolmentUserParam } from '@/lib/validation/face';

/** Admin: delete the user's face reference so they enrol again. */
export const POST = route({ auth: ['admin'], params: enrolmentUserParam }, ({ user, params }) =>
  enrolment.resetEnrolment(user, params.userId),
);
