import { route } from '@/lib/server/http';
import { recapUserParams, recapUserQuery } from '@/lib/validation/recap';
import { employeeRecap } from '@/lib/server/services/recap';

/** One employee's month, day by day (the owner, admin, HR): ?month=YYYY-MM */
export const GET = route({ auth: 'user', params: recapUserParams, query: recapUserQuery }, ({ user, params, query }) =>
  employeeRecap(user, params.userId, query.month),
);
