// Roles and their labels; shared by server and browser.
export const ROLES = ['admin', 'hr', 'employee'] as const;
export type Role = (typeof ROLES)[number];

/** Greeting label on login: Administrator, HR, otherwise Karyawan. */
export function roleLabel(role: string | undefined | null): string {
  if (role === 'admin') return 'Administrator';
  if (role === 'hr') return 'HR';
  return 'Karyawan';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The area a role belongs to: /admin, /hr or /employee. */
export function homeOf(role: string | undefined | null): string {
  return role === 'admin' ? '/admin' : role === 'hr' ? '/hr' : '/employee';
}
