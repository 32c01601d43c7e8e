import { EmployeeOvertime } from '@/components/overtime/EmployeeOvertime';

export default function Page() {
  return <EmployeeOvertime />;
}
