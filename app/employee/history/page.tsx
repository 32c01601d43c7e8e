import { AttendanceHistory } from '@/components/attendance/AttendanceHistory';

export default function Page() {
  return <AttendanceHistory />;
}
