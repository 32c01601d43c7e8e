import { route } from '@/lib/server/http';
import { employeeWorkingHoursSchema } from '@/features/settings/validation/settings';
import { listEmployeeWorkingHours, setEmployeeWorkingHours } from '@/features/settings/server/settings';

export const GET = route({ auth: 'user' }, ({ user }) => listEmployeeWorkingHours(user));

export const PUT = route({ auth: ['admin', 'hr'], body: employeeWorkingHoursSchema }, ({ user, body }) =>
  setEmployeeWorkingHours(user, body),
);
