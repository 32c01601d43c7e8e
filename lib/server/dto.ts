// What leaves the server: never a password hash, token version or face descriptor. The response types
// themselves live in lib/types/ (client code reads them there); they are re-exported here for the server.
import type { User } from '@/lib/generated/prisma/client';
import { dateToKey } from '@/lib/dates';
import type { UserDto } from '@/features/employees/types/users';

export type { UserDto } from '@/features/employees/types/users';

type Workplace = Partial<
  Pick<
    User,
    | 'homeOfficeId'
    | 'scheduleId'
    | 'joinDate'
    | 'supervisorId'
    | 'deactivatedAt'
    | 'endDate'
    | 'onPayroll'
    | 'employeeNumber'
    | 'phone'
    | 'divisionId'
    | 'machinePin'
  >
> & {
  allowedOffices?: { officeId: string }[];
  division?: { name: string } | null;
};

export function toUserDto(
  u: Pick<User, 'id' | 'name' | 'email' | 'position' | 'role' | 'mustChangePassword' | 'createdAt'> & Workplace,
): UserDto {
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
    ...(u.onPayroll !== undefined ? { onPayroll: u.onPayroll } : {}),
    ...(u.deactivatedAt !== undefined ? { deactivated: u.deactivatedAt !== null, endDate: u.endDate ? dateToKey(u.endDate) : null } : {}),
    ...(u.employeeNumber !== undefined ? { employeeNumber: u.employeeNumber } : {}),
    ...(u.phone !== undefined ? { phone: u.phone } : {}),
    ...(u.machinePin !== undefined ? { machinePin: u.machinePin } : {}),
    ...(u.divisionId !== undefined ? { divisionId: u.divisionId, divisionName: u.division?.name ?? null } : {}),
  };
}
