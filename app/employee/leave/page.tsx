import { EmployeeLeave } from '@/components/leave/EmployeeLeave';

export default function Page() {
  return <EmployeeLeave />;
}
