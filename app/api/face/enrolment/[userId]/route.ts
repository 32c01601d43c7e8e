import { json, route } from '@/lib/server/http';
import * as enrolment from '@/features/face/server/face-enrolment';
import { enrolmentUserParam, enrolSchema, MAX_ENROL_BODY } from '@/features/face/validation/face';

/** Enrolment status and dates of one user: the owner, admins and HR. */
export const GET = route({ auth: 'user', params: enrolmentUserParam }, ({ user, params }) => enrolment.getEnrolment(user, params.userId));

/** HR-assisted enrolment (admin, HR): three live captures on an office device become the employee's reference. */
export const POST = route(
  { auth: ['admin', 'hr'], params: enrolmentUserParam, body: enrolSchema, maxBodyBytes: MAX_ENROL_BODY },
  async ({ user, params, body }) => json(await enrolment.enrolForEmployee(user, params.userId, body), { status: 201 }),
);
