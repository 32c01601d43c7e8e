import { route } from '@/lib/server/http';
import { markSession } from '@/lib/server/services/attendance-session';
import { checkOut } from '@/lib/server/services/attendance-punch';
import { attendancePayloadSchema, MAX_ATTENDANCE_BODY } from '@/lib/validation/attendance';

export const POST = route(
  { auth: ['employee'], session: markSession, body: attendancePayloadSchema, maxBodyBytes: MAX_ATTENDANCE_BODY },
  ({ user, session, body, ip }) => checkOut(user, body, session, ip),
);
