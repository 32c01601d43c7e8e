import { AttendanceToday } from '@/features/attendance/components/AttendanceToday';

export default function Page() {
  return <AttendanceToday />;
}
