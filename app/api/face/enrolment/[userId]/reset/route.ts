import { route } from '@/lib/server/http';
import * as enrolment from '@/features/face/server/face-enrolment';
import { enrolmentUserParam } from '@/features/face/validation/face';

/** Admin: delete the user's face reference so they enrol again. */
export const POST = route({ auth: ['admin'], params: enrolmentUserParam }, ({ user, params }) =>
  enrolment.resetEnrolment(user, params.userId),
);
