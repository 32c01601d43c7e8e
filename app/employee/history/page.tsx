import { AttendanceHistory } from '@/features/attendance/components/AttendanceHistory';

export default function Page() {
  return <AttendanceHistory />;
}
