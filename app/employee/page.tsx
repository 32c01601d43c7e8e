import { EmployeeDashboard } from '@/features/attendance/components/EmployeeDashboard';

export default function Page() {
  return <EmployeeDashboard />;
}
