// The role's badge text in Kelola Karyawan's table: apart from the form's schemas (features/employees/validation/users.ts),
// so the list page does not load zod before its first row.
import type { Role } from '@/lib/roles';

/** Role badge text in the employee table. */
export function roleBadge(role: Role): string {
  return role === 'admin' ? 'Admin' : role === 'hr' ? 'HR' : 'Karyawan';
}
