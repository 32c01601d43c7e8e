import { EmployeesManager } from '@/features/employees/components/EmployeesManager';
import { getEnv } from '@/lib/env';

// The admin layout has already checked the role; the default password prefills the add form.
export default function Page() {
  return <EmployeesManager defaultPassword={getEnv().DEFAULT_EMPLOYEE_PASSWORD} />;
}
