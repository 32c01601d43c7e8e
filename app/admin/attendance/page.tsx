import { AdminAttendanceHistory } from '@/features/attendance/components/AdminAttendanceHistory';

export default function Page() {
  return <AdminAttendanceHistory />;
}
