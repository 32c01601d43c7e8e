import { route } from '@/lib/server/http';
import { markSession } from '@/features/attendance/server/attendance-session';
import { takeBreak } from '@/features/attendance/server/attendance-break';
import { breakPayloadSchema, MAX_ATTENDANCE_BODY } from '@/features/attendance/validation/attendance';

export const POST = route(
  { auth: ['employee'], session: markSession, body: breakPayloadSchema, maxBodyBytes: MAX_ATTENDANCE_BODY },
  ({ user, session, body, ip }) => takeBreak(user, body, session, ip),
);
