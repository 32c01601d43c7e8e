import { AdminAttendanceHistory } from '@/components/history/AdminAttendanceHistory';

export default function Page() {
  return <AdminAttendanceHistory />;
}
