// Users as they leave the server: never a password hash, token version or face descriptor.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { Role } from '@/lib/roles';

export type UserDto = {
  id: string;
  _id: string;
  name: string;
  email: string;
  position: string;
  role: Role;
  mustChangePassword: boolean;
  createdAt: string;
  /** Where and when they work (docs/calendar.md): on the admin's user list and its writes. Home office (null = the main office). */
  homeOfficeId?: string | null;
  /** Other offices they may check in at. */
  allowedOfficeIds?: string[];
  /** Own default schedule (null = the company default). */
  scheduleId?: string | null;
  /** First working day, YYYY-MM-DD (null = the day the account was created). */
  joinDate?: string | null;
  /** The supervisor (atasan) who decides leave first (docs/leave.md); null: none. */
  supervisorId?: string | null;
  /** Ikut penggajian: days closed, counted in Rekap Bulanan and Tutup Periode (docs/recap.md). */
  onPayroll?: boolean;
  /** Deactivated (nonaktif): no login, kept with every record; endDate is the last working day. */
  deactivated?: boolean;
  endDate?: string | null;
  /** NIK karyawan (docs/onboarding.md); null: none yet. */
  employeeNumber?: string | null;
  /** Phone as stored: digits with the country code ('6281234567890'); null: none. */
  phone?: string | null;
  /** Divisi; null: none. */
  divisionId?: string | null;
  divisionName?: string | null;
  /** PIN on the attendance machines (docs/terminals.md); null: none. */
  machinePin?: string | null;
};

/** An account locked out of login right now (admin's employees page). */
export type LoginLockDto = { userId: string; lockedUntil: string };
