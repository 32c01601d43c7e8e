import { route } from '@/lib/server/http';
import { markSession } from '@/features/attendance/server/attendance-session';
import { checkIn } from '@/features/attendance/server/attendance-punch';
import { attendancePayloadSchema, MAX_ATTENDANCE_BODY } from '@/features/attendance/validation/attendance';

export const POST = route(
  { auth: ['employee'], session: markSession, body: attendancePayloadSchema, maxBodyBytes: MAX_ATTENDANCE_BODY },
  ({ user, session, body, ip }) => checkIn(user, body, session, ip),
);
