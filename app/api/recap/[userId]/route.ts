import { route } from '@/lib/server/http';
import { recapUserParams, recapUserQuery } from '@/features/recap/validation/recap';
import { employeeRecap } from '@/features/recap/server/recap';

/** One employee's month, day by day (the owner, admin, HR): ?month=YYYY-MM */
export const GET = route({ auth: 'user', params: recapUserParams, query: recapUserQuery }, ({ user, params, query }) =>
  employeeRecap(user, params.userId, query.month),
);
