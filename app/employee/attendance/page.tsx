import { AttendanceToday } from '@/features/attendance/components/AttendanceToday';
import { ownEnrolment } from '@/features/face/server/face-enrolment';
import { guardArea } from '@/lib/server/auth/guard';

export default async function Page() {
  // Whether the employee still has to enrol is known before the first paint (see AttendanceToday); if it
  // cannot be read here, the page asks for it as before.
  const session = await guardArea('employee');
  const enrolment = session.user ? await ownEnrolment(session.user.id).catch(() => undefined) : undefined;
  return <AttendanceToday enrolment={enrolment} />;
}
