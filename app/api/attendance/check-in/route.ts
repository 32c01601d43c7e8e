import { route } from '@/lib/server/http';
import * as attendance from '@/lib/server/services/attendance';
import { attendancePayloadSchema, MAX_ATTENDANCE_BODY } from '@/lib/validation/attendance';

export const POST = route(
  { auth: ['employee'], session: attendance.markSession, body: attendancePayloadSchema, maxBodyBytes: MAX_ATTENDANCE_BODY },
  ({ user, session, body, ip }) => attendance.checkIn(user, body, session, ip),
);
