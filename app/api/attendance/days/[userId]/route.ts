import { route } from '@/lib/server/http';
import * as days from '@/features/attendance/server/attendance-days';
import { userIdParam } from '@/features/attendance/validation/attendance';
import { daysQuery } from '@/features/corrections/validation/corrections';

/** The closed days of an employee (docs/daily-close.md): the owner, admin and HR. */
export const GET = route({ auth: 'user', params: userIdParam, query: daysQuery }, ({ user, params, query }) =>
  days.userDays(user, params.userId, query),
);
