import { EmployeesManager } from '@/features/employees/components/EmployeesManager';
import { getEnv } from '@/lib/env';

// Kelola Karyawan for HR: every account but an administrator's, employees added, roles kept (docs/roles.md).
export default function Page() {
  return <EmployeesManager defaultPassword={getEnv().DEFAULT_EMPLOYEE_PASSWORD} admin={false} />;
}
