import { route } from '@/lib/server/http';
import { markSession } from '@/features/attendance/server/attendance-session';
import { checkOut } from '@/features/attendance/server/attendance-punch';
import { attendancePayloadSchema, MAX_ATTENDANCE_BODY } from '@/features/attendance/validation/attendance';

export const POST = route(
  { auth: ['employee'], session: markSession, body: attendancePayloadSchema, maxBodyBytes: MAX_ATTENDANCE_BODY },
  ({ user, session, body, ip }) => checkOut(user, body, session, ip),
);
