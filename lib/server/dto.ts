// What leaves the server: never a password hash, token version or face descriptor.
import type { User } from '@/lib/generated/prisma/client';
import { dateToKey } from '@/lib/dates';

export type UserDto = {
  id: string;
  _id: string;
  name: string;
  email: string;
  position: string;
  role: User['role'];
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
  /** Deactivated (nonaktif): no login, kept with every record; endDate is the last working day. */
  deactivated?: boolean;
  endDate?: string | null;
};

type Workplace = Partial<Pick<User, 'homeOfficeId' | 'scheduleId' | 'joinDate' | 'supervisorId' | 'deactivatedAt' | 'endDate'>> & { allowedOffices?: { officeId: string }[] };

export function toUserDto(u: Pick<User, 'id' | 'name' | 'email' | 'position' | 'role' | 'mustChangePassword' | 'createdAt'> & Workplace): UserDto {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    position: u.position,
    role: u.role,
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
    ...(u.homeOfficeId !== undefined ? { homeOfficeId: u.homeOfficeId } : {}),
    ...(u.allowedOffices ? { allowedOfficeIds: u.allowedOffices.map((a) => a.officeId).sort() } : {}),
    ...(u.scheduleId !== undefined ? { scheduleId: u.scheduleId } : {}),
    ...(u.joinDate !== undefined ? { joinDate: u.joinDate ? dateToKey(u.joinDate) : null } : {}),
    ...(u.supervisorId !== undefined ? { supervisorId: u.supervisorId } : {}),
    ...(u.deactivatedAt !== undefined ? { deactivated: u.deactivatedAt !== null, endDate: u.endDate ? dateToKey(u.endDate) : null } : {}),
  };
}
