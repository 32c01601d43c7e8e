import { EmployeeOvertime } from '@/features/overtime/components/EmployeeOvertime';

export default function Page() {
  return <EmployeeOvertime />;
}
