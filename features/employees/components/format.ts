// Small display helpers of the employee screens.
import type { Role } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';

/** The initial shown in a user's avatar, as in the sidebar: the name's first letter ('Budi Santoso' → 'B'). */
export function initial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

export const ROLE_BADGE_CLASS: Record<Role, string> = {
  admin: 'bg-purple-100 text-purple-700',
  hr: 'bg-amber-100 text-amber-700',
  employee: 'bg-blue-100 text-blue-700',
};

/** Case-insensitive match on name, email or position. */
export function matchesSearch(user: Pick<UserDto, 'name' | 'email' | 'position' | 'employeeNumber'>, term: string): boolean {
  const q = term.trim().toLowerCase();
  if (!q) return true;
  return [user.name, user.email, user.position, user.employeeNumber ?? ''].some((v) => v.toLowerCase().includes(q));
}

export type WorkingHours = { start: string; end: string };
