import { EmployeeLeave } from '@/features/leave/components/EmployeeLeave';

export default function Page() {
  return <EmployeeLeave />;
}
