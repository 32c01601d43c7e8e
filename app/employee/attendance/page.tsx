import { AttendanceToday } from '@/components/attendance/AttendanceToday';

export default function Page() {
  return <AttendanceToday />;
}
