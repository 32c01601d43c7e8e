import { json, route } from '@/lib/server/http';
import * as enrolment from '@/features/face/server/face-enrolment';
import { enrolSchema, MAX_ENROL_BODY } from '@/features/face/validation/face';

/** Three live captures (JPEG data URLs) and their descriptors become the caller's face reference. */
export const POST = route({ auth: 'user', body: enrolSchema, maxBodyBytes: MAX_ENROL_BODY }, async ({ user, body }) =>
  json(await enrolment.enrol(user, body), { status: 201 }),
);
