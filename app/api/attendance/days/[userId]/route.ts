import { route } from '@/lib/server/http';
import * as days from '@/lib/server/services/attendance-days';
import { userIdParam } from '@/lib/validation/attendance';
import { daysQuery } from '@/lib/validation/corrections';

/** The closed days of an employee (docs/daily-close.md): the owner, admin and HR. */
export const GET = route({ auth: 'user', params: userIdParam, query: daysQuery }, ({ user, params, query }) =>
  days.userDays(user, params.userId, query),
);
