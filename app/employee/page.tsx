import { EmployeeDashboard } from '@/components/attendance/EmployeeDashboard';

export default function Page() {
  return <EmployeeDashboard />;
}
