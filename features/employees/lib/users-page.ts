// Kelola Karyawan's page of GET /users?page=: the body stays the contract's list of users, the page info in
// the X-* headers of the paged lists (features/attendance/lib/history-pages.ts) and the people per role of
// the status filter (before search and division) in one more header, shared by the route and the screen.
export const ROLE_COUNTS_HEADER = 'X-Role-Counts';

/** One person of GET /users?view=names (the pickers of Persetujuan, Log Audit, Jadwal Kerja). */
export type PersonName = { id: string; name: string; role: 'admin' | 'hr' | 'employee'; position: string; email: string };

export type RoleCounts = Record<'admin' | 'hr' | 'employee', number>;

export function readRoleCounts(headers: Headers): RoleCounts | null {
  try {
    const v = JSON.parse(headers.get(ROLE_COUNTS_HEADER) ?? 'null') as Partial<RoleCounts> | null;
    if (!v) return null;
    return { admin: Number(v.admin) || 0, hr: Number(v.hr) || 0, employee: Number(v.employee) || 0 };
  } catch {
    return null;
  }
}
